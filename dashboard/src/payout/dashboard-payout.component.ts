/**
 * `<dashboard-payout>`: one payout, `/dashboard/payouts/{id}` (`GET /dashboard/api/settlements/{id}`
 * in the current mode), for members with `settlements.read`: its day and status, what it paid
 * (gross, fees, refunds and chargebacks, net) and the transactions it paid, 50 a page, each with
 * its fee and net and a link to the payment's page. Another seller's payout is not found.
 *
 * Properties: `settlementId`, `mode`.
 *
 * @event dashboard-navigate - The link back, or a payment's, was followed.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart details - The payout's sums.
 * @csspart transactions - The table of its transactions.
 * @csspart pager - Previous and next page of transactions.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property } from "lit/decorators.js";
import { DashboardApiError } from "../api/client";
import { readSettlement, type SettlementWithLines } from "../api/payouts";
import type { Mode } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { money, utcDate } from "../format";
import { PagedLoader, pager, type CursorPage } from "../paging/paged-loader";
import { PATHS } from "../routing/routes";
import { payoutStyles } from "./dashboard-payout.styles";
import { payoutLines } from "./payout-lines";

type PayoutPage = SettlementWithLines & CursorPage;

/** One payout's page, `<dashboard-payout>`. */
export class DashboardPayout extends DashboardElement {
  static override styles = payoutStyles;

  @property({ attribute: false }) settlementId = "";
  @property({ attribute: false }) mode: Mode = "test";

  /** The payout with a page of its transactions; the pages follow the transactions' cursor. */
  private pages = new PagedLoader<PayoutPage>(this, {
    read: async (cursor) => {
      const payout = await readSettlement(this.mode, this.settlementId, cursor);
      return { ...payout, nextCursor: payout.transactions.nextCursor };
    },
    failed: (err) => (err instanceof DashboardApiError && err.status === 404 ? this.s.payouts.notFound : this.messageOf(err) || undefined),
  });

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("settlementId") || changed.has("mode")) this.pages.first();
  }

  private sums(p: SettlementWithLines) {
    const t = this.s.payouts;
    const pairs: Array<[string, string]> = [
      [t.transactions, String(p.transactionCount)],
      [t.gross, money(p.grossAmount, p.currency)],
      [t.fees, money(p.feeAmount, p.currency)],
      [t.deductions, money(p.refundedAmount + p.chargebackAmount, p.currency)],
      [t.net, money(p.netAmount, p.currency)],
    ];
    return html`<dl part="details">${pairs.map(([label, value]) => html`<div class="field"><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>`;
  }

  override render() {
    const s = this.s;
    const t = s.payouts;
    const { page, busy, alert } = this.pages;
    // A page of another payout (the id changed) is not this one's.
    const payout = page?.id === this.settlementId ? page : undefined;
    return html`<p><a href=${PATHS.payouts} @click=${this.follow}>← ${t.back}</a></p>
      ${busy && !payout ? html`<p role="status">${s.loading}</p>` : nothing}
      ${payout
        ? html`<h1>${t.open(utcDate(payout.dueDate))}</h1>
            <p class="summary"><span class="badge ${payout.status}">${t.statuses[payout.status] ?? payout.status}</span></p>
            ${this.sums(payout)}
            <section part="transactions" aria-labelledby="lines-title">
              <h2 id="lines-title">${t.transactions}</h2>
              ${payoutLines(payout, s, this.follow)} ${payout.transactions.hasNext || this.pages.pageNumber > 1 ? pager(this.pages, s) : nothing}
            </section>`
        : alert
          ? html`<h1>${t.one}</h1>`
          : nothing}
      ${alert ? html`<p class="alert" role="alert">${alert}</p>` : nothing}`;
  }
}
