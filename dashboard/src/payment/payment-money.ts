/**
 * A payment's money on its page: its status in words ("Reembolsado parcialmente" once part of it
 * came back), and what the buyer paid, the fee, the refunds completed, the chargebacks and the net
 * after them, as the server counts them with the settlements' formula (worker/domain/settlements/net.ts).
 */
import { html, nothing } from "lit";
import type { PaymentDetail } from "../api/types";
import { money } from "../format";
import type { DashboardStrings } from "../i18n/locale";

/** The badge: its words and its class. A PAID payment with money refunded is partially refunded. */
export function statusOf(tx: PaymentDetail, s: DashboardStrings): { label: string; kind: string } {
  if (tx.status === "PAID" && (tx.money?.refunded ?? 0) > 0) return { label: s.refundFlow.partiallyRefunded, kind: "PARTIALLY_REFUNDED" };
  return { label: s.statuses[tx.status] ?? tx.status, kind: tx.status };
}

/** True while a refund of the payment waits for the acquirer. */
export const refundPending = (tx: PaymentDetail) => tx.refunds.some((r) => r.status === "PENDING");

/** The money section, for a payment that was paid (none before). */
export function moneySection(tx: PaymentDetail, s: DashboardStrings) {
  const m = tx.money;
  if (!m) return nothing;
  const t = s.money;
  const row = (label: string, amount: number, cls = "") => html`<div class="field ${cls}"><dt>${label}</dt><dd>${money(amount, tx.currency)}</dd></div>`;
  return html`<section part="money" aria-labelledby="money-title">
    <h2 id="money-title">${t.title}</h2>
    <dl class="money">
      ${row(t.paid, m.paid)} ${row(t.fee, m.fee)} ${row(t.refunded, m.refunded)}
      ${m.chargedBack > 0 ? row(t.chargedBack, m.chargedBack) : nothing} ${row(t.net, m.net, "net")}
    </dl>
    <p class="muted">${t.netNote}</p>
  </section>`;
}
