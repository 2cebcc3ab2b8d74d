/**
 * `<dashboard-refund-form>`: refunds part or all of a payment
 * (`POST /dashboard/api/payments/{id}/refunds?mode=` with `{amount}`). The amount is typed in
 * reais ("12,50") and sent in cents; it must be above zero and at most what is left to refund.
 * Each submission has its own `Idempotency-Key` (`newIdempotencyKey()`); submitting the same
 * amount again after a failure is a retry of that submission and sends the same key, so a refund
 * whose answer was lost is never made twice. The API's problem `detail` is shown on a refusal.
 *
 * Properties: `payment` (the Transaction), `mode`, `refundable` (what is left, in cents).
 *
 * @event dashboard-refunded - The refund was accepted: `detail.refundId`.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart base - The form's section.
 * @csspart amount-input - The amount.
 * @csspart refund-button - Refund.
 * @csspart alert - Why the refund was refused.
 */
import { html, nothing } from "lit";
import { property, state } from "lit/decorators.js";
import { refundPayment } from "../api/endpoints";
import type { Mode, Transaction } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { money, parseAmount } from "../format";
import { refundFormStyles } from "./dashboard-refund-form.styles";
import { newIdempotencyKey } from "../../../shared/idempotency-key";

/** The refund form, `<dashboard-refund-form>`. */
export class DashboardRefundForm extends DashboardElement {
  static override styles = refundFormStyles;

  @property({ attribute: false }) payment?: Transaction;
  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) refundable = 0;

  @state() private busy = false;
  @state() private fieldError?: string;
  @state() private alert?: string;
  @state() private done?: string;
  /** The last submission not known to have succeeded: its amount and Idempotency-Key. */
  private attempt?: { amount: number; key: string };

  private submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const tx = this.payment;
    if (!tx || this.busy) return;
    const input = (e.target as HTMLFormElement).elements.namedItem("amount") as HTMLInputElement;
    const amount = parseAmount(input.value);
    const max = money(this.refundable, tx.currency);
    this.done = this.alert = this.fieldError = undefined;
    if (amount === null || amount <= 0 || amount > this.refundable) {
      this.fieldError = this.s.invalidRefundAmount(max);
      input.focus();
      return;
    }
    if (this.attempt?.amount !== amount) this.attempt = { amount, key: newIdempotencyKey() };
    this.busy = true;
    try {
      const refund = await refundPayment(tx.id, this.mode, amount, this.attempt.key);
      this.attempt = undefined;
      input.value = "";
      this.done = this.s.refundDone(money(refund.amount, tx.currency));
      emit(this, "dashboard-refunded", { refundId: refund.id });
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  };

  override render() {
    const s = this.s;
    const tx = this.payment;
    if (!tx) return nothing;
    const described = this.fieldError ? "amount-hint amount-error" : "amount-hint";
    return html`<section part="base" class="refund" aria-labelledby="refund-title">
      <h2 id="refund-title">${s.refundTitle}</h2>
      <form novalidate @submit=${this.submit}>
        <div class="field">
          <label for="amount">${s.refundAmount}</label>
          <input part="amount-input" id="amount" name="amount" type="text" inputmode="decimal" autocomplete="off" required
            aria-describedby=${described} aria-invalid=${this.fieldError ? "true" : "false"} />
          <p id="amount-hint" class="muted">${s.refundHint(money(this.refundable, tx.currency))}</p>
          ${this.fieldError ? html`<p id="amount-error" class="error">${this.fieldError}</p>` : nothing}
        </div>
        <button part="refund-button" type="submit" ?disabled=${this.busy}>${s.refund}</button>
      </form>
      <div aria-live="polite">
        ${this.busy ? html`<p>${s.refunding}</p>` : nothing}
        ${this.done ? html`<p class="notice">${this.done}</p>` : nothing}
      </div>
      ${this.alert ? html`<p part="alert" class="alert" role="alert">${this.alert}</p>` : nothing}
    </section>`;
  }
}
