/**
 * The billing bench's PIX Automático step (issue 32; billing.ts runs it after the card/PIX one, on
 * the same database): 10,000 ACTIVE monthly PIX_AUTOMATICO subscriptions in test mode, each with
 * its recurrence APPROVED, are made due at once, right after a sweep, on a host sweeping every
 * BILL_INTERVAL seconds; its next `subscriptions.bill` issues each one's invoice and writes its
 * charge instruction (the sandbox's payer's bank settles it on its due date, days later, so this
 * sweep only sends). Instructions/s = instructions written ÷ that sweep's duration (the host's own
 * `pay_sweep_duration_seconds`). Targets: the card/PIX sweep's (≥ 500/s), every subscription
 * given one instruction, memory flat (the reachable heap after a full collection, and the RSS
 * peak, as billing.ts judges them).
 */
import type { Client } from "@libsql/client";
import { billingAtOf } from "../../worker/domain/subscriptions/rules";
import { BILLING_TARGETS, metricsAfterCollection, rssMb, scalar, serverPid, sleep, startBillingHost, sweepMetrics, untilSweep } from "./billing";
import type { HostCheckout } from "./host";

/** What the PIX Automático step measured. */
export interface AutomaticoBillingResult {
  due: number;
  instructions: number;
  invoices: number;
  sweepMs: number;
  instructionsPerSecond: number;
  overlapped: boolean;
  rssGrowthMb: number;
  retainedHeapMb: number;
  met: boolean;
}

const DUE = 10_000;
const KIND = "00000005a000";
const BILL_INTERVAL = 90;

/**
 * Seeds DUE PIX_AUTOMATICO subscriptions of `sellerId` on `planId` (buyer `buyerRowSql` of row n,
 * anchored at `anchor`, not due yet) with an APPROVED recurrence each, then measures the sweep
 * that bills them once they are made due.
 */
export async function measureAutomaticoBilling(checkout: HostCheckout, dbUrl: string, db: Client, seed: { sellerId: string; planId: string; buyerIdSql: (n: string) => string; anchor: string; periodEnd: string }, log: (msg: string) => void): Promise<AutomaticoBillingResult> {
  const seq = `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${DUE})`;
  const id = (n: string) => `printf('%08x-0000-4000-8000-%s', ${n}, '${KIND}')`;
  const { sellerId, planId, anchor } = seed;
  await db.batch([
    {
      sql: `INSERT INTO subscriptions (id, seller_id, livemode, plan_id, buyer_id, payment_method, card_token, status, billing_anchor, periods_billed,
          current_period_start, current_period_end, next_billing_at, trial_end_at, cancel_at_period_end, cancelled_at, latest_invoice_id,
          test_clock_id, idempotency_key, revision, created_at, updated_at) ${seq}
        SELECT ${id("seq.n")}, ?, 0, ?, ${seed.buyerIdSql("seq.n")}, 'PIX_AUTOMATICO', NULL, 'ACTIVE', ?, 1, ?, ?, NULL, NULL, 0, NULL, NULL, NULL, NULL, lower(hex(randomblob(16))), ?, ? FROM seq`,
      args: [sellerId, planId, anchor, anchor, seed.periodEnd, anchor, anchor],
    },
    {
      sql: `INSERT INTO pix_recurrences (id, subscription_id, seller_id, livemode, psp_recurrence_id, status, journey, periodicity, retry_policy, contract, revision, created_at, updated_at) ${seq}
        SELECT lower(hex(randomblob(16))), ${id("seq.n")}, ?, 0, printf('RR99999999%s%011d', strftime('%Y%m%d', ?), seq.n), 'APPROVED', 'JORNADA_3', 'MENSAL', 'PERMITE_3R_7D', printf('bench%d', seq.n), lower(hex(randomblob(16))), ?, ? FROM seq`,
      args: [sellerId, anchor, anchor, anchor],
    },
  ], "write");
  const host = await startBillingHost(checkout, dbUrl, BILL_INTERVAL);
  try {
    await untilSweep(host, 0, 60_000);
    const pid = serverPid(host);
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) {
      idle.push(rssMb(pid));
      await sleep(100);
    }
    const due = billingAtOf({ billingAnchor: anchor, createdAt: anchor }, { billingInterval: "MONTH", intervalCount: 1 }, 1, "PIX_AUTOMATICO");
    if (due > new Date().toISOString()) throw new Error(`seeded PIX Automático subscriptions not due: ${due}`);
    await db.execute({ sql: `UPDATE subscriptions SET next_billing_at = ? WHERE id LIKE '%-${KIND}'`, args: [due] });
    const start = await metricsAfterCollection(host, pid);
    log(`  billing: ${DUE} PIX Automático subscriptions due; waiting for the host's next sweep (every ${BILL_INTERVAL} s)`);
    let peak = 0;
    const end = await untilSweep(host, start.count, (BILL_INTERVAL + 180) * 1000, () => (peak = Math.max(peak, rssMb(pid))));
    await sleep(3_000);
    const reachableAfterMb = (await metricsAfterCollection(host, pid)).heapUsedMb;
    await host.stop();
    const sweepMs = (end.sum - start.sum) * 1000;
    const instructions = await scalar(db, `SELECT count(*) FROM pix_charge_instructions WHERE subscription_id LIKE '%-${KIND}'`);
    const invoices = await scalar(db, `SELECT count(DISTINCT subscription_id) FROM invoices WHERE subscription_id LIKE '%-${KIND}'`);
    const r = {
      due: DUE, instructions, invoices, sweepMs, instructionsPerSecond: instructions / (sweepMs / 1000), overlapped: end.count - start.count > 1,
      rssGrowthMb: peak - idle.sort((a, b) => a - b)[idle.length >> 1]!, retainedHeapMb: reachableAfterMb - start.heapUsedMb, met: false,
    };
    r.met = !r.overlapped && instructions === DUE && invoices === DUE && r.instructionsPerSecond >= BILLING_TARGETS.perSecond && r.rssGrowthMb <= BILLING_TARGETS.rssGrowthMb && r.retainedHeapMb <= BILLING_TARGETS.retainedHeapMb;
    return r;
  } finally {
    await host.stop();
  }
}

/** The step's printed line. */
export function formatAutomaticoBilling(r: AutomaticoBillingResult): string {
  const f = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "-");
  return (
    `  PIX Automático: ${r.instructions} charge instructions (${r.invoices} subscriptions invoiced) in ${f(r.sweepMs)} ms${r.overlapped ? " (OVERLAPPED)" : ""}: ${f(r.instructionsPerSecond)} instructions/s; ` +
    `RSS peak +${f(r.rssGrowthMb)} MB over idle, reachable heap ${r.retainedHeapMb >= 0 ? "+" : ""}${f(r.retainedHeapMb, 1)} MB; target ≥ ${BILLING_TARGETS.perSecond}/s, memory flat: ${r.met ? "ok" : "MISSED"}`
  );
}
