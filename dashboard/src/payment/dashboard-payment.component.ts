/**
 * `<dashboard-payment>`: one payment, `/dashboard/payments/{id}` (`GET /dashboard/api/payments/{id}`
 * in the current mode): its amount and status ("Reembolsado parcialmente" once part came back),
 * its fields (a card sale's installments, acquirer and authorization code; a PIX's E2E id), its
 * money (paid, fee, refunded, net after refunds), its refunds with their reasons, and, for a member
 * who may refund (`canRefund`: the `payments.refund` permission) a PAID or REFUND_PENDING payment
 * with something left to refund, the refund form; then its timeline (`<dashboard-timeline>`).
 * A refund made reads the payment again; while one is pending the page keeps reading it
 * (refund-watch.ts: 1 s, 2, 4… up to every 30 s) until the acquirer concludes it, and says so.
 *
 * Properties: `paymentId`, `mode`, `canRefund`.
 *
 * @event dashboard-navigate - The link back to the list was followed.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart details - The payment's fields.
 * @csspart money - The money section.
 * @csspart refunds - The refunds' section.
 * @csspart refund-form - The `<dashboard-refund-form>`.
 * @csspart timeline - The `<dashboard-timeline>`.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { DashboardApiError } from "../api/client";
import { readPayment } from "../api/endpoints";
import type { Mode, PaymentDetail } from "../api/types";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { money } from "../format";
import { PATHS } from "../routing/routes";
import { paymentStyles } from "./dashboard-payment.styles";
import { paymentFields, refundable, refundsTable } from "./payment-details";
import { moneySection, refundPending, statusOf } from "./payment-money";
import { RefundWatch } from "./refund-watch";

/** One payment's page, `<dashboard-payment>`. */
export class DashboardPayment extends DashboardElement {
  static override styles = paymentStyles;

  @property({ attribute: false }) paymentId = "";
  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) canRefund = false;

  @state() private payment?: PaymentDetail;
  @state() private alert?: string;
  @state() private notice?: string;
  @state() private busy = true;
  private loads = 0;
  private readonly watch = new RefundWatch(this, () => this.load(true));

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("paymentId") || changed.has("mode")) {
      this.watch.stop();
      this.notice = undefined;
      void this.load();
    }
  }

  /** Reads the payment; `following`: a read of the watch, which keeps what is shown if it fails. */
  private load = async (following = false): Promise<void> => {
    const load = ++this.loads;
    this.busy = true;
    try {
      const payment = await readPayment(this.paymentId, this.mode);
      if (load !== this.loads) return;
      this.notice = this.concluded(this.payment, payment) ?? this.notice;
      this.payment = payment;
      this.alert = undefined;
      this.watch.follow(refundPending(payment));
    } catch (err) {
      if (load !== this.loads) return;
      if (following && !(err instanceof DashboardApiError && err.signInRequired)) return this.watch.follow(true);
      this.payment = undefined;
      this.alert = err instanceof DashboardApiError && err.status === 404 ? this.s.paymentNotFound : this.messageOf(err) || undefined;
    } finally {
      if (load === this.loads) this.busy = false;
    }
  };

  /** What to announce of refunds that were pending before and are not now. */
  private concluded(before: PaymentDetail | undefined, after: PaymentDetail): string | undefined {
    const t = this.s.refundFlow;
    const ended = after.refunds.filter((r) => r.status !== "PENDING" && before?.id === after.id && before.refunds.some((b) => b.id === r.id && b.status === "PENDING"));
    return ended.map((r) => (r.status === "COMPLETED" ? t.completed : t.failed)(money(r.amount, after.currency))).join(" ") || undefined;
  }

  private refunded = () => {
    this.notice = undefined;
    void this.load();
  };

  private renderPayment(tx: PaymentDetail) {
    const s = this.s;
    const left = refundable(tx);
    const mayRefund = this.canRefund && (tx.status === "PAID" || tx.status === "REFUND_PENDING") && left > 0;
    const status = statusOf(tx, s);
    return html`<h1>${s.paymentTitle(money(tx.amount, tx.currency))}</h1>
      <p class="summary">
        <span class="badge ${status.kind}">${status.label}</span>
        <span>${s.methods[tx.paymentMethod] ?? tx.paymentMethod}</span>
        <span class="muted">${tx.livemode ? s.liveData : s.testData}</span>
      </p>
      <div role="status" class="follow">${refundPending(tx) ? html`<p class="muted">${s.refundFlow.following}</p>` : nothing}${this.notice
          ? html`<p class="notice">${this.notice}</p>`
          : nothing}</div>
      <dl part="details">${paymentFields(tx, s)}</dl>
      ${moneySection(tx, s)}
      <section part="refunds" aria-labelledby="refunds-title">
        <h2 id="refunds-title">${s.refunds}</h2>
        ${tx.refunds.length === 0 ? html`<p>${s.noRefunds}</p>` : refundsTable(tx, s)}
      </section>
      ${mayRefund
        ? html`<dashboard-refund-form part="refund-form" .payment=${tx} .mode=${this.mode} .refundable=${left} @dashboard-refunded=${this.refunded}></dashboard-refund-form>`
        : nothing}
      <dashboard-timeline part="timeline" .paymentId=${tx.id} .mode=${this.mode} .stamp=${tx.updatedAt}></dashboard-timeline>`;
  }

  override render() {
    const s = this.s;
    return html`<p><a href=${PATHS.payments} @click=${this.follow}>← ${s.backToPayments}</a></p>
      ${this.busy && !this.payment ? html`<p role="status">${s.loading}</p>` : nothing}
      ${this.alert ? html`<h1>${s.payment}</h1>${readAlert(this.alert, s, this.alert === s.paymentNotFound ? undefined : () => void this.load())}` : nothing}
      ${this.payment ? this.renderPayment(this.payment) : nothing}`;
  }
}
