/**
 * Stand-ins for `<pay-card-form>` and `<pay-3ds>` that keep to their contracts (docs/widget.md):
 * the form's pay button fires `pay-card-submit` and `submit()` resolves with setup's answer;
 * `run(setup)` resolves with the final checkout view. Imported BEFORE widget/src/pay.ts, so these
 * definitions win (pay.ts defines a tag only when it is still free): the checkout's card flow is
 * tested on its own, without the gateway's card frame or a 3DS server.
 */
import type { CheckoutView, SetupResult } from "../src/gateway";

export const SETUP: SetupResult = {
  code: "SETUP_OK",
  accessToken: "token",
  deviceDataCollectionUrl: "http://127.0.0.1:8787/threeds/device-data/x",
  referenceId: "ref-1",
  requestId: "req-1",
  cardAcquirer: "sandbox-alpha",
};

/** What the next run() does, and what the fakes saw. */
export const script: {
  run: (setup?: SetupResult) => Promise<CheckoutView>;
  submitted: number;
  ran: (SetupResult | undefined)[];
} = { run: () => Promise.reject(new Error("no run scripted")), submitted: 0, ran: [] };

/** The properties both elements take from the checkout. */
class PaymentProps extends HTMLElement {
  publishableKey = "";
  transactionId = "";
  clientSecret = "";
  paymentMethod = "";
  amount = 0;
  currency = "";
  locale?: string;
}

export class FakeCardForm extends PaymentProps {
  installments = 1;
  maxInstallments?: number;
  disabled = false;

  connectedCallback(): void {
    if (this.firstChild) return;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Pay";
    button.addEventListener("click", () => this.dispatchEvent(new CustomEvent("pay-card-submit", { detail: { installments: this.installments }, bubbles: true, composed: true })));
    this.append(button);
  }

  async submit(): Promise<SetupResult> {
    script.submitted++;
    return SETUP;
  }
}

export class FakeThreeDs extends PaymentProps {
  installments?: number;
  run(setup?: SetupResult): Promise<CheckoutView> {
    script.ran.push(setup);
    return script.run(setup);
  }
}

customElements.define("pay-card-form", FakeCardForm);
customElements.define("pay-3ds", FakeThreeDs);
