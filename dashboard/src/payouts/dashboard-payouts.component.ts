/**
 * `<dashboard-payouts>`: `/dashboard/payouts` ("Repasses"), for members with `settlements.read`.
 * The balance (`GET /dashboard/api/balance`): available, to receive and paid out; the upcoming
 * payouts by day, as the settlement sweep will pay them; and the payouts made
 * (`GET /dashboard/api/settlements`), 20 a page, each a link to its transactions
 * (`<dashboard-payout>`). Amounts in minor units, written by format.ts.
 *
 * Properties: `mode` (a change reads everything again).
 *
 * @event dashboard-navigate - A payout's link was followed.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart balance - The balance's figures.
 * @csspart upcoming - The calendar of upcoming payouts.
 * @csspart history - The table of payouts made.
 * @csspart pager - Previous and next page of payouts made.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { listSettlements, readBalance, type BalanceSummary, type SettlementsPage } from "../api/payouts";
import type { Mode } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { PagedLoader, pager } from "../paging/paged-loader";
import { payoutsStyles } from "./dashboard-payouts.styles";
import { balanceFigures, settlementsTable, upcomingCalendar } from "./payouts-parts";

/** The payouts page, `<dashboard-payouts>`. */
export class DashboardPayouts extends DashboardElement {
  static override styles = payoutsStyles;

  @property({ attribute: false }) mode: Mode = "test";

  @state() private summary?: BalanceSummary;
  @state() private alert?: string;
  @state() private busy = true;
  private loads = 0;

  /** The payouts made, a page at a time. */
  private pages = new PagedLoader<SettlementsPage>(this, {
    read: (cursor) => listSettlements(this.mode, cursor),
    failed: (err) => this.messageOf(err) || undefined,
  });

  protected override willUpdate(changed: PropertyValues): void {
    if (!changed.has("mode")) return;
    this.pages.first();
    void this.load();
  }

  private async load(): Promise<void> {
    const load = ++this.loads;
    this.busy = true;
    this.alert = undefined;
    try {
      const summary = await readBalance(this.mode);
      if (load === this.loads) this.summary = summary;
    } catch (err) {
      if (load === this.loads) this.alert = this.messageOf(err) || undefined;
    } finally {
      if (load === this.loads) this.busy = false;
    }
  }

  override render() {
    const s = this.s;
    const t = s.payouts;
    const summary = this.summary;
    const { page, alert } = this.pages;
    return html`<h1>${t.title}</h1>
      <p class="muted">${t.lead}</p>
      <p class="muted" role="status">${this.busy ? s.loading : ""}</p>
      ${this.alert ? html`<p class="alert" role="alert">${this.alert}</p>` : nothing}
      ${summary
        ? html`<section aria-labelledby="balance-title"><h2 id="balance-title">${t.balance}</h2>${balanceFigures(summary, s)}</section>
            <section aria-labelledby="upcoming-title"><h2 id="upcoming-title">${t.upcoming}</h2>${upcomingCalendar(summary, s)}</section>`
        : nothing}
      <section aria-labelledby="history-title">
        <h2 id="history-title">${t.history}</h2>
        ${alert ? html`<p class="alert" role="alert">${alert}</p>` : nothing}
        ${page ? settlementsTable(page, s, this.mode === "live", this.follow) : nothing}
        ${page && page.items.length ? pager(this.pages, s) : nothing}
      </section>`;
  }
}
