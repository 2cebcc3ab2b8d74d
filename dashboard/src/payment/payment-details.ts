/**
 * A payment's parts as the payment page shows them: its fields (only those it has: a card sale's
 * installments, acquirer and authorization code, a PIX's end-to-end id), its refunds' table with
 * their reasons, and what is left to refund (its amount less every refund that did not fail).
 */
import { html, nothing } from "lit";
import type { Transaction } from "../api/types";
import { dateTime, money } from "../format";
import type { DashboardStrings } from "../i18n/locale";

/** What may still be refunded, in minor units. */
export const refundable = (tx: Transaction) => tx.amount - tx.refunds.filter((r) => r.status !== "FAILED").reduce((sum, r) => sum + r.amount, 0);

/** The `<dt>`/`<dd>` pairs of the fields the payment has. */
export function paymentFields(tx: Transaction, s: DashboardStrings) {
  const f = s.fields;
  const d = s.detail;
  const card = tx.paymentMethod !== "PIX";
  const pairs: Array<[string, string | null | undefined, boolean?]> = [
    [f.id, tx.id, true],
    [f.description, tx.description],
    [s.customer, tx.customer.name],
    [f.customerEmail, tx.customer.email],
    [f.document, tx.customer.document],
    [f.createdAt, dateTime(tx.createdAt)],
    [f.paidAt, tx.paidAt && dateTime(tx.paidAt)],
    [f.cancelledAt, tx.cancelledAt && dateTime(tx.cancelledAt)],
    [f.card, tx.card && `${tx.card.brand} •••• ${tx.card.last4digits}`],
    [f.installments, card && tx.installments ? d.installments(tx.installments) : null],
    [d.acquirer, tx.acquirer],
    [d.authorizationCode, tx.authorizationCode, true],
    [d.endToEndId, tx.paymentDetails?.endToEndId, true],
    [f.failure, tx.failureMessage ?? tx.failureCode],
  ];
  return pairs.map(([label, value, code]) => (value ? html`<div class="field"><dt>${label}</dt><dd>${code ? html`<code>${value}</code>` : value}</dd></div>` : nothing));
}

/** The refunds' table, oldest first as the API lists them. */
export function refundsTable(tx: Transaction, s: DashboardStrings) {
  return html`<div class="table-region" role="region" aria-label=${s.tableRegion(s.refunds)} tabindex="0">
    <table>
      <thead>
        <tr>
          <th scope="col">${s.requestedAt}</th><th scope="col" class="num">${s.amount}</th><th scope="col">${s.status}</th>
          <th scope="col">${s.completedAt}</th><th scope="col">${s.refundFlow.reasonColumn}</th>
        </tr>
      </thead>
      <tbody>
        ${tx.refunds.map(
          (r) => html`<tr>
            <td>${dateTime(r.requestedAt)}</td>
            <td class="num">${money(r.amount, tx.currency)}</td>
            <td><span class="badge ${r.status}">${s.refundStatuses[r.status] ?? r.status}</span></td>
            <td>${dateTime(r.completedAt)}</td>
            <td class="reason">${r.reason ?? "—"}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
