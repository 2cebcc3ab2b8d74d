/**
 * The payments table's rows: each payment's link, amount and status first (what a phone shows
 * before the table scrolls sideways), then its date, customer and method.
 */
import { html } from "lit";
import type { Transaction } from "../api/types";
import { dateTime, money } from "../format";
import type { DashboardStrings } from "../i18n/locale";
import { PATHS } from "../routing/routes";

/** One `<tr>` a payment; `follow` opens a link inside the app. */
export function paymentRows(items: Transaction[], s: DashboardStrings, follow: (e: MouseEvent) => void) {
  return items.map(
    (tx) => html`<tr>
      <td><a href=${PATHS.payment(tx.id)} @click=${follow}>${tx.description || s.paymentLabel(tx.id)}</a></td>
      <td class="num">${money(tx.amount, tx.currency)}</td>
      <td><span class="badge ${tx.status}">${s.statuses[tx.status] ?? tx.status}</span></td>
      <td class="nowrap">${dateTime(tx.createdAt)}</td>
      <td>${tx.customer.name ?? tx.customer.email ?? "—"}</td>
      <td class="nowrap">${s.methods[tx.paymentMethod] ?? tx.paymentMethod}</td>
    </tr>`,
  );
}
