/**
 * `npm run bench -- --only billing`: the subscription billing sweep on the Node host (issue 17).
 *
 * The sweep measured is the host's own server (host.ts's hostServerCommand), its minute timer (SWEEP_INTERVAL_SECONDS)
 * running `subscriptions.bill` with every other sweep of the scheduled job, timed by the host itself
 * (`pay_sweep_duration_seconds` on `/metrics`, METRICS_TOKEN set). Nothing of the sweep runs in this
 * process: the bench writes the host's database file (plain SQL, as seed.ts) and reads the figures.
 *
 * On a database of its own (the seller by the checkout's admin CLI; a plan, a buyer and a card made
 * through the API, the card then marked 3DS-authenticated, as its first 3DS payment would):
 *
 * 1. Not-due overhead: a host sweeping every second. Its `subscriptions.bill` durations with no
 *    subscription at all, then with 100,000 ACTIVE subscriptions due tomorrow or later (in the
 *    sweep's partial index) written meanwhile: the medians must differ by no more than the noise.
 * 2. Throughput: 10,000 ACTIVE monthly subscriptions (half PIX, half card, each its own buyer; each
 *    card subscription its own vaulted card) are made due at once, right after a sweep, on a host
 *    sweeping every BILL_INTERVAL seconds; the next sweep bills them. Invoices/s = invoices written ÷
 *    that sweep's duration. The host's RSS is sampled every 100 ms before, during and after.
 *
 * Targets: ≥ 500 invoices/s; every due subscription invoiced once; memory flat: the V8 heap still
 * reachable after a full collection (gc-on-signal.mjs), 3 s after the sweep, within 16 MB of the
 * same measure before it (what billing kept per invoice would show here: 10,000 × 1.6 kB), and the
 * RSS peak within 128 MB of the idle host; the not-due median within max(1 ms, either side's
 * interquartile range) of the empty one. The RSS of the sweep's two halves is reported, not
 * judged: it follows when V8 chooses to collect (a second half 22 MB above the first was measured
 * with 27 MB reachable after against 25 MB before), not what billing keeps.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createClient, type Client, type InValue } from "@libsql/client";
import { period } from "../../worker/domain/subscriptions/calendar";
import { billingAtOf } from "../../worker/domain/subscriptions/rules";
import { freePort, spawnServer, waitForHealth, type ChildServer } from "./child";
import { createSeller, hostDatabaseUrl, hostEnv, hostServerCommand, type HostCheckout } from "./host";
import { buyerBody } from "../support/fixtures";
import { callApi } from "./ops";
import { formatAutomaticoBilling, measureAutomaticoBilling, type AutomaticoBillingResult } from "./billing-automatico";

/**
 * `rssGrowthMb`: the host's peak RSS over its idle RSS, a ceiling against a blow-up;
 * `retainedHeapMb`: what "flat" means, the reachable heap after the sweep over the one before.
 */
export const BILLING_TARGETS = { perSecond: 500, rssGrowthMb: 128, retainedHeapMb: 16, noiseFloorMs: 1 };
const GC_PRELOAD = fileURLToPath(new URL("./gc-on-signal.mjs", import.meta.url));
const DUE = 10_000;
const NOT_DUE = 100_000;
/** Sweeps timed per side of the not-due comparison. */
const SAMPLES = 15;
/** The throughput host's sweep interval: long enough that the measured sweep never overlaps the next. */
const BILL_INTERVAL = 90;
const METRICS_TOKEN = "bench-metrics-token";
const MONTH = { interval: "MONTH" as const, count: 1 };

/** What one billing run measured. */
export interface BillingResult {
  due: number;
  notDue: number;
  invoices: number;
  /** The invoices' charges: card ones PAID (the sandbox approves), PIX ones PENDING. */
  charges: { paid: number; pending: number; other: number };
  sweepMs: number;
  invoicesPerSecond: number;
  /** The host process's RSS, MB: idle before the due sweep, its peak during, and 3 s after. */
  rss: {
    beforeMb: number;
    peakMb: number;
    afterMb: number;
    growthMb: number;
    /** Peak of the sweep's first half, peak of its second half. */
    firstHalfPeakMb: number;
    secondHalfPeakMb: number;
    plateauMb: number;
    samples: number;
    /** One sample a second from the flip to 3 s after: [seconds since the sweep began, MB]. */
    timeline: Array<[number, number]>;
  };
  /**
   * The V8 heap (the host's /metrics), MB: used and reserved, before the due sweep and 3 s after
   * it; reachable (used right after a full collection) at both times, and their difference.
   */
  heap: { usedBeforeMb: number; totalBeforeMb: number; usedAfterMb: number; totalAfterMb: number; reachableBeforeMb: number; reachableAfterMb: number; retainedMb: number };
  /** `subscriptions.bill` sweep durations (ms) with no subscription, and with 100,000 not due. */
  empty: Spread;
  withNotDue: Spread;
  overheadMs: number;
  noiseMs: number;
  /** The measured sweep ran into the next one (slower than BILL_INTERVAL s). */
  overlapped: boolean;
  met: boolean;
  failure?: string;
  /** The PIX Automático step (billing-automatico.ts), after the card/PIX one. */
  automatico?: AutomaticoBillingResult;
}

interface Spread {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  n: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
function spread(samples: number[]): Spread {
  const s = [...samples].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p25: quantile(s, 0.25), p75: quantile(s, 0.75), min: s[0]!, max: s.at(-1)!, n: s.length };
}

/** A UUID v4 whose first 8 hex digits are the row number and whose last 12 name the kind. */
const idSql = (n: string, kind: string) => `printf('%08x-0000-4000-8000-%s', ${n}, '${kind}')`;
const BUYER = "0000000b0000";
const CARD = "0000000c0000";
const DUE_SUB = "00000005d000";
const LATER_SUB = "00000005f000";
const seq = (from: number, to: number) => `WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to})`;

/** Inserts `count` copies of row `sourceId` of `table`, `overrides` (SQL over `src` and `seq.n`) replacing columns. */
async function cloneRows(db: Client, table: string, sourceId: string, count: number, overrides: Record<string, string>) {
  const cols = (await db.execute(`PRAGMA table_info(${table})`)).rows.map((c) => String(c.name));
  const exprs = cols.map((c) => overrides[c] ?? `src."${c}"`);
  await db.execute({
    sql: `INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(", ")}) ${seq(1, count)} SELECT ${exprs.join(", ")} FROM ${table} AS src CROSS JOIN seq WHERE src.id = ?`,
    args: [sourceId],
  });
}

/** The `pay_sweep_duration_seconds` sum and count of `subscriptions.bill`, from the host's /metrics. */
export async function sweepMetrics(host: ChildServer): Promise<{ sum: number; count: number; heapUsedMb: number; heapTotalMb: number }> {
  const res = await fetch(`${host.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(5_000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /metrics: HTTP ${res.status}`);
  const read = (suffix: string) => {
    const m = new RegExp(`^pay_sweep_duration_seconds_${suffix}\\{sweep="subscriptions\\.bill"\\} (\\S+)$`, "m").exec(text);
    return m ? Number(m[1]) : 0;
  };
  const mb = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN) / 1048576;
  return { sum: read("sum"), count: read("count"), heapUsedMb: mb("pay_nodejs_heap_size_used_bytes"), heapTotalMb: mb("pay_nodejs_heap_size_total_bytes") };
}

/** The host's server process: the biggest member of its process group (tsx runs the script in a child). */
export function serverPid(host: ChildServer): number {
  const group = host.process.pid!;
  let best = { pid: group, rss: -1 };
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== group) continue;
      const rss = rssMb(Number(entry));
      if (rss > best.rss) best = { pid: Number(entry), rss };
    } catch {
      // Gone meanwhile.
    }
  }
  return best.pid;
}

export function rssMb(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The host's metrics right after a full collection (SIGUSR2, gc-on-signal.mjs): its heap used is what is reachable. */
export async function metricsAfterCollection(host: ChildServer, pid: number) {
  process.kill(pid, "SIGUSR2");
  await sleep(500);
  return sweepMetrics(host);
}

export async function startBillingHost(checkout: HostCheckout, dbUrl: string, intervalSeconds: number): Promise<ChildServer> {
  const port = await freePort();
  const server = spawnServer({
    name: `billing host (${checkout.dir})`,
    ...hostServerCommand(checkout),
    cwd: checkout.dir,
    env: hostEnv(dbUrl, {
      PORT: String(port), HOST: "127.0.0.1", METRICS_TOKEN, SWEEP_INTERVAL_SECONDS: String(intervalSeconds),
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --expose-gc --import ${JSON.stringify(GC_PRELOAD)}`.trim(),
    }),
    port,
  });
  await waitForHealth(server, "/health");
  return server;
}

/** Waits for the host's `subscriptions.bill` sweep count to pass `count`; runs `each` every 100 ms meanwhile. */
export async function untilSweep(host: ChildServer, count: number, timeoutMs: number, each: () => void = () => {}) {
  const end = Date.now() + timeoutMs;
  let polled = 0;
  for (;;) {
    each();
    if (Date.now() - polled >= 300) {
      polled = Date.now();
      const m = await sweepMetrics(host);
      if (m.count > count) return m;
    }
    host.assertAlive();
    if (Date.now() > end) throw new Error(`no subscriptions.bill sweep within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Durations (ms) of the next `n` sweeps of a host sweeping every second, each seen alone between two polls. */
async function sweepDurations(host: ChildServer, n: number): Promise<number[]> {
  const out: number[] = [];
  let last = await sweepMetrics(host);
  const end = Date.now() + n * 4_000 + 30_000;
  while (out.length < n) {
    if (Date.now() > end) throw new Error(`only ${out.length} of ${n} sweeps seen`);
    await sleep(150);
    const m = await sweepMetrics(host);
    if (m.count === last.count + 1) out.push((m.sum - last.sum) * 1000);
    last = m;
  }
  return out;
}

export async function scalar(db: Client, sql: string, args: InValue[] = []): Promise<number> {
  const [row] = (await db.execute({ sql, args })).rows;
  return Number(Object.values(row ?? {})[0] ?? 0);
}

/** Measures the billing sweep on a host of `checkout` over a new database in `dir`. */
export async function measureBilling(checkout: HostCheckout, dir: string, log: (msg: string) => void = () => {}): Promise<BillingResult> {
  const dbUrl = hostDatabaseUrl(dir);
  const keys = await createSeller(checkout, dbUrl);
  let host = await startBillingHost(checkout, dbUrl, 1);
  const db = createClient({ url: dbUrl });
  try {
    const ctx = { host, apiKey: keys.apiKey };
    const plan = await callApi(ctx, "POST", "/v1/subscriptions/plans", JSON.stringify({ name: "Bench Pro", amount: 4990, billingInterval: "MONTH", paymentMethods: ["PIX", "CREDIT_CARD"] }));
    if (plan.status !== 201) throw new Error(`creating the plan: HTTP ${plan.status} ${JSON.stringify(plan.json).slice(0, 300)}`);
    const buyer = await callApi(ctx, "POST", "/v1/buyers", JSON.stringify(buyerBody()));
    if (buyer.status !== 201) throw new Error(`creating the buyer: HTTP ${buyer.status} ${JSON.stringify(buyer.json).slice(0, 300)}`);
    const card = await callApi(ctx, "POST", "/v1/cards/tokenize", JSON.stringify({
      buyerId: buyer.json.id, cardHolderName: "MARIA DA SILVA", cardNumber: "4111111111111111", cardExpirationDate: "122035", cardSecurityCode: "123", tokenizationMode: "TOKENIZED_CARD",
    }));
    const cardId = String(card.json.cardToken ?? card.json.id ?? card.json.token ?? "");
    if (card.status !== 200 || !cardId) throw new Error(`tokenizing the card: HTTP ${card.status} ${JSON.stringify(card.json).slice(0, 300)}`);
    const planId = String(plan.json.id);
    const buyerId = String(buyer.json.id);

    // 1. Sweeps with no subscription at all, then with 100,000 not due (written while the host runs).
    log(`  billing: timing ${SAMPLES} sweeps with no subscription`);
    const empty = await sweepDurations(host, SAMPLES);
    await db.execute("PRAGMA busy_timeout = 30000");
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    // A card that paid once with 3DS (what lets billing charge it merchant-initiated).
    await db.execute({ sql: "UPDATE cards SET authenticated_at = ? WHERE id = ?", args: [iso(now - 40 * 86_400_000), cardId] });
    await cloneRows(db, "buyers", buyerId, DUE, { id: idSql("seq.n", BUYER) });
    await cloneRows(db, "cards", cardId, DUE / 2, { id: idSql("seq.n", CARD), buyer_id: idSql("seq.n", BUYER) });
    const subCols = `id, seller_id, livemode, plan_id, buyer_id, payment_method, card_token, status, billing_anchor, periods_billed,
      current_period_start, current_period_end, next_billing_at, trial_end_at, cancel_at_period_end, cancelled_at, latest_invoice_id,
      test_clock_id, idempotency_key, revision, created_at, updated_at`;
    // Not due: billed once, the next invoice tomorrow or later (one every 10 s over the next 12 days).
    const later = `strftime('%Y-%m-%dT%H:%M:%fZ', ?, printf('+%d seconds', seq.n * 10))`;
    const laterAnchor = `strftime('%Y-%m-%dT%H:%M:%fZ', ${later}, '-1 month')`;
    await db.execute({
      sql: `INSERT INTO subscriptions (${subCols}) ${seq(1, NOT_DUE)}
        SELECT ${idSql("seq.n", LATER_SUB)}, ?, 0, ?, ${idSql("((seq.n - 1) % " + DUE + ") + 1", BUYER)},
          CASE seq.n % 2 WHEN 0 THEN 'CREDIT_CARD' ELSE 'PIX' END,
          CASE seq.n % 2 WHEN 0 THEN ${idSql("((seq.n / 2 - 1) % " + DUE / 2 + ") + 1", CARD)} ELSE NULL END,
          'ACTIVE', ${laterAnchor}, 1, ${laterAnchor}, ${later}, ${later}, NULL, 0, NULL, NULL, NULL, NULL, lower(hex(randomblob(16))), ${laterAnchor}, ${laterAnchor}
        FROM seq`,
      args: [keys.sellerId, planId, iso(now + 86_400_000), iso(now + 86_400_000), iso(now + 86_400_000), iso(now + 86_400_000), iso(now + 86_400_000), iso(now + 86_400_000), iso(now + 86_400_000)],
    });
    // Due (made so below, right after a sweep): billed once; period 1 started within the last day (card:
    // charged at the start) or within two days (PIX: issued 3 days before its start, so due already;
    // its invoice is due at that start, so this sweep does not collect it too).
    const cardAnchor = anchorFor(now - 86_400_000, now - 60_000);
    const pixAnchor = anchorFor(now + 3_600_000, now + 2 * 86_400_000);
    const dueValues = (method: "PIX" | "CREDIT_CARD", anchor: string, parity: 0 | 1) => ({
      sql: `INSERT INTO subscriptions (${subCols}) ${seq(1, DUE)}
        SELECT ${idSql("seq.n", DUE_SUB)}, ?, 0, ?, ${idSql("seq.n", BUYER)}, ?,
          ${method === "PIX" ? "NULL" : idSql("seq.n / 2", CARD)},
          'ACTIVE', ?, 1, ?, ?, NULL, NULL, 0, NULL, NULL, NULL, NULL, lower(hex(randomblob(16))), ?, ?
        FROM seq WHERE seq.n % 2 = ${parity}`,
      args: [keys.sellerId, planId, method, anchor, anchor, period(anchor, MONTH, 0).end, anchor, anchor],
    });
    await db.batch([dueValues("CREDIT_CARD", cardAnchor, 0), dueValues("PIX", pixAnchor, 1)], "write");
    log(`  billing: ${NOT_DUE} not-due and ${DUE} (not yet due) subscriptions written; timing ${SAMPLES} sweeps`);
    await sweepDurations(host, 2); // the first ones after the write warm the new pages
    const withNotDue = await sweepDurations(host, SAMPLES);
    await host.stop();

    // 2. The due sweep, on a host whose next sweep is BILL_INTERVAL s after the one at its start.
    // Dirty pages the seed above and earlier steps left (hundreds of MB) are flushed first: the
    // kernel writes them back 30 s later, in the middle of the sweep, where they slowed every
    // COMMIT's fsync (423–540 invoices/s after the webhooks step against 617–743 without it).
    execFileSync("sync");
    host = await startBillingHost(checkout, dbUrl, BILL_INTERVAL);
    await untilSweep(host, 0, 60_000);
    const pid = serverPid(host);
    const before: number[] = [];
    for (let i = 0; i < 30; i++) {
      before.push(rssMb(pid));
      await sleep(100);
    }
    const flippedAt = iso(Date.now());
    const cardDue = billingAtOf({ billingAnchor: cardAnchor, createdAt: cardAnchor }, { billingInterval: "MONTH", intervalCount: 1 }, 1, "CREDIT_CARD");
    const pixDue = billingAtOf({ billingAnchor: pixAnchor, createdAt: pixAnchor }, { billingInterval: "MONTH", intervalCount: 1 }, 1, "PIX");
    if (cardDue > flippedAt || pixDue > flippedAt) throw new Error(`seeded subscriptions not due: ${cardDue}, ${pixDue} > ${flippedAt}`);
    await db.execute({
      sql: `UPDATE subscriptions SET next_billing_at = CASE payment_method WHEN 'PIX' THEN ? ELSE ? END WHERE id LIKE '%-${DUE_SUB}'`,
      args: [pixDue, cardDue],
    });
    // Idle, so what is used is what is reachable: one read serves as both.
    const start = await metricsAfterCollection(host, pid);
    const heapBefore = start;
    const reachableBeforeMb = start.heapUsedMb;
    log(`  billing: ${DUE} subscriptions due; waiting for the host's next sweep (every ${BILL_INTERVAL} s)`);
    const during: Array<[number, number]> = [];
    const end = await untilSweep(host, start.count, (BILL_INTERVAL + 180) * 1000, () => during.push([Date.now(), rssMb(pid)]));
    const endedAt = Date.now();
    // A sweep longer than the interval overlaps the next one (both bill, each period once): then the
    // sum of their durations is what is counted, which understates the rate, and the run fails.
    const overlapped = end.count - start.count > 1;
    const sweepMs = (end.sum - start.sum) * 1000;
    const after: Array<[number, number]> = [];
    for (let i = 0; i < 30; i++) {
      after.push([Date.now(), rssMb(pid)]);
      await sleep(100);
    }
    const heapAfter = await sweepMetrics(host);
    const reachableAfterMb = (await metricsAfterCollection(host, pid)).heapUsedMb;
    await host.stop();

    const invoices = await scalar(db, "SELECT count(*) FROM invoices");
    const invoiced = await scalar(db, `SELECT count(DISTINCT subscription_id) FROM invoices WHERE subscription_id LIKE '%-${DUE_SUB}'`);
    const paid = await scalar(db, "SELECT count(*) FROM transactions WHERE invoice_id IS NOT NULL AND status = 'PAID'");
    const pending = await scalar(db, "SELECT count(*) FROM transactions WHERE invoice_id IS NOT NULL AND status = 'PENDING'");
    const other = await scalar(db, "SELECT count(*) FROM transactions WHERE invoice_id IS NOT NULL AND status NOT IN ('PAID', 'PENDING')");
    const beforeMb = spread(before).median;
    const mbs = (xs: Array<[number, number]>) => xs.map(([, mb]) => mb);
    const peakMb = Math.max(...mbs(during), ...mbs(after));
    // The sweep ran from endedAt − sweepMs (within one 300 ms poll) to endedAt.
    const began = endedAt - sweepMs;
    const half = began + sweepMs / 2;
    const firstHalfPeakMb = Math.max(...during.filter(([t]) => t >= began && t < half).map(([, mb]) => mb));
    const secondHalfPeakMb = Math.max(...during.filter(([t]) => t >= half).map(([, mb]) => mb));
    const samples = [...during, ...after];
    const timeline: Array<[number, number]> = samples
      .filter((_, i) => i % 10 === 0)
      .map(([t, mb]) => [Math.round((t - began) / 100) / 10, Math.round(mb)]);
    const e = spread(empty);
    const w = spread(withNotDue);
    const noiseMs = Math.max(BILLING_TARGETS.noiseFloorMs, e.p75 - e.p25, w.p75 - w.p25);
    const result: BillingResult = {
      due: DUE,
      notDue: NOT_DUE,
      invoices,
      charges: { paid, pending, other },
      sweepMs,
      invoicesPerSecond: invoices / (sweepMs / 1000),
      rss: {
        beforeMb, peakMb, afterMb: spread(mbs(after)).median, growthMb: peakMb - beforeMb,
        firstHalfPeakMb, secondHalfPeakMb, plateauMb: secondHalfPeakMb - firstHalfPeakMb,
        samples: before.length + samples.length, timeline,
      },
      heap: {
        usedBeforeMb: heapBefore.heapUsedMb, totalBeforeMb: heapBefore.heapTotalMb, usedAfterMb: heapAfter.heapUsedMb, totalAfterMb: heapAfter.heapTotalMb,
        reachableBeforeMb, reachableAfterMb, retainedMb: reachableAfterMb - reachableBeforeMb,
      },
      empty: e,
      withNotDue: w,
      overheadMs: w.median - e.median,
      noiseMs,
      overlapped,
      met: false,
    };
    // 3. PIX Automático's charge instructions, on a host of their own over the same database.
    result.automatico = await measureAutomaticoBilling(checkout, dbUrl, db, { sellerId: keys.sellerId, planId, buyerIdSql: (n) => idSql(n, BUYER), anchor: pixAnchor, periodEnd: period(pixAnchor, MONTH, 0).end }, log);
    result.met =
      result.automatico.met &&
      !overlapped && invoices === DUE && invoiced === DUE && paid === DUE / 2 && pending === DUE / 2 && other === 0 &&
      result.invoicesPerSecond >= BILLING_TARGETS.perSecond &&
      result.rss.growthMb <= BILLING_TARGETS.rssGrowthMb &&
      result.heap.retainedMb <= BILLING_TARGETS.retainedHeapMb &&
      result.overheadMs <= noiseMs;
    return result;
  } finally {
    db.close();
    await host.stop();
  }
}

/**
 * An anchor (a month before) whose period 1, as billing computes it (clamped to short months),
 * starts within [from, to]: the first of a few candidate times that does. Throws if none does.
 */
function anchorFor(from: number, to: number): string {
  for (let t = to; t >= from; t -= 3_600_000) {
    const d = new Date(t);
    d.setUTCMonth(d.getUTCMonth() - 1);
    const anchor = d.toISOString();
    const start = Date.parse(period(anchor, MONTH, 1).start);
    if (start >= from && start <= to) return anchor;
  }
  throw new Error(`no monthly anchor whose period 1 starts between ${new Date(from).toISOString()} and ${new Date(to).toISOString()}`);
}

/** The result as a few printed lines. */
export function formatBilling(r: BillingResult): string {
  if (r.failure) return `Billing: FAILED: ${r.failure}`;
  const f = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "-");
  const s = (x: Spread) => `median ${f(x.median, 2)} ms (IQR ${f(x.p25, 2)}–${f(x.p75, 2)}, n ${x.n})`;
  return [
    `Billing sweep (the Node host's own subscriptions.bill, ${r.due} monthly subscriptions due at once, half PIX, half card; ${r.notDue} not due beside them):`,
    `  ${r.invoices} invoices in ${f(r.sweepMs)} ms${r.overlapped ? " (OVERLAPPED the next sweep: durations summed)" : ""}: ${f(r.invoicesPerSecond)} invoices/s; charges ${r.charges.paid} PAID (card), ${r.charges.pending} PENDING (PIX), ${r.charges.other} other`,
    `  host RSS: ${f(r.rss.beforeMb)} MB idle before, peak ${f(r.rss.peakMb)} MB (+${f(r.rss.growthMb)} MB), ${f(r.rss.afterMb)} MB 3 s after; ` +
      `peak of the sweep's first half ${f(r.rss.firstHalfPeakMb)} MB, of its second ${f(r.rss.secondHalfPeakMb)} MB (${r.rss.plateauMb >= 0 ? "+" : ""}${f(r.rss.plateauMb)} MB; ${r.rss.samples} samples)`,
    `  V8 heap used ${f(r.heap.usedBeforeMb)} MB of ${f(r.heap.totalBeforeMb)} MB before, ${f(r.heap.usedAfterMb)} MB of ${f(r.heap.totalAfterMb)} MB after; ` +
      `reachable after a full collection ${f(r.heap.reachableBeforeMb)} MB before, ${f(r.heap.reachableAfterMb)} MB after (${r.heap.retainedMb >= 0 ? "+" : ""}${f(r.heap.retainedMb, 1)} MB)`,
    `  sweep with nothing due: no subscriptions ${s(r.empty)}; ${r.notDue} not due ${s(r.withNotDue)}; difference ${f(r.overheadMs, 2)} ms (noise ${f(r.noiseMs, 2)} ms)`,
    ...(r.automatico ? [formatAutomaticoBilling(r.automatico)] : []),
    `  targets: ≥ ${BILLING_TARGETS.perSecond} invoices/s, memory flat (reachable heap after ≤ before + ${BILLING_TARGETS.retainedHeapMb} MB; RSS peak ≤ idle + ${BILLING_TARGETS.rssGrowthMb} MB), not-due difference within noise, every due subscription invoiced once: ${r.met ? "ok" : "MISSED"}`,
  ].join("\n");
}
