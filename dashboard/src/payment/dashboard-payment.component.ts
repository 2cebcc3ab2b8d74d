/**
 * `<dashboard-payment>`: one payment, `/dashboard/payments/{id}` (`GET /dashboard/api/payments/{id}`
 * in the current mode): its amount and status, its fields, its refunds, and, for a member who may
 * refund (`canRefund`: the `payments.refund` permission) a PAID or REFUND_PENDING payment with
 * something left to refund, the refund form; then its timeline (`<dashboard-timeline>`: events and
 * webhook deliveries). A refund made reads the payment again, and so its timeline.
 *
 * Properties: `paymentId`, `mode`, `canRefund`.
 *
 * @event dashboard-navigate - The link back to the list was followed.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart details - The payment's fields.
 * @csspart refunds - The refunds' section.
 * @csspart refund-form - The `<dashboard-refund-form>`.
 * @csspart timeline - The `<dashboard-timeline>`.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { DashboardApiError } from "../api/client";
import { readPayment } from "../api/endpoints";
import type { Mode, Transaction } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { money } from "../format";
import { PATHS } from "../routing/routes";
import { paymentStyles } from "./dashboard-payment.styles";
import { paymentFields, refundable, refundsTable } from "./payment-details";

/** One payment's page, `<dashboard-payment>`. */
export class DashboardPayment extends DashboardElement {
  static override styles = paymentStyles;

  @property({ attribute: false }) paymentId = "";
  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) canRefund = false;

  @state() private payment?: Transaction;
  @state() private alert?: string;
  @state() private busy = true;
  private loads = 0;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("paymentId") || changed.has("mode")) void this.load();
  }

  private load = async (): Promise<void> => {
    const load = ++this.loads;
    this.busy = true;
    try {
      const payment = await readPayment(this.paymentId, this.mode);
      if (load !== this.loads) return;
      this.payment = payment;
      this.alert = undefined;
    } catch (err) {
      if (load !== this.loads) return;
      this.payment = undefined;
      this.alert = err instanceof DashboardApiError && err.status === 404 ? this.s.paymentNotFound : this.messageOf(err) || undefined;
    } finally {
      if (load === this.loads) this.busy = false;
    }
  };

  private renderPayment(tx: Transaction) {
    const s = this.s;
    const left = refundable(tx);
    const mayRefund = this.canRefund && (tx.status === "PAID" || tx.status === "REFUND_PENDING") && left > 0;
    return html`<h1>${s.paymentTitle(money(tx.amount, tx.currency))}</h1>
      <p class="summary">
        <span class="badge ${tx.status}">${s.statuses[tx.status] ?? tx.status}</span>
        <span>${s.methods[tx.paymentMethod] ?? tx.paymentMethod}</span>
        <span class="muted">${tx.livemode ? s.liveData : s.testData}</span>
      </p>
      <dl part="details">${paymentFields(tx, s)}</dl>
      <section part="refunds" aria-labelledby="refunds-title">
        <h2 id="refunds-title">${s.refunds}</h2>
        ${tx.refunds.length === 0 ? html`<p>${s.noRefunds}</p>` : refundsTable(tx, s)}
      </section>
      ${mayRefund
        ? html`<dashboard-refund-form part="refund-form" .payment=${tx} .mode=${this.mode} .refundable=${left} @dashboard-refunded=${this.load}></dashboard-refund-form>`
        : nothing}
      <dashboard-timeline part="timeline" .paymentId=${tx.id} .mode=${this.mode} .stamp=${tx.updatedAt}></dashboard-timeline>`;
  }

  override render() {
    const s = this.s;
    return html`<p><a href=${PATHS.payments} @click=${this.follow}>← ${s.backToPayments}</a></p>
      ${this.busy && !this.payment ? html`<p role="status">${s.loading}</p>` : nothing}
      ${this.alert ? html`<h1>${s.payment}</h1><p class="alert" role="alert">${this.alert}</p>` : nothing}
      ${this.payment ? this.renderPayment(this.payment) : nothing}`;
  }
}
