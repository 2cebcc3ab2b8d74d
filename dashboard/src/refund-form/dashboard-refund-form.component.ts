/**
 * `<dashboard-refund-form>`: refunds part or all of a payment
 * (`POST /dashboard/api/payments/{id}/refunds?mode=` with `{amount, reason}`). The amount is typed
 * in reais ("12,50") and sent in cents; it must be above zero and at most what is left to refund.
 * The reason is optional (at most 200 characters, trimmed; the server keeps it with the refund).
 * Before anything is sent, a dialog names the amount and the buyer ("Reembolsar R$ 12,34 para
 * Maria?"): "Cancelar" sends nothing. Each submission has its own `Idempotency-Key`
 * (`newIdempotencyKey()`); submitting the same amount and reason again after a failure is a retry
 * of that submission and sends the same key, so a refund whose answer was lost is never made
 * twice. The API's problem `detail` is shown on a refusal.
 *
 * Properties: `payment` (the Transaction), `mode`, `refundable` (what is left, in cents).
 *
 * @event dashboard-refunded - The refund was accepted: `detail.refundId`.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart base - The form's section.
 * @csspart amount-input - The amount.
 * @csspart reason-input - The reason.
 * @csspart refund-button - Refund.
 * @csspart alert - Why the refund was refused.
 */
import { html, nothing } from "lit";
import { property, query, state } from "lit/decorators.js";
import { refundPayment } from "../api/endpoints";
import type { Mode, Transaction } from "../api/types";
import type { DashboardConfirmDialog } from "../confirm-dialog/dashboard-confirm-dialog";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { money, parseAmount } from "../format";
import { refundFormStyles } from "./dashboard-refund-form.styles";
import { newIdempotencyKey } from "../../../shared/idempotency-key";

/** The longest reason the API keeps. */
const REASON_MAX = 200;

/** The refund form, `<dashboard-refund-form>`. */
export class DashboardRefundForm extends DashboardElement {
  static override styles = refundFormStyles;

  @property({ attribute: false }) payment?: Transaction;
  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) refundable = 0;

  @state() private busy = false;
  @state() private fieldError?: string;
  @state() private reasonError?: string;
  @state() private alert?: string;
  @state() private done?: string;
  @query("dashboard-confirm-dialog") private confirm!: DashboardConfirmDialog;
  /** The last submission not known to have succeeded: what it asked and its Idempotency-Key. */
  private attempt?: { amount: number; reason: string; key: string };

  private submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const tx = this.payment;
    if (!tx || this.busy) return;
    const form = e.target as HTMLFormElement;
    const input = form.elements.namedItem("amount") as HTMLInputElement;
    const reasonInput = form.elements.namedItem("reason") as HTMLTextAreaElement;
    const amount = parseAmount(input.value);
    const reason = reasonInput.value.trim();
    this.done = this.alert = this.fieldError = this.reasonError = undefined;
    if (amount === null || amount <= 0 || amount > this.refundable) {
      this.fieldError = this.s.invalidRefundAmount(money(this.refundable, tx.currency));
      input.focus();
      return;
    }
    if (reason.length > REASON_MAX) {
      this.reasonError = this.s.refundFlow.reasonTooLong;
      reasonInput.focus();
      return;
    }
    const t = this.s.refundFlow;
    if (!(await this.confirm.ask(t.confirmQuestion(money(amount, tx.currency), tx.customer.name), t.confirmAction))) return;
    if (this.attempt?.amount !== amount || this.attempt.reason !== reason) this.attempt = { amount, reason, key: newIdempotencyKey() };
    this.busy = true;
    try {
      const refund = await refundPayment(tx.id, this.mode, amount, reason || undefined, this.attempt.key);
      this.attempt = undefined;
      form.reset();
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
    const t = s.refundFlow;
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
        <div class="field">
          <label for="reason">${t.reason}</label>
          <textarea part="reason-input" id="reason" name="reason" rows="2" maxlength=${REASON_MAX}
            aria-describedby=${this.reasonError ? "reason-hint reason-error" : "reason-hint"} aria-invalid=${this.reasonError ? "true" : "false"}></textarea>
          <p id="reason-hint" class="muted">${t.reasonHint}</p>
          ${this.reasonError ? html`<p id="reason-error" class="error">${this.reasonError}</p>` : nothing}
        </div>
        <button part="refund-button" type="submit" ?disabled=${this.busy}>${s.refund}</button>
      </form>
      <div aria-live="polite">
        ${this.busy ? html`<p>${s.refunding}</p>` : nothing}
        ${this.done ? html`<p class="notice">${this.done}</p>` : nothing}
      </div>
      ${this.alert ? html`<p part="alert" class="alert" role="alert">${this.alert}</p>` : nothing}
      <dashboard-confirm-dialog></dashboard-confirm-dialog>
    </section>`;
  }
}
