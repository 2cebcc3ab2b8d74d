/** Helpers for card tests: the 3DS flow over HTTP, driven as a seller's server (or a browser) would. */
import { expect } from "vitest";

type Send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;
type AppLike = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** A card input object for a test number (expiry well in the future). */
export const cardInput = (number: string, extra: Record<string, unknown> = {}) => ({ number, holderName: "MARIA SILVA", expirationMonth: "12", expirationYear: "2030", cvv: number.startsWith("3") && number.length === 15 ? "1234" : "123", ...extra });

/** The authenticate body of the spec, every required field present. */
export function authenticateBody(setup: { requestId: string; referenceId: string }, card: unknown, amount: number, extra: Record<string, unknown> = {}) {
  return {
    requestId: setup.requestId,
    referenceId: setup.referenceId,
    card,
    amount,
    currency: "BRL",
    paymentMethod: "CREDIT_CARD",
    returnUrl: "https://loja.example.com/checkout/3ds-return",
    deviceChannel: "BROWSER",
    deviceInformation: {
      httpBrowserLanguage: "pt-BR",
      httpBrowserScreenHeight: "900",
      httpBrowserScreenWidth: "1440",
      userAgentBrowserValue: "Mozilla/5.0 (X11; Linux x86_64)",
      httpAcceptContent: "text/html",
      // What a 3DS server needs when device data collection did not run (a live server's call).
      httpBrowserColorDepth: "24",
      httpBrowserTimeDifference: "180",
      httpBrowserJavaEnabled: "false",
      ipAddress: "203.0.113.7",
    },
    billing: {
      address1: "Rua das Flores, 10",
      administrativeArea: "SP",
      country: "BR",
      locality: "Sao Paulo",
      firstName: "Maria",
      lastName: "Silva",
      email: "maria@example.com",
      postalCode: "01310100",
    },
    ...extra,
  };
}

/** Submits the challenge page's form with `code`; returns the page's response. */
export async function submitChallenge(app: AppLike, stepUpUrl: string, code: string): Promise<Response> {
  const path = new URL(stepUpUrl).pathname;
  const page = await app.request(path);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<form method="post">');
  return app.request(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ code }).toString() });
}

/**
 * Runs setup → authenticate (→ challenge page with `code` → challenge-result) and returns the
 * `threeDs` object a sale sends, or the last answer when authentication did not succeed.
 */
export async function runThreeDs(send: Send, app: AppLike, card: unknown, amount: number, opts: { code?: string; extra?: Record<string, unknown> } = {}) {
  const setupRes = await send("POST", "/v1/transactions/threeds/setup", { card, ...opts.extra });
  expect(setupRes.status, await setupRes.clone().text()).toBe(200);
  const setup = (await setupRes.json()) as { requestId: string; referenceId: string };
  const secret = opts.extra?.clientSecret ? { clientSecret: opts.extra.clientSecret } : {};
  const authRes = await send("POST", "/v1/transactions/threeds/authenticate", authenticateBody(setup, card, amount, secret));
  expect(authRes.status, await authRes.clone().text()).toBe(200);
  const auth = (await authRes.json()) as Record<string, any>;
  if (auth.code === "AUTHENTICATION_SUCCESSFUL") {
    return { ok: true as const, setup, auth, threeDs: threeDsOf(auth.cavv, auth.xid, auth.directoryServerTransactionId, auth.threeDsServerTransactionId, auth.eci) };
  }
  if (auth.code !== "PENDING_CHALLENGE") return { ok: false as const, setup, auth };
  await submitChallenge(app, auth.stepUpUrl, opts.code ?? "123456");
  const resultRes = await send("POST", "/v1/transactions/threeds/challenge-result", { requestId: setup.requestId, authenticationTransactionId: auth.authenticationTransactionId, ...secret });
  expect(resultRes.status, await resultRes.clone().text()).toBe(200);
  const result = (await resultRes.json()) as Record<string, any>;
  if (result.status !== "AUTHENTICATION_SUCCESSFUL") return { ok: false as const, setup, auth, result };
  return { ok: true as const, setup, auth, result, threeDs: threeDsOf(result.cavv, result.xid, result.directoryServerTransactionId, result.threeDsServerTransactionId, result.eci) };
}

function threeDsOf(cavv: string, xid: string | null, ds: string, server: string, eci: string | null) {
  return { cavv, ...(xid ? { xid } : {}), ...(eci ? { cavvResultCode: eci } : {}), secureVersion: "2.2.0", directoryServerTransactionId: ds, threeDsServerTransactionId: server };
}

type Sender = { send: Send; app: AppLike };

/**
 * Pays `amount` with test card `number` through 3DS as a seller's server does (setup →
 * authenticate → challenge with the sandbox code → sale with `threeDs`), with `card.tokenize:
 * true` for raw card data by default, so a PAID sale leaves a token authenticated for
 * merchant-initiated charges (`opts.card` may name a token instead: `{ cardToken }`).
 * `buyerId` makes the sale (and the token) that buyer's; otherwise the sale carries an inline buyer.
 * Returns the sale's body (`cardToken` on it when tokenized).
 */
export async function payWithThreeDs(ctx: Sender, number: string, opts: { amount?: number; buyerId?: string; tokenize?: boolean; card?: Record<string, unknown> } = {}) {
  const amount = opts.amount ?? 2500;
  const input = opts.card ?? cardInput(number);
  const run = await runThreeDs(ctx.send, ctx.app, input, amount);
  expect(run.ok, JSON.stringify(run)).toBe(true);
  const customer = opts.buyerId ? { buyerId: opts.buyerId } : { buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: "52998224725", email: "maria@example.com" } };
  const res = await ctx.send("POST", "/v1/transactions", {
    paymentMethod: "CREDIT_CARD",
    amount,
    currency: "BRL",
    description: "Pedido 42",
    ...customer,
    card: { ...input, ...((opts.tokenize ?? !("cardToken" in input)) ? { tokenize: true } : {}) },
    threeDs: run.threeDs,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}
