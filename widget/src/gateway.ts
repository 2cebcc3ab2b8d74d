/**
 * The gateway the widget talks to: the origin pay.js itself was loaded from, so a seller's page
 * needs only the script tag (and its CSP names that one origin for scripts, frames and fetches).
 * Every call carries the publishable key; a transaction's calls also carry its client secret.
 */
import type { CheckoutView } from "../../shared/checkout";

/** The gateway's origin (`https://pay.example.com`), from this module's own URL. */
export const GATEWAY_ORIGIN: string = new URL(import.meta.url).origin;

/** The buyer-safe view of a transaction: the API's own type (shared/checkout.ts). */
export type { CheckoutView };

/** setup's answer (POST /v1/transactions/threeds/setup). */
export interface SetupResult {
  code: string;
  accessToken: string;
  deviceDataCollectionUrl: string;
  referenceId: string;
  requestId: string;
  cardAcquirer: string;
}

/** Who is paying what: the three values a seller's page hands the widget. */
export interface PaymentContext {
  publishableKey: string;
  transactionId: string;
  clientSecret: string;
}

/** A problem+json answer, thrown as an error the components can show (`code`, field `errors`). */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    /** The problem's field errors: `code` is one of docs/errors.md's field codes; `message` is the API's English. */
    readonly errors: { path: string; code: string; message: string }[] = [],
  ) {
    super(detail);
  }
}

/**
 * Calls the gateway with `headers`; resolves with the JSON answer, or throws a GatewayError for
 * any other status than 2xx. Never sends cookies, never cached.
 */
export async function callGateway<T>(path: string, headers: Record<string, string>, init: { method?: "GET" | "POST"; body?: unknown } = {}): Promise<T> {
  const sent = init.body === undefined ? headers : { ...headers, "Content-Type": "application/json" };
  const res = await fetch(`${GATEWAY_ORIGIN}${path}`, {
    method: init.method ?? "GET",
    headers: sent,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "omit",
    cache: "no-store",
  });
  const text = await res.text();
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!res.ok) {
    throw new GatewayError(res.status, String(json.code ?? "NETWORK_ERROR"), String(json.detail ?? res.statusText), (json.errors as GatewayError["errors"]) ?? []);
  }
  return json as T;
}

/** Calls the gateway for a transaction: with the publishable key, and its client secret header when asked. */
export function gatewayFetch<T>(path: string, ctx: PaymentContext, init: { method?: "GET" | "POST"; body?: unknown; secretHeader?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { "X-Api-Key": ctx.publishableKey };
  if (init.secretHeader) headers["X-Client-Secret"] = ctx.clientSecret;
  return callGateway<T>(path, headers, init);
}

/** The transaction's buyer-safe view. */
export function readCheckout(ctx: PaymentContext): Promise<CheckoutView> {
  return gatewayFetch<CheckoutView>(`/v1/transactions/${encodeURIComponent(ctx.transactionId)}/checkout`, ctx, { secretHeader: true });
}
