/**
 * `npm run bench`: the Node host over HTTP against the floor of its own stack (floor-server.ts:
 * Hono + @libsql/client, one statement per request), both as child processes on temporary
 * databases, loaded by autocannon from this process.
 *
 * Floor and project rounds alternate per operation (floor, project, floor, …) after a warm-up,
 * and the median of the per-round ratios counts: the machine is shared, so absolute figures
 * drift between runs, and a burst of someone else's load lands on one round, not on the median.
 * Prints one table, writes it as JSON to bench/results/, exits 1 on a missed target or any error.
 * Last, the subscription billing sweep on its own database (billing.ts: invoices/s, RSS, the cost
 * of subscriptions not due). First it prints the widget's weight (widget-size.ts): pay.js and the card frame, raw and gzipped,
 * the link mode's chunk and the seller dashboard's script, against their targets.
 * With `live-pix` among the operations, a PSP simulator runs beside the host, the host is
 * configured for it, and live PIX's latency and callbacks are measured after the operations
 * (live-pix.ts).
 * `--quick` is the regression guard instead (quick.ts): the hot operations in under two minutes,
 * each ratio against bench/results/baseline.json; the full run's targets are not its verdict.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseBenchArgs, USAGE, type BenchOptions } from "./args";
import { formatBilling, measureBilling, type BillingResult } from "./billing";
import { cleanupAll, installCleanupHandlers, onCleanup } from "./cleanup";
import { startFloor, type Floor } from "./floor";
import { createSeller, hostDatabaseUrl, resolveCheckout, startHost } from "./host";
import { connectHost, createLiveKey, formatLivePix, measureLivePix, startBenchPsp, type BenchPsp, type LivePixResult } from "./live-pix";
import { measure, type LoadOptions } from "./load";
import { callApi, floorSpec, OPERATIONS, PIX_BODY, type OpContext, type Operation } from "./ops";
import { compareWithBaseline, formatQuick, readBaseline, recordBaseline, type QuickCheck } from "./quick";
import { failed, formatTable, machineInfo, passed, summarize, writeResults, type OpResult } from "./report";
import { seedTransactions } from "./seed";
import { formatWebhooks, measureWebhooks, type WebhookResult } from "./webhooks";
import { formatWidgetSizes, widgetSizes, widgetWithinTarget, type WidgetSize } from "./widget-size";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const RESULTS_DIR = join(REPO, "bench/results");
/** The quick guard's recorded ratios (quick.ts). */
const BASELINE = join(RESULTS_DIR, "baseline.json");

const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);

/** Warm-up, then `rounds` pairs of (floor round, project round). */
async function measureOperation(op: Operation, ctx: OpContext, floor: Floor, opts: BenchOptions): Promise<OpResult> {
  const prepared = await op.prepare(ctx);
  const label = prepared.label ?? op.label;
  const target = prepared.target === undefined ? op.target : prepared.target;
  const floorRequest = floorSpec(op, prepared.spec, floor);
  const base = { connections: op.connections ?? opts.connections };
  const floorLoad = (seconds: number): LoadOptions => ({ ...base, seconds, expected: op.floor === "insert" ? [201] : [200] });
  const projectLoad = (seconds: number): LoadOptions => ({ ...base, seconds, expected: op.expected });

  let warmupErrors = 0;
  if (opts.warmup > 0) {
    // JIT, SQLite page cache, connection pools: none of that is what we compare.
    warmupErrors += (await measure(floor.server.url, floorRequest, floorLoad(opts.warmup))).errors;
    warmupErrors += (await measure(ctx.host.url, prepared.spec, projectLoad(opts.warmup))).errors;
  }
  const floorRounds = [];
  const projectRounds = [];
  for (let r = 0; r < opts.rounds; r++) {
    const f = await measure(floor.server.url, floorRequest, floorLoad(opts.duration));
    const p = await measure(ctx.host.url, prepared.spec, projectLoad(opts.duration));
    ctx.host.assertAlive();
    floorRounds.push(f);
    projectRounds.push(p);
    log(`  ${op.name} round ${r + 1}/${opts.rounds}: floor ${f.rps.toFixed(0)} req/s, project ${p.rps.toFixed(0)} req/s (${(p.rps / f.rps).toFixed(3)})`);
  }
  return summarize(op, label, target, floorRounds, projectRounds, warmupErrors);
}

async function main(): Promise<number> {
  const opts = parseBenchArgs(process.argv.slice(2), REPO, [...OPERATIONS.map((o) => o.name), "search", "webhooks", "billing"]);
  if (!opts) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const started = new Date();
  const loadAtStart = loadavg();
  const checkout = resolveCheckout(opts.hostDir);
  const benchTsx = join(REPO, "node_modules/.bin/tsx");
  const tmp = mkdtempSync(join(tmpdir(), "pay-bench-"));
  const removeTmp = () => rmSync(tmp, { recursive: true, force: true });
  onCleanup({ run: async () => removeTmp(), runSync: removeTmp });
  log(`host ${checkout.dir} @ ${checkout.commit?.slice(0, 10) ?? "?"}${checkout.dirty ? " (uncommitted changes)" : ""}; temp ${tmp}`);

  // The widget's weight first: a second, not worth four minutes of load to learn.
  let widget: WidgetSize[] | { error: string };
  try {
    widget = widgetSizes(checkout.dir);
    log(formatWidgetSizes(widget));
  } catch (err) {
    widget = { error: err instanceof Error ? err.message : String(err) };
    log(`widget size: ${widget.error}`);
  }
  // Over the target fails the run; not built (an old checkout under --host-dir) only says so.
  const widgetOk = !Array.isArray(widget) || widgetWithinTarget(widget);

  // The floor fills its own table meanwhile; it is a separate process.
  const floorReady = startFloor(join(tmp, "floor"), opts.rows, benchTsx, REPO);
  floorReady.catch(() => {}); // awaited below; avoid an unhandled rejection meanwhile

  const dbUrl = hostDatabaseUrl(join(tmp, "host"));
  const keys = await createSeller(checkout, dbUrl);
  log(`seller ${keys.sellerId} created by the checkout's admin CLI`);
  const wantLivePix = opts.only.length === 0 || opts.only.includes("live-pix");
  // live-pix's setup failing (an older checkout under --host-dir has no live PIX) fails live-pix alone.
  let liveSetupError: string | null = null;
  let liveApiKey: string | undefined;
  if (wantLivePix) {
    try {
      liveApiKey = await createLiveKey(checkout, dbUrl, keys.sellerId);
      log("seller approved for live and given live keys by the same CLI");
    } catch (err) {
      liveSetupError = err instanceof Error ? err.message : String(err);
      log(`live-pix setup failed: ${liveSetupError}`);
    }
  }

  // One real transaction through the API: the row every seeded one is cloned from, and the one GET reads.
  let host = await startHost(checkout, dbUrl);
  const source = await callApi({ host, apiKey: keys.apiKey }, "POST", "/v1/transactions", PIX_BODY, { "idempotency-key": "bench-source" });
  if (source.status !== 201 || typeof source.json.id !== "string") {
    throw new Error(`creating the source transaction: HTTP ${source.status} ${JSON.stringify(source.json).slice(0, 500)}`);
  }
  const transactionId = source.json.id;
  await host.stop();

  let seed = null;
  if (opts.rows > 0) {
    log(`seeding ${opts.rows} transactions…`);
    seed = await seedTransactions(dbUrl, transactionId, opts.rows, (done) => log(`  ${done}/${opts.rows}`));
    log(`seeded in ${seed.seconds.toFixed(1)} s (replaced columns: ${seed.replaced.join(", ")}; table has ${seed.totalRows} rows)`);
  }
  const floor = await floorReady;
  // Only for live-pix: the PSP simulator first, and the host told of it (test keys never reach it).
  let psp: BenchPsp | null = null;
  if (liveApiKey) {
    psp = await startBenchPsp(benchTsx, REPO);
    log(`PSP simulator on ${psp.url}`);
  }
  host = await startHost(checkout, dbUrl, psp?.hostEnv ?? {});
  log(`host on ${host.url}, floor on ${floor.server.url}`);

  const ctx: OpContext = { host, apiKey: keys.apiKey, transactionId, rows: opts.rows, liveApiKey, sellerId: keys.sellerId };
  if (psp) {
    try {
      await connectHost(psp, ctx, dbUrl);
    } catch (err) {
      liveSetupError = err instanceof Error ? err.message : String(err);
      log(`live-pix setup failed: ${liveSetupError}`);
      delete ctx.liveApiKey; // the operation then fails on its own, the others run
    }
  }
  const selected = OPERATIONS.filter((op) => opts.only.length === 0 || opts.only.includes(op.name) || (op.group !== undefined && opts.only.includes(op.group)));
  const wantWebhooks = opts.only.length === 0 || opts.only.includes("webhooks");
  const wantBilling = opts.only.length === 0 || opts.only.includes("billing");
  const results: OpResult[] = [];
  for (const op of selected) {
    log(`${op.name}: ${opts.warmup} s warm-up, then ${opts.rounds} × (${opts.duration} s floor + ${opts.duration} s project)`);
    try {
      host.assertAlive();
      floor.server.assertAlive();
      results.push(await measureOperation(op, ctx, floor, opts));
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      log(`${op.name} failed: ${msg}`);
      // A 500 names a request id; the host's log line for it usually names the cause.
      const requestId = /req_[0-9a-f-]{36}/.exec(msg)?.[0];
      const lines = requestId ? host.stdout.tail.split("\n").filter((l) => l.includes(requestId)) : [];
      for (const line of lines) log(`  host log: ${line}`);
      results.push(failed(op, msg.split("\n")[0]!));
    }
  }

  // live-pix's latency and callbacks: after the operations (its pays add PAID events), before the webhooks.
  let livePix: LivePixResult | null = null;
  if (wantLivePix) {
    log(`live-pix: ${opts.rounds} × (1 connection: test create, live create, the PSP's PUT alone back to back and paced; then the PUT at ${opts.connections} connections), ${opts.duration} s each; then callbacks`);
    try {
      if (liveSetupError || !psp) throw new Error(liveSetupError ?? "no PSP simulator");
      livePix = await measureLivePix({ ...ctx, sellerId: keys.sellerId }, psp, dbUrl, opts, log);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      log(`live-pix failed: ${msg}`);
      livePix = { failure: msg.split("\n")[0]!, met: false } as LivePixResult;
    }
  }

  // Last: the webhook it registers would add deliveries to the operations above.
  let webhooks: WebhookResult | null = null;
  if (wantWebhooks) {
    log("webhooks: pays → deliveries to a local receiver, then a replay for throughput");
    try {
      webhooks = await measureWebhooks({ ...ctx, sellerId: keys.sellerId }, undefined, opts.connections, log);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      log(`webhooks failed: ${msg}`);
      webhooks = { failure: msg.split("\n")[0]!, met: false } as WebhookResult;
    }
  }

  // Its own database and hosts (billing.ts); the API host above is stopped first, so only the
  // billing host runs while its sweep is timed.
  let billing: BillingResult | null = null;
  if (wantBilling) {
    log("billing: 10,000 subscriptions due at once, billed by the Node host's own sweep; 100,000 not due");
    await host.stop();
    try {
      billing = await measureBilling(checkout, join(tmp, "billing"), log);
      log(formatBilling(billing));
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      log(`billing failed: ${msg}`);
      billing = { failure: msg.split("\n")[0]!, met: false } as BillingResult;
    }
  }

  const finished = new Date();
  const machine = machineInfo(checkout, loadAtStart);
  const commit = `${checkout.commit?.slice(0, 10) ?? "unknown commit"}${checkout.dirty ? "+uncommitted" : ""}`;
  // The guard's verdict: no regression against the baseline and no errors (its small history and
  // short rounds are not what the full run's targets are set for).
  let quick: QuickCheck[] | null = null;
  let quickText = "";
  if (opts.quick) {
    if (opts.recordBaseline) {
      const recorded = recordBaseline(BASELINE, results, opts, commit, loadAtStart[0]!, finished);
      quick = compareWithBaseline(results, recorded);
      quickText = `Recorded ${BASELINE}: ${Object.entries(recorded.ratios).map(([n, r]) => `${n} ${r.toFixed(3)}`).join(", ")}`;
    } else {
      const baseline = readBaseline(BASELINE);
      quick = compareWithBaseline(results, baseline);
      quickText = formatQuick(quick, baseline, BASELINE);
    }
  }
  const ok = opts.quick
    ? quick!.every((c) => !c.regressed) && results.every((r) => r.errors === 0 && !r.failure)
    : results.every(passed) && widgetOk && (livePix?.met ?? true) && (webhooks?.met ?? true) && (billing?.met ?? true);
  const file = writeResults(RESULTS_DIR, started, {
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    seconds: (finished.getTime() - started.getTime()) / 1000,
    options: opts,
    machine,
    seed,
    widget,
    hostLogLines: host.stdout.lines,
    passed: ok,
    operations: results,
    livePix,
    webhooks,
    billing,
    quick,
  });
  process.stdout.write(
    `\nHost ${checkout.dir} @ ${commit}; ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; ` +
      `${opts.rows} seeded transactions, ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s rounds per side; ` +
      `${((finished.getTime() - started.getTime()) / 1000).toFixed(0)} s in all; load average ${loadAtStart[0]!.toFixed(1)} at start, ` +
      `${machine.loadavgAtEnd[0]!.toFixed(1)} at end\n\n${formatTable(results)}\n\n` +
      `${Array.isArray(widget) ? formatWidgetSizes(widget) : `Widget: ${widget.error}`}\n\n` +
      `${livePix ? `${formatLivePix(livePix, results)}\n\n` : ""}` +
      `${webhooks ? `${formatWebhooks(webhooks)}\n\n` : ""}` +
      `${billing ? `${formatBilling(billing)}\n\n` : ""}` +
      `${quickText ? `${quickText}\n\n` : ""}` +
      `${opts.quick ? (ok ? "No regression, no errors." : "Regressed or errors: exit 1.") : ok ? "All targets met, no errors." : "Targets missed or errors: exit 1."} Saved ${file}\n`,
  );
  return ok ? 0 : 1;
}

installCleanupHandlers();
main()
  .then(async (code) => {
    await cleanupAll();
    process.exit(code);
  })
  .catch(async (err) => {
    process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
    await cleanupAll();
    process.exit(1);
  });
