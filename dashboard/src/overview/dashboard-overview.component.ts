/**
 * `<dashboard-overview>`: `/dashboard/overview`, for members with `reports.read`. The figures of
 * `GET /dashboard/api/overview` (docs/dashboards.md) over the last 7 or 30 days of the seller's
 * time zone, today included (the server knows the zone and says which it used): the volume of every charge created, what was paid, the approval rate, completed
 * refunds, fees and the net; then the chart by day (plain SVG: overview-chart.ts) and the same
 * numbers in a table.
 *
 * Properties: `mode` (`test` or `live`; a change reads again).
 *
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart period - The period's select.
 * @csspart figures - The figures.
 * @csspart chart - The chart's figure.
 * @csspart table - The table's region.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { readOverview } from "../api/selling";
import type { Overview } from "../api/selling-types";
import type { Mode } from "../api/types";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { money, percent } from "../format";
import { dailyChart, dailyTable } from "./overview-chart";
import { overviewStyles } from "./dashboard-overview.styles";
import { zoneName } from "./zone-name";

/** The periods offered, in days. */
const PERIODS = [7, 30] as const;

/** The overview page, `<dashboard-overview>`. */
export class DashboardOverview extends DashboardElement {
  static override styles = overviewStyles;

  @property({ attribute: false }) mode: Mode = "test";

  @state() private days: (typeof PERIODS)[number] = 7;
  @state() private overview?: Overview;
  @state() private alert?: string;
  @state() private busy = true;
  private loads = 0;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("mode") || changed.has("days")) void this.load();
  }

  private async load(): Promise<void> {
    const load = ++this.loads;
    this.busy = true;
    this.alert = undefined;
    try {
      // The server picks the days: "today" is the seller's, which the browser's clock may not share.
      const overview = await readOverview(this.mode, this.days);
      if (load === this.loads) this.overview = overview;
    } catch (err) {
      if (load === this.loads) this.alert = this.messageOf(err) || undefined;
    } finally {
      if (load === this.loads) this.busy = false;
    }
  }

  private choose = (e: Event) => {
    this.days = Number((e.target as HTMLSelectElement).value) === 30 ? 30 : 7;
  };

  private figures(o: Overview) {
    const s = this.s.overview;
    const paid = Object.values(o.byPaymentMethod).reduce((sum, m) => ({ count: sum.count + m.paidCount, amount: sum.amount + m.paidAmount }), { count: 0, amount: 0 });
    const figure = (label: string, value: string, detail?: string) =>
      html`<div class="figure"><dt>${label}</dt><dd><span class="value">${value}</span>${detail ? html` <span class="muted detail">${detail}</span>` : nothing}</dd></div>`;
    return html`<dl part="figures" class="figures">
      ${figure(s.volume, money(o.totals.volume, o.currency), s.charges(o.totals.count))}
      ${figure(s.paid, money(paid.amount, o.currency), s.charges(paid.count))}
      ${figure(s.approvalRate, percent(o.approvalRate))}
      ${figure(s.refunds, money(o.refunds.amount, o.currency), s.refundsCount(o.refunds.count))}
      ${figure(s.fees, money(o.fees, o.currency))}
      ${figure(s.net, money(o.net, o.currency))}
    </dl>`;
  }

  override render() {
    const s = this.s;
    const o = this.overview;
    return html`<h1>${s.nav.overview}</h1>
      <label class="period">${s.overview.period}
        <select part="period" name="period" @change=${this.choose}>
          ${PERIODS.map((d) => html`<option value=${d} ?selected=${d === this.days}>${s.overview.lastDays(d)}</option>`)}
        </select>
      </label>
      <p class="muted" role="status">${this.busy ? s.loading : o ? s.days.zoneNote(zoneName(o.timeZone), o.timeZone) : ""}</p>
      ${readAlert(this.alert, s, () => void this.load())}
      ${o
        ? html`${this.figures(o)}
            <section aria-labelledby="by-day" class="by-day">
              <h2 id="by-day">${s.overview.byDay}</h2>
              <div part="chart">${dailyChart(o, s)}</div>
              <div part="table">${dailyTable(o, s)}</div>
            </section>`
        : nothing}`;
  }
}
