/**
 * `<pay-checkout>`'s card flow against stand-ins of `<pay-card-form>` and `<pay-3ds>` (card-fakes.ts):
 * what it hands them, submit() then run(setup), the final state and events, and a stopped attempt.
 */
import { expect } from "@open-wc/testing";
import sinon from "sinon";
import { FakeCardForm, FakeThreeDs, script, SETUP } from "./card-fakes"; // before pay.ts: these definitions win
import "../src/pay";
import type { CheckoutView } from "../src/gateway";
import { cardView, FakeGateway, mountCheckout, PK, record, SECRET, shadow, text, TX, until } from "./support";

const statusOf = (el: Element) => [...shadow(el).querySelectorAll("[part=status] p")].map(text).join(" ");

afterEach(() => {
  sinon.restore();
  script.submitted = 0;
  script.ran = [];
});

describe("<pay-checkout> for a card transaction", () => {
  it("hands the card form and <pay-3ds> the transaction, then pays: submit(), run(setup), paid, pay-success", async () => {
    const success = record(document, "pay-success");
    let finish!: (view: CheckoutView) => void;
    script.run = () => new Promise((resolve) => (finish = resolve));
    const gateway = new FakeGateway(cardView());
    const el = await mountCheckout("en", gateway);
    const form = shadow(el).querySelector<FakeCardForm>("pay-card-form")!;
    const threeds = shadow(el).querySelector<FakeThreeDs>("pay-3ds")!;
    const given = (x: FakeCardForm | FakeThreeDs) => [x.publishableKey, x.transactionId, x.clientSecret, x.paymentMethod, x.amount, x.currency, x.locale];
    expect(given(form)).to.deep.equal([PK, TX, SECRET, "CREDIT_CARD", 1050, "BRL", "en"]);
    expect(given(threeds)).to.deep.equal([PK, TX, SECRET, "CREDIT_CARD", 1050, "BRL", "en"]);
    expect(form.installments).to.equal(1);
    // The form offers no more installments than the seller allowed (the server refuses more).
    expect(form.maxInstallments).to.equal(6);
    expect(shadow(el).querySelector("[part=amount]")!.textContent).to.equal("R$10.50");

    form.installments = 3; // the buyer picks 3 installments: they travel with the confirmation
    form.querySelector("button")!.click();
    await until(() => script.ran.length === 1, "run(setup)");
    expect(script.submitted).to.equal(1);
    expect(threeds.installments).to.equal(3);
    expect(script.ran).to.deep.equal([SETUP]);
    await el.updateComplete;
    expect(statusOf(el)).to.equal("Processing payment…");
    expect(form.disabled).to.equal(true);

    finish(cardView({ status: "PAID", nextAction: null }));
    await until(() => success.length === 1, "pay-success");
    expect(success[0]!.detail).to.deep.equal({ transactionId: TX, status: "PAID" });
    expect(statusOf(el)).to.equal("Payment received Sandbox Shop received your payment of R$10.50. Thank you!");
    expect(shadow(el).querySelector("pay-card-form")).to.equal(null);
    expect(gateway.reads).to.have.length(1); // run()'s view is the final one: no extra read
    success.stop();
  });

  it("shows a decline run() ends with, and fires pay-failed", async () => {
    const failed = record(document, "pay-failed");
    const declined = cardView({ status: "FAILED", nextAction: null, failureCode: "card_declined", failureMessage: "The card was declined. Try another card or payment method." });
    script.run = async () => declined;
    const el = await mountCheckout("pt-BR", new FakeGateway(cardView()));
    shadow(el).querySelector("pay-card-form")!.querySelector("button")!.click();
    await until(() => failed.length === 1, "pay-failed");
    expect(failed[0]!.detail).to.deep.equal({ transactionId: TX, status: "FAILED", failureCode: "card_declined", failureMessage: declined.failureMessage });
    expect(statusOf(el)).to.equal("Pagamento não aprovado O cartão foi recusado. Tente outro cartão ou forma de pagamento.");
    failed.stop();
  });

  it("when the attempt stops (3DS cancelled), reads the view again and keeps the form for another try", async () => {
    script.run = () => Promise.reject(new Error("THREEDS_CANCELLED"));
    const gateway = new FakeGateway(cardView());
    const el = await mountCheckout("en", gateway);
    shadow(el).querySelector("pay-card-form")!.querySelector("button")!.click();
    await until(() => gateway.reads.length === 2, "the second read");
    await el.updateComplete;
    const form = shadow(el).querySelector<FakeCardForm>("pay-card-form")!;
    expect(form.disabled).to.equal(false);
    expect(statusOf(el)).to.equal("");

    script.run = async () => cardView({ status: "PAID", nextAction: null });
    form.querySelector("button")!.click();
    await until(() => statusOf(el).startsWith("Payment received"), "paid");
    expect(script.ran).to.have.length(2);
  });

  it("shows a card transaction that is no longer PENDING as it is, without the form", async () => {
    const el = await mountCheckout("en", new FakeGateway(cardView({ status: "PAID", nextAction: null })));
    expect(statusOf(el)).to.match(/^Payment received/);
    expect(shadow(el).querySelector("pay-card-form")).to.equal(null);
    expect(shadow(el).querySelector("pay-3ds")).to.equal(null);
  });
});
