/** The payouts page's parts: the balance's figures, the calendar of upcoming payouts and the table of payouts made. */
import { html, nothing } from "lit";
import type { BalanceSummary, SettlementsPage } from "../api/payouts";
import { calendarDay, money, utcDate } from "../format";
import type { DashboardStrings } from "../i18n/locale";
import { PATHS } from "../routing/routes";

/** One figure card. */
const figure = (label: string, value: string, detail: string, name: string) =>
  html`<div class="figure" data-figure=${name}><dt>${label}</dt><dd><span class="value">${value}</span> <span class="muted detail">${detail}</span></dd></div>`;

/** Available, to receive and paid out, for each currency the seller has money in (BRL alone when none). */
export function balanceFigures(summary: BalanceSummary, s: DashboardStrings) {
  const t = s.payouts;
  const balances = summary.balances.length ? summary.balances : [{ currency: "BRL", available: 0, pending: 0, paidOut: 0 }];
  return html`<dl part="balance" class="figures">
    ${balances.map(
      (b) => html`${figure(t.available, money(b.available, b.currency), t.availableNote, "available")}
        ${figure(t.pending, money(b.pending, b.currency), t.pendingNote, "pending")}
        ${figure(t.paidOut, money(b.paidOut, b.currency), t.paidOutNote, "paid-out")}`,
    )}
  </dl>`;
}

/** The upcoming payouts, a day a line, oldest first: the day, the net, and what makes it. */
export function upcomingCalendar(summary: BalanceSummary, s: DashboardStrings) {
  const t = s.payouts;
  if (summary.upcoming.length === 0) return html`<p>${t.noUpcoming}</p>`;
  return html`<ol part="upcoming" class="calendar">
    ${summary.upcoming.map((p) => {
      const deducted = p.refundedAmount + p.chargebackAmount;
      return html`<li data-date=${p.date}>
        <time datetime=${p.date}>${calendarDay(p.date)}${p.date === summary.today ? html` <span class="badge">${t.today}</span>` : nothing}</time>
        <span class="net">${money(p.netAmount, p.currency)}</span>
        <span class="muted">${s.payouts.sales(p.transactionCount)} · ${t.breakdown(money(p.grossAmount, p.currency), money(p.feeAmount, p.currency))}${deducted
            ? html` · ${t.deducted(money(deducted, p.currency))}`
            : nothing}</span>
      </li>`;
    })}
  </ol>`;
}

/** The payouts made, newest first: each one's day (a link to its page), its transactions and its sums. */
export function settlementsTable(page: SettlementsPage, s: DashboardStrings, live: boolean, follow: (e: MouseEvent) => void) {
  const t = s.payouts;
  if (page.items.length === 0) return html`<p>${t.none}</p>`;
  const caption = t.caption(live);
  return html`<div part="history" class="table-region" role="region" aria-label=${s.tableRegion(caption)} tabindex="0">
    <table>
      <caption class="visually-hidden">${caption}</caption>
      <thead>
        <tr>
          <th scope="col">${t.date}</th><th scope="col" class="num">${t.transactions}</th><th scope="col" class="num">${t.gross}</th>
          <th scope="col" class="num">${t.fees}</th><th scope="col" class="num">${t.deductions}</th><th scope="col" class="num">${t.net}</th>
        </tr>
      </thead>
      <tbody>
        ${page.items.map(
          (p) => html`<tr data-settlement=${p.id}>
            <td class="nowrap"><a href=${PATHS.payout(p.id)} @click=${follow} aria-label=${t.open(utcDate(p.dueDate))}>${utcDate(p.dueDate)}</a></td>
            <td class="num">${p.transactionCount}</td>
            <td class="num">${money(p.grossAmount, p.currency)}</td>
            <td class="num">${money(p.feeAmount, p.currency)}</td>
            <td class="num">${money(p.refundedAmount + p.chargebackAmount, p.currency)}</td>
            <td class="num net">${money(p.netAmount, p.currency)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
