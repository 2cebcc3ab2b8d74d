/**
 * `<pay-checkout>` against a fake gateway (stubbed fetch): what it reads and with which keys,
 * amounts in each language, locale switching, its public events and their `detail`, every final
 * state, the error states, and living inside another component's shadow root.
 */
import { expect, fixture, html } from "@open-wc/testing";
import sinon from "sinon";
import type { CheckoutView } from "../src/gateway";
import { formatAmount, formatCountdown } from "../src/locale";
import "../src/pay";
import type { PayCheckout } from "../src/pay-checkout";
import { cardView, FakeGateway, mountCheckout, PK, pixOf, pixView, record, SECRET, shadow, text, TX, until } from "./support";

const NBSP = "\u00a0";

/** The live region's words: its title and detail paragraphs. */
const statusOf = (el: Element) => [...shadow(el).querySelectorAll("[part=status] p")].map(text).join(" ");

afterEach(() => {
  sinon.restore();
  document.documentElement.lang = "";
});

describe("amounts", () => {
  it("formats minor units with Intl.NumberFormat in pt-BR and en", () => {
    expect(formatAmount(1050, "BRL", "pt-BR")).to.equal(`R$${NBSP}10,50`);
    expect(formatAmount(1050, "BRL", "en")).to.equal("R$10.50");
    expect(formatAmount(123456789, "BRL", "pt-BR")).to.equal(`R$${NBSP}1.234.567,89`);
    expect(formatAmount(123456, "USD", "en")).to.equal("$1,234.56");
    expect(formatAmount(5, "BRL", "en")).to.equal("R$0.05");
    // A currency's ISO 4217 exponent decides: none for JPY, three for KWD and IQD (Intl alone says 0 for IQD).
    expect(formatAmount(500, "JPY", "en")).to.equal("¥500");
    expect(formatAmount(150000, "JPY", "en")).to.equal("¥150,000");
    expect(formatAmount(1500, "KWD", "en")).to.equal(`KWD${NBSP}1.500`);
    expect(formatAmount(1000, "IQD", "en")).to.equal(`IQD${NBSP}1.000`);
    // An invalid code (Intl throws) still shows something readable.
    expect(formatAmount(1050, "X!", "en")).to.equal("10.50 X!");
  });

  it("writes time left as mm:ss, h:mm:ss from an hour, rounding up and never negative", () => {
    expect(formatCountdown(15 * 60_000)).to.equal("15:00");
    expect(formatCountdown(61_001)).to.equal("01:02");
    expect(formatCountdown(999)).to.equal("00:01");
    expect(formatCountdown(0)).to.equal("00:00");
    expect(formatCountdown(-5_000)).to.equal("00:00");
    expect(formatCountdown(3_600_000)).to.equal("1:00:00");
    expect(formatCountdown(86_399_000)).to.equal("23:59:59");
  });
});

describe("<pay-checkout>", () => {
  it("reads the checkout view with the publishable key and the client secret, and shows merchant, amount and description", async () => {
    const gateway = new FakeGateway(pixView());
    const el = await mountCheckout("pt-BR", gateway);
    const [read] = gateway.reads;
    expect(read!.headers.get("X-Api-Key")).to.equal(PK);
    expect(read!.headers.get("X-Client-Secret")).to.equal(SECRET);
    expect(read!.url).to.equal(`${location.origin}/v1/transactions/${TX}/checkout`); // the origin pay.js came from
    expect(text(shadow(el).querySelector("[part=merchant]"))).to.equal("Sandbox Shop");
    expect(shadow(el).querySelector("[part=amount]")!.textContent).to.equal(`R$${NBSP}10,50`);
    expect(text(shadow(el).querySelector("[part=description]"))).to.equal("Pedido 42");
    expect(statusOf(el)).to.equal("Aguardando pagamento");
    const region = shadow(el).querySelector("[part=status]")!;
    expect(region.getAttribute("aria-live")).to.equal("polite");
    expect(region.getAttribute("role")).to.equal("status");
  });

  it("switches language when the locale attribute changes, down into <pay-pix>", async () => {
    const gateway = new FakeGateway(pixView());
    const el = await mountCheckout("en", gateway);
    let pix = await pixOf(el);
    const base = shadow(el).querySelector("[part=base]")!;
    expect(base.getAttribute("aria-label")).to.equal("Payment");
    expect(base.getAttribute("lang")).to.equal("en");
    expect(shadow(el).querySelector("[part=amount]")!.textContent).to.equal("R$10.50");
    expect(statusOf(el)).to.equal("Waiting for payment");
    expect(text(shadow(pix).querySelector("[part=copy-button]"))).to.equal("Copy code");
    expect(text(shadow(pix).querySelector("[part=code-label]"))).to.equal("PIX copy-and-paste code");
    expect(shadow(pix).querySelector("svg")!.getAttribute("aria-label")).to.equal("PIX QR code to pay R$10.50");

    el.setAttribute("locale", "pt-BR");
    await el.updateComplete;
    pix = await pixOf(el);
    expect(base.getAttribute("aria-label")).to.equal("Pagamento");
    expect(base.getAttribute("lang")).to.equal("pt-BR");
    expect(shadow(el).querySelector("[part=amount]")!.textContent).to.equal(`R$${NBSP}10,50`);
    expect(statusOf(el)).to.equal("Aguardando pagamento");
    expect(text(shadow(pix).querySelector("[part=copy-button]"))).to.equal("Copiar código");
    expect(text(shadow(pix).querySelector("[part=code-label]"))).to.equal("Código PIX copia e cola");
    expect(text(shadow(pix).querySelector("[part=countdown]"))).to.match(/^Tempo para pagar: \d\d:\d\d$/);
    expect(shadow(pix).querySelector("svg")!.getAttribute("aria-label")).to.equal(`QR code PIX para pagar R$${NBSP}10,50`);
    expect(gateway.reads).to.have.length(1); // a language change is not a new read
  });

  it("takes the page's <html lang> without a locale attribute, and en for an unknown one", async () => {
    document.documentElement.lang = "pt-BR";
    const el = await mountCheckout(undefined, new FakeGateway(pixView()));
    expect(statusOf(el)).to.equal("Aguardando pagamento");
    el.setAttribute("locale", "fr");
    await el.updateComplete;
    expect(statusOf(el)).to.equal("Aguardando pagamento"); // fr is not spoken: the page's language
    document.documentElement.lang = "de";
    el.setAttribute("locale", "xx");
    await el.updateComplete;
    expect(statusOf(el)).to.equal("Waiting for payment");
  });

  it("fires pay-ready then pay-status once loaded, bubbling and composed, with the transaction id and status", async () => {
    const ready = record(document, "pay-ready");
    const status = record(document, "pay-status");
    await mountCheckout("en", new FakeGateway(pixView()));
    expect(ready).to.deep.equal([{ detail: { transactionId: TX, status: "PENDING" }, bubbles: true, composed: true }]);
    expect(status).to.deep.equal([{ detail: { transactionId: TX, status: "PENDING" }, bubbles: true, composed: true }]);
    ready.stop();
    status.stop();
  });

  it("shows a paid transaction as paid and fires pay-success", async () => {
    const success = record(document, "pay-success");
    const failed = record(document, "pay-failed");
    const el = await mountCheckout("en", new FakeGateway(pixView({ status: "PAID", paidAt: new Date(0).toISOString() })));
    expect(statusOf(el)).to.equal(`Payment received Sandbox Shop received your payment of R$10.50. Thank you!`);
    expect(shadow(el).querySelector("pay-pix")).to.equal(null);
    expect(success.map((e) => e.detail)).to.deep.equal([{ transactionId: TX, status: "PAID" }]);
    expect(failed).to.deep.equal([]);
    success.stop();
    failed.stop();
  });

  it("shows a failed card payment with the buyer-safe reason, in the buyer's language, and fires pay-failed with it", async () => {
    const failed = record(document, "pay-failed");
    const message = "The card has insufficient funds. Try another card or payment method.";
    const view = cardView({ status: "FAILED", nextAction: null, failureCode: "insufficient_funds", failureMessage: message });
    const el = await mountCheckout("pt-BR", new FakeGateway(view));
    expect(statusOf(el)).to.equal("Pagamento não aprovado O cartão não tem saldo suficiente. Tente outro cartão ou forma de pagamento.");
    expect(shadow(el).querySelector("[part=status]")!.classList.contains("failed")).to.equal(true);
    expect(shadow(el).querySelector("pay-card-form")).to.equal(null);
    expect(failed.map((e) => e.detail)).to.deep.equal([{ transactionId: TX, status: "FAILED", failureCode: "insufficient_funds", failureMessage: message }]);
    el.setAttribute("locale", "en");
    await el.updateComplete;
    expect(statusOf(el)).to.equal(`Payment not approved ${message}`);
    failed.stop();
  });

  it("shows the final states: cancelled, expired, refunded, refund pending", async () => {
    const cases: [Partial<CheckoutView>, string][] = [
      [{ status: "CANCELLED", cancellationReason: "REQUESTED" }, "Payment cancelled This payment was cancelled by the seller. Nothing was charged."],
      [{ status: "CANCELLED", cancellationReason: "EXPIRED" }, "Payment expired The time to pay this PIX code is over. Ask the seller for a new one."],
      [{ status: "REFUNDED", refundedAmount: 1050 }, "Payment refunded R$10.50 was returned to you."],
      [{ status: "REFUND_PENDING" }, "Refund in progress The seller is returning this payment to you."],
    ];
    for (const [overrides, expected] of cases) {
      const failed = record(document, "pay-failed");
      const el = await mountCheckout("en", new FakeGateway(pixView(overrides)));
      expect(statusOf(el), overrides.status).to.equal(expected);
      expect(shadow(el).querySelector("pay-pix"), overrides.status).to.equal(null);
      // pay-failed for a cancellation (an expired PIX included), not for a refund.
      const cancelled = overrides.status === "CANCELLED";
      expect(failed.map((e) => e.detail), overrides.status).to.deep.equal(
        cancelled ? [{ transactionId: TX, status: "CANCELLED", failureCode: null, failureMessage: null }] : [],
      );
      failed.stop();
      el.remove();
      sinon.restore();
    }
  });

  it("says clearly when the secret is wrong (404), and fires no event", async () => {
    const ready = record(document, "pay-ready");
    const el = await mountCheckout("en", new FakeGateway({ problem: 404 }));
    expect(statusOf(el)).to.equal("Payment unavailable This payment was not found. Check the link, or ask the seller for a new one.");
    expect(shadow(el).querySelector("[part=summary]")).to.equal(null);
    expect(text(shadow(el).querySelector("[part=retry-button]"))).to.equal("Try again");
    expect(ready).to.deep.equal([]);
    ready.stop();
  });

  it("says so when the gateway cannot be reached, and Try again loads the payment", async () => {
    const ready = record(document, "pay-ready");
    const gateway = new FakeGateway("offline", pixView());
    const el = await mountCheckout("pt-BR", gateway);
    expect(statusOf(el)).to.equal("Pagamento indisponível Não foi possível falar com o serviço de pagamento. Verifique sua conexão e tente de novo.");
    shadow(el).querySelector<HTMLButtonElement>("[part=retry-button]")!.click();
    await until(() => shadow(el).querySelector("pay-pix"), "the PIX view after a retry");
    expect(gateway.reads).to.have.length(2);
    expect(statusOf(el)).to.equal("Aguardando pagamento");
    expect(shadow(el).querySelector("[part=retry-button]")).to.equal(null);
    expect(ready.map((e) => e.detail)).to.deep.equal([{ transactionId: TX, status: "PENDING" }]);
    ready.stop();
  });

  it("waits, showing only its region and the seller's content, until all three attributes are set", async () => {
    const gateway = new FakeGateway(pixView());
    const el = await fixture<PayCheckout>(html`<pay-checkout locale="en" publishable-key=${PK}><p>Order 42</p></pay-checkout>`);
    expect(gateway.reads).to.have.length(0);
    expect(shadow(el).querySelector("[part=status]")).to.equal(null);
    expect(shadow(el).querySelector("slot")!.assignedElements().map((e) => e.textContent)).to.deep.equal(["Order 42"]);
    el.setAttribute("transaction-id", TX);
    el.setAttribute("client-secret", SECRET);
    await until(() => shadow(el).querySelector("pay-pix"), "the PIX view");
    expect(gateway.reads).to.have.length(1);
  });

  it("works inside another component's shadow root: it renders, and its events reach the page", async () => {
    const gateway = new FakeGateway(pixView({ status: "PAID" }));
    const ready = record(document, "pay-ready");
    const success = record(document, "pay-success");
    if (!customElements.get("shop-cart")) {
      customElements.define(
        "shop-cart",
        class extends HTMLElement {
          constructor() {
            super();
            const checkout = document.createElement("pay-checkout");
            Object.entries({ "publishable-key": PK, "transaction-id": TX, "client-secret": SECRET, locale: "en" }).forEach(([k, v]) => checkout.setAttribute(k, v));
            this.attachShadow({ mode: "open" }).append(checkout);
          }
        },
      );
    }
    const cart = await fixture(html`<shop-cart></shop-cart>`);
    const checkout = cart.shadowRoot!.querySelector("pay-checkout")!;
    await until(() => success.length > 0, "pay-success at the document");
    expect(statusOf(checkout)).to.match(/^Payment received/);
    expect(ready.map((e) => e.detail)).to.deep.equal([{ transactionId: TX, status: "PAID" }]);
    expect(gateway.reads).to.have.length(1);
    ready.stop();
    success.stop();
  });
});
