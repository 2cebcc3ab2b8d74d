/**
 * `<pay-link>` against a stubbed gateway, with stand-ins for the card form and 3DS (card-fakes.ts):
 * who sells and a test link's notice on screen; the API's field errors in the buyer's language by
 * code; a declined card on a card-only link paid again at once so the card form stays, while a
 * link with PIX keeps its choice of method.
 */
import { expect, fixture, html } from "@open-wc/testing";
import sinon from "sinon";
import { FakeCardForm, script } from "./card-fakes"; // before pay.ts: these definitions win
import "../src/pay";
import "../src/link/define";
import type { PublicLink } from "../src/link/api";
import type { PayLink } from "../src/link/pay-link";
import type { CheckoutView } from "../src/gateway";
import { cardView, PK, shadow, text, TX, until } from "./support";

const LINK_ID = "5f0c2a1e-1111-4222-8333-944455556666";
const SESSION = { id: "7a0c2a1e-1111-4222-8333-944455556666", status: "OPEN", transactionId: null, successUrl: null, cancelUrl: null, clientSecret: "cs_session" };
const TX2 = "1c6f1c2a-4d3e-4f5a-8b9c-0d1e2f3a4b5c";

function publicLink(overrides: Partial<PublicLink> = {}): PublicLink {
  return {
    id: LINK_ID,
    merchant: { name: "Sandbox Shop", legalName: "Sandbox Seller Ltda", documentType: "CNPJ", document: "11222333000181" },
    name: "Camiseta Azul",
    description: null,
    chargeType: "FIXED",
    amountInCents: 1050,
    minAmountInCents: null,
    maxAmountInCents: null,
    currency: "BRL",
    paymentMethods: ["CREDIT_CARD"],
    maxInstallments: 3,
    requireCustomerDocument: false,
    payable: true,
    unpayableReason: null,
    locale: null,
    livemode: false,
    ...overrides,
  };
}

const json = (status: number, body: unknown) => ({ ok: status < 300, status, statusText: String(status), text: () => Promise.resolve(JSON.stringify(body)) }) as Response;

/** The gateway: the link, a session, each pay (its body and key), and the charges' checkout views. */
function gateway(link: PublicLink, payAnswer?: () => Response) {
  const pays: { body: unknown; key: string | null }[] = [];
  const views: Record<string, CheckoutView> = { [TX]: cardView(), [TX2]: cardView({ id: TX2 }) };
  sinon.stub(window, "fetch").callsFake(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    if (path === `/v1/payment-links/${LINK_ID}`) return json(200, link);
    if (path.endsWith("/checkout-sessions")) return json(201, SESSION);
    if (path.endsWith("/pay")) {
      pays.push({ body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get("Idempotency-Key") });
      if (payAnswer) return payAnswer();
      const id = pays.length === 1 ? TX : TX2;
      return json(200, { session: { ...SESSION, transactionId: id }, transaction: { ...views[id], clientSecret: `secret-${id}`, publishableKey: PK } });
    }
    const tx = /^\/v1\/transactions\/([^/]+)\/checkout$/.exec(path)?.[1];
    if (tx && views[tx]) return json(200, views[tx]);
    return json(404, { code: "RESOURCE_NOT_FOUND", detail: "no" });
  });
  return { pays };
}

async function mount(): Promise<PayLink> {
  const el = await fixture<PayLink>(html`<pay-link payment-link=${LINK_ID} locale="pt-BR"></pay-link>`);
  await until(() => shadow(el).querySelector("form"), "the form");
  return el;
}

/** Fills the buyer's details and presses Continue. */
async function submit(el: PayLink, name = "João Comprador"): Promise<void> {
  const field = (n: string) => shadow(el).querySelector<HTMLInputElement>(`input[name="${n}"]`)!;
  field("name").value = name;
  field("email").value = "joao@example.com";
  shadow(el).querySelector<HTMLButtonElement>('[part="submit-button"]')!.click();
}

const buttons = (el: PayLink) => [...shadow(el).querySelectorAll("button")].map(text);

afterEach(() => {
  sinon.restore();
  sessionStorage.clear();
  script.run = () => Promise.reject(new Error("no run scripted"));
});

describe("<pay-link>", () => {
  it("names who sells (legal name, CNPJ) and says a test link charges nothing; a live link has no notice", async () => {
    gateway(publicLink());
    const el = await mount();
    expect(text(shadow(el).querySelector('[part="seller"]'))).to.equal("Vendido por Sandbox Seller Ltda · CNPJ 11.222.333/0001-81");
    expect(text(shadow(el).querySelector('[part="test-notice"]'))).to.match(/^Modo de teste: .*Nada é cobrado/);
    sinon.restore();
    sessionStorage.clear();
    gateway(publicLink({ livemode: true, merchant: { name: "Maria", legalName: "Maria Doceira", documentType: "CPF", document: "***.982.247-**" } }));
    const live = await mount();
    expect(shadow(live).querySelector('[part="test-notice"]')).to.equal(null);
    expect(text(shadow(live).querySelector('[part="seller"]'))).to.equal("Vendido por Maria Doceira · CPF ***.982.247-**");
  });

  it("shows the API's field errors by code in Portuguese, never its English message", async () => {
    const problem = { code: "INVALID_DATA", detail: "Invalid value for buyer.name: at most 200 characters", errors: [{ path: "buyer.name", in: "body", code: "too_big", message: "at most 200 characters" }] };
    const { pays } = gateway(publicLink(), () => json(422, problem));
    const el = await mount();
    await submit(el, "J".repeat(201));
    await until(() => shadow(el).querySelector("#name-error"), "the name's error");
    expect(pays).to.have.length(1);
    expect(text(shadow(el).querySelector("#name-error"))).to.equal("Informe seu nome completo, com até 200 caracteres e sem quebras de linha.");
    expect(shadow(el).textContent).not.to.contain("at most 200");
  });

  it("a card-only link's decline: paid again at once with a new key, the card form stays under the bank's reason", async () => {
    const { pays } = gateway(publicLink());
    const el = await mount();
    await submit(el);
    const checkout = await until(() => shadow(el).querySelector("pay-checkout"), "the charge's checkout");
    const form = await until(() => shadow(checkout).querySelector<FakeCardForm>("pay-card-form"), "the card form");
    script.run = async () => cardView({ status: "FAILED", nextAction: null, failureCode: "insufficient_funds", failureMessage: "Insufficient funds." });
    form.querySelector("button")!.click();
    await until(() => pays.length === 2, "the second pay");
    expect(pays[1]!.body).to.deep.equal(pays[0]!.body);
    expect(pays[1]!.key).to.not.equal(pays[0]!.key);
    await until(() => shadow(el).querySelector("pay-checkout")?.getAttribute("transaction-id") === TX2, "the next charge");
    await until(() => shadow(shadow(el).querySelector("pay-checkout")!).querySelector("pay-card-form"), "the next card form");
    expect(text(shadow(el).querySelector('[part="alert"]'))).to.equal("O cartão não tem saldo suficiente. Tente outro cartão ou forma de pagamento.");
    expect(buttons(el)).to.deep.equal(["Alterar seus dados"]);
  });

  it("a link with PIX keeps its choice of method after a decline: no second charge", async () => {
    const { pays } = gateway(publicLink({ paymentMethods: ["CREDIT_CARD", "PIX"] }));
    const el = await mount();
    await submit(el);
    const checkout = await until(() => shadow(el).querySelector("pay-checkout"), "the charge's checkout");
    const form = await until(() => shadow(checkout).querySelector<FakeCardForm>("pay-card-form"), "the card form");
    script.run = async () => cardView({ status: "FAILED", nextAction: null, failureCode: "card_declined", failureMessage: "Declined." });
    form.querySelector("button")!.click();
    await until(() => buttons(el).includes("Escolher outra forma de pagamento"), "the choice of method");
    expect(pays).to.have.length(1);
  });
});
