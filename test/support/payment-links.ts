/** Payment-link test helpers: bodies, and a buyer's calls (no key) to a link's checkout. */
import { expect } from "vitest";
import { VALID_CPF } from "./fixtures";

export { cpfOf } from "./fixtures";
import type { Ctx } from "./transactions";

type AppLike = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** A valid POST /v1/payment-links body: a FIXED R$ 49,90 link paid by PIX or card. */
export function linkBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Camiseta Azul",
    description: "Camiseta 100% algodão",
    amountInCents: 4990,
    paymentMethods: ["PIX", "CARD"],
    maxInstallments: 6,
    requireCustomerDocument: false,
    successUrl: "https://loja.example.com/obrigado",
    cancelUrl: "https://loja.example.com/carrinho",
    checkoutConfig: '{"locale":"pt-BR"}',
    ...overrides,
  };
}

/** Creates a link with the seller's key (201) and returns it. */
export async function createLink(ctx: Pick<Ctx, "post">, overrides: Record<string, unknown> = {}) {
  const res = await ctx.post("/v1/payment-links", linkBody(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** A buyer, as the link's page collects it. */
export function linkBuyer(overrides: Record<string, unknown> = {}) {
  return { name: "João Comprador", email: "joao@example.com", documentType: "CPF", documentNumber: VALID_CPF, phone: "11987654321", ...overrides };
}

/** A request with no key, as a buyer's browser sends it. */
export function publicCall(app: AppLike, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Opens a checkout session of `linkId` with no key (201) and returns it, client secret included. */
export async function openSession(app: AppLike, linkId: string) {
  const res = await publicCall(app, "POST", `/v1/payment-links/${linkId}/checkout-sessions`);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Pays `session` with no key; the response. */
export function paySession(app: AppLike, session: { id: string; clientSecret: string }, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return publicCall(app, "POST", `/v1/checkout-sessions/${session.id}/pay`, { clientSecret: session.clientSecret, paymentMethod: "PIX", buyer: linkBuyer(), ...body }, headers);
}

/** Opens a session of `linkId` and pays it by PIX (201); the answer `{session, transaction}`. */
export async function payLinkByPix(app: AppLike, linkId: string, body: Record<string, unknown> = {}) {
  const session = await openSession(app, linkId);
  const res = await paySession(app, session, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}
