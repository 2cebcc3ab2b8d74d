/**
 * A typed client of the Rede simulator's control API (`/__sim/…`, README.md), for tests and for
 * the CLI: fail or lose the next answers, expire tokens, and read what the simulator did.
 */
import type { SimOperation, SimRequest } from "./server";
import type { SimRefund } from "./views";

/** A sale as `GET /__sim/transactions` shows it (card masked). */
export interface SimSaleView {
  tid: string;
  reference: string;
  amount: number;
  installments: number;
  status: "Approved" | "Denied" | "Pending";
  returnCode: string;
  cardNumber: string;
  cardHolderName: string | null;
  subscription: boolean;
  storageCard: number | null;
  threeDSecure: Record<string, unknown> | null;
  capture: { amount: number } | null;
  refunds: SimRefund[];
}

/** The control API of the simulator whose `controlUrl` is given. */
export function redeSimulatorControl(controlUrl: string) {
  const call = async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${controlUrl}${path}`, {
      method,
      ...(body !== undefined && { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} /__sim${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    /**
     * The next `count` requests of `operation` fail with `status` (503): `before` doing anything,
     * `after` doing it (the answer is lost), or `hang`: done, and never answered.
     */
    failNext: (operation: SimOperation, mode: "before" | "after" | "hang" = "before", count = 1, status = 503) =>
      call<{ ok: true }>("POST", "/fail-next", { operation, mode, count, status }),
    /** Every token issued so far is expired from now on. */
    expireTokens: () => call<{ ok: true }>("POST", "/tokens/expire"),
    /** Forgets sales, refunds, requests and fault rules (tokens stay valid). */
    reset: () => call<{ ok: true }>("POST", "/reset"),
    transactions: () => call<SimSaleView[]>("GET", "/transactions"),
    refunds: () => call<(SimRefund & { tid: string; reference: string })[]>("GET", "/refunds"),
    requests: () => call<SimRequest[]>("GET", "/requests"),
  };
}

/** The control client's type. */
export type RedeSimulatorControl = ReturnType<typeof redeSimulatorControl>;
