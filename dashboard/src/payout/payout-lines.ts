/** A payout's transactions as its page shows them: a table, each payment a link to its page, with its fee and net. */
import { html } from "lit";
import type { SettlementWithLines } from "../api/payouts";
import { dateTime, money } from "../format";
import type { DashboardStrings } from "../i18n/locale";
import { PATHS } from "../routing/routes";

/** The table of the page of transactions the payout paid. */
export function payoutLines(payout: SettlementWithLines, s: DashboardStrings, follow: (e: MouseEvent) => void) {
  const t = s.payouts;
  if (payout.transactions.items.length === 0) return html`<p class="muted">${t.none}</p>`;
  return html`<div class="table-region" role="region" aria-label=${s.tableRegion(t.transactionsCaption)} tabindex="0">
    <table>
      <caption class="visually-hidden">${t.transactionsCaption}</caption>
      <thead>
        <tr>
          <th scope="col">${t.payment}</th><th scope="col">${s.method}</th><th scope="col">${t.paidAt}</th>
          <th scope="col" class="num">${s.amount}</th><th scope="col" class="num">${t.fees}</th><th scope="col" class="num">${t.net}</th>
        </tr>
      </thead>
      <tbody>
        ${payout.transactions.items.map(
          (line) => html`<tr data-transaction=${line.id}>
            <td><a href=${PATHS.payment(line.id)} @click=${follow}>${line.description || line.id.slice(0, 8)}</a></td>
            <td class="nowrap">${s.methods[line.paymentMethod] ?? line.paymentMethod}</td>
            <td class="nowrap">${dateTime(line.paidAt)}</td>
            <td class="num">${money(line.amount, line.currency)}</td>
            <td class="num">${money(line.feeAmount, line.currency)}</td>
            <td class="num">${money(line.netAmount, line.currency)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
