/**
 * The overview's chart by day, drawn as plain SVG: one bar per day of the period (the seller's days), its height
 * the day's volume (every charge created that day), with its own `<title>` (the day, the amount and
 * the count) for a pointer's tooltip. No charting library: the dashboard's bundle has an 80 kB
 * gzip budget, and a bar per day needs none.
 *
 * The SVG is an image (`role="img"`) named by its `<title>` and `<desc>`; the same numbers are in
 * a table below it (`dailyTable`), for screen readers and for reading exact values.
 */
import { html, svg } from "lit";
import type { Overview } from "../api/selling-types";
import { day, money } from "../format";
import type { DashboardStrings } from "../i18n/locale";

/** The drawing's units: each day is BAR_STEP wide, the tallest bar HEIGHT high. */
const BAR_STEP = 10;
const BAR_WIDTH = 7;
const HEIGHT = 100;

/** The chart of `overview.daily` (volume by day). */
export function dailyChart(overview: Overview, s: DashboardStrings) {
  const o = s.overview;
  const days = overview.daily;
  const top = Math.max(0, ...days.map((d) => d.volume));
  const width = Math.max(1, days.length) * BAR_STEP;
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  const label = first && last ? o.chartTitle(day(first), day(last)) : o.chartTitle("", "");
  const bars = days.map((d, i) => {
    const h = top === 0 ? 0 : Math.max(d.volume > 0 ? 1 : 0, (d.volume / top) * HEIGHT);
    return svg`<rect class="bar" x=${i * BAR_STEP + (BAR_STEP - BAR_WIDTH) / 2} y=${HEIGHT - h} width=${BAR_WIDTH} height=${h}>
      <title>${o.barTitle(day(d.date), money(d.volume, overview.currency), d.count)}</title></rect>`;
  });
  return html`<figure class="chart">
    <p class="scale muted">${o.top(money(top, overview.currency))}</p>
    <svg role="img" aria-labelledby="chart-title chart-desc" viewBox="0 0 ${width} ${HEIGHT}" preserveAspectRatio="none">
      <title id="chart-title">${label}</title>
      <desc id="chart-desc">${o.chartDesc(money(overview.totals.volume, overview.currency), overview.totals.count)}</desc>
      <line class="axis" x1="0" y1=${HEIGHT} x2=${width} y2=${HEIGHT}></line>
      ${bars}
    </svg>
    <figcaption class="days muted"><span>${first ? day(first) : ""}</span><span>${last ? day(last) : ""}</span></figcaption>
  </figure>`;
}

/** The same numbers as a table: each day's charges and volume, and what of them was paid. */
export function dailyTable(overview: Overview, s: DashboardStrings) {
  const o = s.overview;
  return html`<div class="table-region" role="region" aria-label=${s.tableRegion(o.tableCaption)} tabindex="0">
    <table>
      <caption class="visually-hidden">${o.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">${s.date}</th><th scope="col" class="num">${o.count}</th><th scope="col" class="num">${o.volume}</th>
          <th scope="col" class="num">${o.paidCount}</th><th scope="col" class="num">${o.paidAmount}</th>
        </tr>
      </thead>
      <tbody>
        ${overview.daily.map(
          (d) => html`<tr>
            <th scope="row">${day(d.date)}</th><td class="num">${d.count}</td><td class="num">${money(d.volume, overview.currency)}</td>
            <td class="num">${d.paidCount}</td><td class="num">${money(d.paidAmount, overview.currency)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
