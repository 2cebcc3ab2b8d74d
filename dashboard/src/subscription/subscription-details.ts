/**
 * A subscription's parts as its page shows them: its fields (only those it has; the buyer and plan
 * by name, days without times where only the day matters) and its invoices' table, each invoice's
 * charge a link to the payment's page, and a PIX Automático subscription's authorization.
 */
import { html, nothing } from "lit";
import type { SubscriptionWithInvoices } from "../api/selling-types";
import { date, dateTime, money } from "../format";
import type { DashboardStrings } from "../i18n/locale";
import { PATHS } from "../routing/routes";

/** The `<dt>`/`<dd>` pairs of the fields the subscription has. */
export function subscriptionFields(sub: SubscriptionWithInvoices, s: DashboardStrings) {
  const t = s.subscriptions;
  const pairs: Array<[string, string | null]> = [
    [s.fields.id, sub.id],
    [t.buyer, `${sub.buyer.name} · ${sub.buyer.email}`],
    [t.plan, `${sub.plan.name} · ${money(sub.plan.amount, sub.plan.currency)}${s.subscriptionList.every(sub.plan.billingInterval, sub.plan.intervalCount)}`],
    [s.method, s.methods[sub.paymentMethod] ?? sub.paymentMethod],
    [t.currentPeriod, t.period(date(sub.currentPeriodStart), date(sub.currentPeriodEnd))],
    [s.subscriptionList.nextCharge, sub.nextChargeAt && date(sub.nextChargeAt)],
    [t.trialEnd, sub.trialEndAt && date(sub.trialEndAt)],
    [s.fields.cancelledAt, sub.cancelledAt && dateTime(sub.cancelledAt)],
    [s.fields.createdAt, dateTime(sub.createdAt)],
  ];
  return fieldPairs(pairs);
}

/** `<dt>`/`<dd>` pairs of the values present. */
function fieldPairs(pairs: Array<[string, string | null]>) {
  return pairs.map(([label, value]) => (value ? html`<div class="field"><dt>${label}</dt><dd>${value}</dd></div>` : nothing));
}

/** The invoices' table, newest first as the API lists them. */
export function invoicesTable(sub: SubscriptionWithInvoices, s: DashboardStrings, follow: (e: MouseEvent) => void) {
  const t = s.subscriptions;
  if (sub.invoices.items.length === 0) return html`<p>${t.noInvoices}</p>`;
  return html`<div class="table-region" role="region" aria-label=${s.tableRegion(t.invoices)} tabindex="0">
    <table>
      <thead>
        <tr>
          <th scope="col">${t.invoicePeriod}</th><th scope="col" class="num">${s.amount}</th><th scope="col">${s.status}</th>
          <th scope="col">${t.due}</th><th scope="col">${s.fields.paidAt}</th><th scope="col">${s.subscriptionList.charge}</th>
        </tr>
      </thead>
      <tbody>
        ${sub.invoices.items.map(
          (inv) => html`<tr>
            <td class="nowrap">${t.period(date(inv.periodStart), date(inv.periodEnd))}</td>
            <td class="num">${money(inv.amount, inv.currency)}</td>
            <td><span class="badge ${inv.status}">${t.invoiceStatuses[inv.status] ?? inv.status}</span></td>
            <td class="nowrap">${date(inv.dueAt)}</td>
            <td class="nowrap">${dateTime(inv.paidAt)}</td>
            <td>${inv.transactionId
              ? html`<a href=${PATHS.payment(inv.transactionId)} @click=${follow} data-charge>${s.subscriptionList.openCharge}</a>`
              : "—"}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** A PIX Automático subscription's authorization (its recurrence): status, how asked, retries, its end and why. */
export function pixAutomaticoFields(sub: SubscriptionWithInvoices, s: DashboardStrings) {
  const rec = sub.pixAutomatico;
  if (!rec) return nothing;
  const t = s.pixAutomatico;
  const ending = rec.ending && [rec.ending.description ?? rec.ending.code, rec.ending.by && t.by[rec.ending.by]].filter(Boolean).join(" · ");
  const pairs: Array<[string, string | null]> = [
    [t.status, t.statuses[rec.status] ?? rec.status],
    [t.journey, t.journeys[rec.journey] ?? rec.journey],
    [t.recurrence, rec.recurrenceId],
    [t.retryPolicy, t.retryPolicies[rec.retryPolicy] ?? rec.retryPolicy],
    [t.approvedAt, rec.approvedAt && dateTime(rec.approvedAt)],
    [t.endedAt, rec.endedAt && dateTime(rec.endedAt)],
    [t.ending, ending || null],
  ];
  return html`<section part="pix-automatico" aria-labelledby="pix-automatico-title">
    <h2 id="pix-automatico-title">${t.title}</h2>
    <dl>${fieldPairs(pairs)}</dl>
  </section>`;
}
