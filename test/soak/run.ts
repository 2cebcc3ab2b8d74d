/**
 * `npm run soak -- [--minutes 5] [--concurrency 4] [--settle-seconds 240]` (not in CI;
 * docs/operations.md, "Soak"): mixed traffic against the Node host (`npm start` as a child
 * process, on a fresh database) while a webhook receiver flaps and the host is SIGKILLed and
 * restarted twice on the same database. Then it waits for the webhooks to settle and prints:
 * requests, 5xx outside the restarts (must be 0), events written against events delivered at least
 * once (must be equal), duplicates, and the server's RSS at start and end (within 20%).
 *
 * Traffic: PIX charges, sandbox pays, refunds, reads (one transaction, the list) and payment-link
 * payments (open a checkout session, pay it by PIX, the sandbox pays the charge). The receiver is
 * subscribed to ALL events and answers 500 to a third of first and second attempts (flapping), 200
 * otherwise, so every delivery ends DELIVERED within its five attempts. The host runs the sweeps
 * every 5 s (SWEEP_INTERVAL_SECONDS) and a 2 s webhook timeout (WEBHOOK_TIMEOUT_MS), so a
 * delivery cut by a SIGKILL is re-sent after its 12 s lease and a failed one after its 60 s retry.
 * RSS is read from the host's own /metrics (pay_process_resident_memory_bytes).
 * Exits 1 when a check fails.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "libsql";
import { freePort, killAllHosts, startNodeHost, stopNodeHost } from "../support/node-host";
import { liftedRateLimits } from "../../worker/lib/rate-limit";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "5" },
    concurrency: { type: "string", default: "4" },
    "settle-seconds": { type: "string", default: "240" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  process.stdout.write("Usage: npm run soak -- [--minutes 5] [--concurrency 4] [--settle-seconds 240]\n");
  process.exit(0);
}
const MINUTES = Number(values.minutes);
const CONCURRENCY = Number(values.concurrency);
const SETTLE_SECONDS = Number(values["settle-seconds"]);
if (!(MINUTES > 0) || !Number.isInteger(CONCURRENCY) || CONCURRENCY < 1 || !(SETTLE_SECONDS > 0)) {
  throw new Error("--minutes must be > 0, --concurrency an integer ≥ 1, --settle-seconds > 0");
}
const METRICS_TOKEN = `soak-${crypto.randomUUID()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (text: string) => process.stderr.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${text}\n`);

// ---- the flapping webhook receiver ----------------------------------------------------------
const deliveredTimes = new Map<string, number>(); // event id → 2xx answers
let receiverRequests = 0;
let receiver500s = 0;
function startReceiver(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiverRequests++;
      const attempt = Number(req.headers["x-webhook-attempt"] ?? 1);
      if (attempt <= 2 && Math.random() < 1 / 3) {
        receiver500s++;
        return void res.writeHead(500).end("flapping");
      }
      try {
        const id = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string }).id;
        deliveredTimes.set(id, (deliveredTimes.get(id) ?? 0) + 1);
      } catch {
        return void res.writeHead(400).end("not JSON");
      }
      res.writeHead(200).end("ok");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` })),
  );
}

// ---- the host, killed and restarted -----------------------------------------------------------
const dir = mkdtempSync(join(tmpdir(), "pay-soak-"));
const dbPath = join(dir, "pay.db");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const hostEnv = {
  PORT: String(port),
  HOST: "127.0.0.1",
  DATABASE_URL: `file:${dbPath}`,
  DEMO_PORT: "off",
  SWEEP_INTERVAL_SECONDS: "5",
  WEBHOOK_TIMEOUT_MS: "2000",
  METRICS_TOKEN,
  NODE_ENV: "",
  // The soak's load comes from one key and one address, past what a client gets: limits lifted.
  RATE_LIMITS: liftedRateLimits(),
};
/** [from, to] epoch ms of each restart: from the SIGKILL until the new host listens (+1 s). */
const restartWindows: Array<[number, number]> = [];
let hostUp = false;

/** The host's memory from its own /metrics: RSS, V8 heap in use, and external (native) memory. */
async function memory(): Promise<{ rss: number; heap: number; heapTotal: number; external: number } | null> {
  try {
    const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
    const m = { rss: read("pay_process_resident_memory_bytes"), heap: read("pay_nodejs_heap_size_used_bytes"), heapTotal: read("pay_nodejs_heap_size_total_bytes"), external: read("pay_nodejs_external_memory_bytes") };
    return Number.isFinite(m.rss) ? m : null;
  } catch {
    return null;
  }
}

/** Keeps the last 4 KB of a host's output and says so when it exits without being killed. */
function watch(host: { child: ChildProcess; out: string }) {
  let tail = host.out.slice(-4096);
  const keep = (d: Buffer) => void (tail = (tail + d.toString("utf8")).slice(-4096));
  host.child.stdout?.on("data", keep);
  host.child.stderr?.on("data", keep);
  host.child.on("exit", (code, signal) => {
    if (signal !== "SIGKILL") say(`host exited on its own (${code ?? signal}); its last output:\n${tail}`);
  });
  return { child: host.child, out: host.out, tail: () => tail };
}

// ---- traffic ----------------------------------------------------------------------------------
type Kind = "charge" | "pay" | "refund" | "read" | "list" | "link-pay";
const counts = { requests: 0, byStatus: new Map<number, number>(), byKind: new Map<string, number>(), fiveXxOutside: 0, fiveXxInRestart: 0, cutByRestart: 0, networkOutside: 0 };
const problems: string[] = [];
const pending: string[] = []; // PIX charges waiting to be paid
const paid: string[] = []; // paid charges that may be refunded
let apiKey = "";
let linkId = "";
let stopping = false;

const inRestart = (started: number, ended: number) => restartWindows.some(([a, b]) => started <= b && ended >= a) || !hostUp;

async function call(kind: Kind | "setup", method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any } | null> {
  const started = Date.now();
  counts.requests++;
  counts.byKind.set(kind, (counts.byKind.get(kind) ?? 0) + 1);
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    counts.byStatus.set(res.status, (counts.byStatus.get(res.status) ?? 0) + 1);
    if (res.status >= 500) {
      if (inRestart(started, Date.now())) counts.fiveXxInRestart++;
      else {
        counts.fiveXxOutside++;
        if (problems.length < 10) problems.push(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
      }
    }
    return { status: res.status, json: text ? JSON.parse(text) : null };
  } catch (err) {
    if (inRestart(started, Date.now())) counts.cutByRestart++;
    else {
      counts.networkOutside++;
      if (problems.length < 10) problems.push(`${method} ${path} → ${err instanceof Error ? err.message : String(err)}`);
    }
    return null;
  }
}

const secret = () => ({ "X-Api-Key": apiKey });
const idem = () => ({ "Idempotency-Key": crypto.randomUUID() });
const pick = <T>(list: T[]): T | undefined => (list.length ? list.splice(Math.floor(Math.random() * list.length), 1)[0] : undefined);
const buyer = { name: "Maria da Silva", documentType: "CPF", documentNumber: "52998224725", email: "maria@example.com" };

async function oneOperation(): Promise<void> {
  const r = Math.random();
  if (r < 0.25) {
    const res = await call("charge", "POST", "/v1/transactions", { paymentMethod: "PIX", amount: 1000 + Math.floor(Math.random() * 9000), currency: "BRL", description: "Soak", buyer }, { ...secret(), ...idem() });
    if (res?.status === 201) pending.push(res.json.id);
  } else if (r < 0.45) {
    const id = pick(pending);
    if (!id) return;
    const res = await call("pay", "POST", `/v1/sandbox/transactions/${id}/pay`, undefined, secret());
    if (res && res.status < 300) paid.push(id);
  } else if (r < 0.55) {
    const id = pick(paid);
    if (!id) return;
    await call("refund", "POST", `/v1/transactions/${id}/refunds`, Math.random() < 0.5 ? { amount: 500 } : {}, { ...secret(), ...idem() });
  } else if (r < 0.75) {
    const id = paid[Math.floor(Math.random() * paid.length)] ?? pending[0];
    if (id) await call("read", "GET", `/v1/transactions/${id}`, undefined, secret());
  } else if (r < 0.85) {
    await call("list", "GET", "/v1/transactions?size=20", undefined, secret());
  } else {
    const session = await call("link-pay", "POST", `/v1/payment-links/${linkId}/checkout-sessions`);
    if (session?.status !== 201) return;
    const payment = await call("link-pay", "POST", `/v1/checkout-sessions/${session.json.id}/pay`, {
      clientSecret: session.json.clientSecret,
      paymentMethod: "PIX",
      buyer: { name: "João Comprador", email: "joao@example.com", documentType: "CPF", documentNumber: "52998224725", phone: "11987654321" },
    }, idem());
    if (payment?.status !== 201) return;
    const res = await call("link-pay", "POST", `/v1/sandbox/transactions/${payment.json.transaction.id}/pay`, undefined, secret());
    if (res && res.status < 300) paid.push(payment.json.transaction.id);
  }
}

async function worker(): Promise<void> {
  while (!stopping) {
    if (!hostUp) {
      await sleep(100);
      continue;
    }
    await oneOperation();
    await sleep(10); // leaves the 2 shared cores some room; the point is duration, not peak load
  }
}

// ---- the run ----------------------------------------------------------------------------------
const { server: receiverServer, url: receiverUrl } = await startReceiver();
let exitCode = 0;
try {
  say(`database ${dbPath}; host on ${base}; ${MINUTES} min of traffic, ${CONCURRENCY} clients`);
  let host = watch(await startNodeHost(hostEnv));
  hostUp = true;
  const sellerId = /Seller\s+([0-9a-f-]{36})/.exec(host.out)?.[1];
  apiKey = /Secret key\s+(sk_test_\w+)/.exec(host.out)?.[1] ?? "";
  if (!sellerId || !apiKey) throw new Error(`no seller or key in the host's first start:\n${host.out}`);
  const hook = await call("setup", "POST", `/v1/sellers/${sellerId}/webhooks`, { url: receiverUrl, eventTypes: ["ALL"] }, secret());
  if (hook?.status !== 201) throw new Error(`webhook registration: ${JSON.stringify(hook)}`);
  const link = await call("setup", "POST", "/v1/payment-links", { name: "Soak", amountInCents: 4990, paymentMethods: ["PIX"], requireCustomerDocument: false }, { ...secret(), ...idem() });
  if (link?.status !== 201) throw new Error(`payment link: ${JSON.stringify(link)}`);
  linkId = link.json.id;
  const since: string = hook.json.createdAt;

  const totalMs = MINUTES * 60_000;
  const started = Date.now();
  const workers = Array.from({ length: CONCURRENCY }, () => worker());
  // The host's memory every 5 s. One reading swings ±20% with the garbage collector's heap size,
  // so start and end are medians: the first process's readings 10-40 s into the run against the
  // last 30 s of the run.
  const samples: Array<{ at: number; process: number; rss: number; text: string }> = [];
  let hostNumber = 1;
  const sampler = setInterval(async () => {
    if (!hostUp) return;
    const proc = hostNumber;
    const m = await memory();
    if (m && hostUp && proc === hostNumber) samples.push({ at: Date.now() - started, process: proc, rss: m.rss, text: `${fmtMb(m.rss)}/${fmtMb(m.heapTotal)}/${fmtMb(m.heap)}` });
  }, 5000);
  for (const at of [1 / 3, 2 / 3]) {
    await sleep(Math.max(0, started + totalMs * at - Date.now()));
    const killedAt = Date.now();
    hostUp = false;
    restartWindows.push([killedAt, Number.MAX_SAFE_INTEGER]);
    if (host.child.exitCode !== null || host.child.signalCode !== null) throw new Error(`the host had exited on its own (${host.child.exitCode ?? host.child.signalCode}):\n${host.tail()}`);
    await stopNodeHost(host.child, port, "SIGKILL");
    say("host SIGKILLed; restarting on the same database");
    host = watch(await startNodeHost(hostEnv));
    hostNumber++;
    restartWindows[restartWindows.length - 1] = [killedAt, Date.now() + 1000];
    hostUp = true;
    say(`host back after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
  }
  await sleep(Math.max(0, started + totalMs - Date.now()));
  stopping = true;
  clearInterval(sampler);
  await Promise.all(workers);
  const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : null);
  const rssStart = median(samples.filter((x) => x.process === 1 && x.at >= 10_000 && x.at <= 40_000).map((x) => x.rss));
  const rssEnd = median(samples.filter((x) => x.at >= totalMs - 30_000).map((x) => x.rss));
  say(`memory every 5 s (RSS/heap total/heap used, by process): ${[1, 2, 3].map((n) => `#${n}: ${samples.filter((x) => x.process === n).map((x) => x.text).join(", ")}`).join(" | ")}`);
  const trafficSeconds = (Date.now() - started) / 1000;
  say(`traffic done (${counts.requests} requests); waiting for webhooks to settle (≤ ${SETTLE_SECONDS} s)`);

  // Settled: every event of the seller since the webhook was registered arrived with a 2xx, and
  // no delivery is still PENDING (a refund concluding later would add one), twice in a row.
  const db = new Database(dbPath, { readonly: true });
  const writtenIds = () => (db.prepare("SELECT id FROM events WHERE seller_id = ? AND created_at >= ?").all(sellerId, since) as Array<{ id: string }>).map((r) => r.id);
  const deliveryStates = () =>
    Object.fromEntries((db.prepare("SELECT status, count(*) AS n FROM webhook_deliveries WHERE seller_id = ? GROUP BY status").all(sellerId) as Array<{ status: string; n: number }>).map((r) => [r.status, r.n]));
  const settleStarted = Date.now();
  let written: string[] = [];
  let missing: string[] = [];
  let calm = 0;
  let polls = 0;
  while (Date.now() - settleStarted < SETTLE_SECONDS * 1000) {
    written = writtenIds();
    missing = written.filter((id) => !deliveredTimes.has(id));
    const open = deliveryStates().PENDING ?? 0;
    calm = missing.length === 0 && !open ? calm + 1 : 0;
    if (++polls % 10 === 0) say(`settling: ${written.length} events, ${missing.length} not yet delivered, ${open} deliveries pending`);
    if (calm >= 2) break;
    await sleep(2000);
  }
  const settleSeconds = (Date.now() - settleStarted) / 1000;
  const states = deliveryStates();
  db.close();
  const duplicates = [...deliveredTimes.values()].reduce((n, times) => n + times - 1, 0);
  const stray = [...deliveredTimes.keys()].filter((id) => !written.includes(id)).length;
  const rssGrowth = rssStart && rssEnd ? (rssEnd - rssStart) / rssStart : null;
  if (host.child.exitCode === null && host.child.signalCode === null) await stopNodeHost(host.child, port, "SIGKILL");

  const statuses = [...counts.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(", ");
  const kinds = [...counts.byKind.entries()].map(([k, n]) => `${k} ${n}`).join(", ");
  const checks = {
    fiveXx: counts.fiveXxOutside === 0 && counts.networkOutside === 0,
    delivered: missing.length === 0 && stray === 0,
    rss: rssGrowth !== null && Math.abs(rssGrowth) <= 0.2,
  };
  const rows: Array<[string, string]> = [
    ["traffic", `${(trafficSeconds / 60).toFixed(1)} min, ${CONCURRENCY} clients, host SIGKILLed and restarted ${restartWindows.length}×`],
    ["requests", `${counts.requests} (${(counts.requests / trafficSeconds).toFixed(0)}/s): ${kinds}`],
    ["answers", statuses],
    ["5xx (or no answer) outside the restarts", `${counts.fiveXxOutside + counts.networkOutside} ${checks.fiveXx ? "✓" : "✗ must be 0"}`],
    ["cut by a restart (no answer / 5xx)", `${counts.cutByRestart} / ${counts.fiveXxInRestart}`],
    ["events written", String(written.length)],
    ["delivered at least once", `${written.length - missing.length} ${checks.delivered ? "✓" : `✗ ${missing.length} missing, ${stray} unknown`}`],
    ["duplicates (2xx more than once)", String(duplicates)],
    ["receiver: POSTs / 500s answered", `${receiverRequests} / ${receiver500s}`],
    ["deliveries by status", JSON.stringify(states)],
    ["settled after", `${settleSeconds.toFixed(0)} s`],
    ["server RSS start → end (medians)", `${fmtMb(rssStart)} → ${fmtMb(rssEnd)} (${rssGrowth === null ? "?" : `${(rssGrowth * 100).toFixed(1)}%`}) ${checks.rss ? "✓" : "✗ must be within 20%"}`],
  ];
  process.stdout.write(`\n| soak | |\n|---|---|\n${rows.map(([k, v]) => `| ${k} | ${v} |`).join("\n")}\n`);
  if (problems.length) process.stdout.write(`\nFirst problems:\n${problems.map((p) => `  ${p}`).join("\n")}\n`);
  if (!Object.values(checks).every(Boolean)) exitCode = 1;
} catch (err) {
  process.stderr.write(`soak failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  exitCode = 1;
} finally {
  stopping = true;
  killAllHosts();
  receiverServer.closeAllConnections();
  receiverServer.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);

function fmtMb(bytes: number | null): string {
  return bytes === null || !Number.isFinite(bytes) ? "?" : `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
