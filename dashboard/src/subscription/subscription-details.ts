/** A subscription's parts as its page shows them: its fields (only those it has) and its invoices' table. */
import { html, nothing } from "lit";
import type { SubscriptionWithInvoices } from "../api/selling-types";
import { dateTime, money } from "../format";
import type { DashboardStrings } from "../i18n/locale";

/** The `<dt>`/`<dd>` pairs of the fields the subscription has. */
export function subscriptionFields(sub: SubscriptionWithInvoices, s: DashboardStrings) {
  const t = s.subscriptions;
  const pairs: Array<[string, string | null]> = [
    [s.fields.id, sub.id],
    [t.plan, sub.planId],
    [t.buyer, sub.buyerId],
    [s.method, s.methods[sub.paymentMethod] ?? sub.paymentMethod],
    [t.currentPeriod, t.period(dateTime(sub.currentPeriodStart), dateTime(sub.currentPeriodEnd))],
    [t.nextBilling, sub.nextBillingAt && dateTime(sub.nextBillingAt)],
    [t.trialEnd, sub.trialEndAt && dateTime(sub.trialEndAt)],
    [s.fields.cancelledAt, sub.cancelledAt && dateTime(sub.cancelledAt)],
    [s.fields.createdAt, dateTime(sub.createdAt)],
  ];
  return pairs.map(([label, value]) => (value ? html`<div class="field"><dt>${label}</dt><dd>${value}</dd></div>` : nothing));
}

/** The invoices' table, newest first as the API lists them. */
export function invoicesTable(sub: SubscriptionWithInvoices, s: DashboardStrings) {
  const t = s.subscriptions;
  if (sub.invoices.items.length === 0) return html`<p>${t.noInvoices}</p>`;
  return html`<div class="table-region" role="region" aria-label=${s.tableRegion(t.invoices)} tabindex="0">
    <table>
      <thead>
        <tr>
          <th scope="col">${t.invoicePeriod}</th><th scope="col" class="num">${s.amount}</th><th scope="col">${s.status}</th>
          <th scope="col">${t.due}</th><th scope="col">${s.fields.paidAt}</th>
        </tr>
      </thead>
      <tbody>
        ${sub.invoices.items.map(
          (inv) => html`<tr>
            <td class="nowrap">${t.period(dateTime(inv.periodStart), dateTime(inv.periodEnd))}</td>
            <td class="num">${money(inv.amount, inv.currency)}</td>
            <td><span class="badge ${inv.status}">${t.invoiceStatuses[inv.status] ?? inv.status}</span></td>
            <td class="nowrap">${dateTime(inv.dueAt)}</td>
            <td class="nowrap">${dateTime(inv.paidAt)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
