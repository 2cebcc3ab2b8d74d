/**
 * `live-pix` (issue 29): live PIX through the PSP simulator on this machine. Only when `live-pix`
 * is among the operations: the simulator starts as its own child process (psp-sim-server.ts,
 * plain http on 127.0.0.1) before the measured host, which gets PIX_PSP_* and PIX_RECEIVER_KEY
 * pointing at it; the bench's seller is approved for live and given live keys by the checkout's
 * admin CLI; the PSP's callback is registered at the simulator (`PUT /webhook/{chave}`) with the
 * URL the host derives from its vault key. Test keys never reach the PSP, so the other operations
 * send the same requests as without it.
 *
 * The table's `live-pix` row is the closed loop against the floor like any write. Then, here:
 * 1. Latency, one connection, `rounds` alternating rounds of: a test create, a live create, and
 *    the simulator's own `PUT /cob/{txid}` alone (a fresh txid each, one token, the body the
 *    connector sent) twice: back to back (autocannon) and paced, with the simulator left idle
 *    between two PUTs as long as it is during live creates; then that PUT at `--connections`
 *    (what the simulator can take). The CPU time of the host and of the simulator per request,
 *    from /proc. "Live create = test create + X": X against the PSP's round trip, and the
 *    issue's rule, live p50 − test p50 ≤ 1.5 × the paced PUT's p50 (the 0.5 for the
 *    connector's own work: the JSON both ways, the log line, the answer's checks), reported
 *    with its verdict but not a target (docs/performance.md, "Live PIX through a PSP").
 * 2. Callback → PAID: live charges paid through the simulator's control `pay`, which sends the
 *    callback and waits for its answer (the host reads the cob back from the PSP and commits
 *    PAID before it answers), one at a time, then `--connections` at a time; after each, as many
 *    test charges paid through `POST /v1/sandbox/transactions/{id}/pay` (the path the webhook
 *    figures start from). A live webhook cannot point at loopback (docs/webhooks.md), so the
 *    seller's delivery after a callback is not measured here: from the commit on it is the
 *    same code as after the sandbox's pay.
 */
import { execFile } from "node:child_process";
import http from "node:http";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createClient } from "@libsql/client";
import { createNodeVault } from "../../worker/node/node-vault";
import { freePort, spawnServer, waitForHealth, type ChildServer } from "./child";
import { groupCpuMs } from "./cpu";
import { hostEnv, type HostCheckout } from "./host";
import { measure, type RequestSpec, type Sample } from "./load";
import { callApi, PIX_BODY, type OpContext } from "./ops";
import type { OpResult } from "./report";
import { pct, pool } from "./webhooks";

const run = promisify(execFile);

/** The receiver's DICT key at the simulated PSP (an EVP). */
const RECEIVER_KEY = "b3e1c0de-0000-4000-8000-00000000be7c";

/** The simulator as the bench runs it. */
export interface BenchPsp {
  server: ChildServer;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The API Pix base, `{origin}/v2`. */
  url: string;
  clientId: string;
  clientSecret: string;
  receiverKey: string;
  /** What the host is started with. */
  hostEnv: Record<string, string>;
  /** The body of the connector's `PUT /cob/{txid}` (captured from one live create), for the PUT measured alone. */
  cobBody?: string;
}

/** Starts the simulator (its own process, the bench's tsx) and waits until it answers. */
export async function startBenchPsp(tsxBin: string, cwd: string): Promise<BenchPsp> {
  const port = await freePort();
  const clientSecret = randomBytes(24).toString("base64url");
  const server = spawnServer({
    name: "PSP simulator",
    command: tsxBin,
    args: [fileURLToPath(new URL("./psp-sim-server.ts", import.meta.url))],
    cwd,
    env: { ...process.env, PORT: String(port), PSP_SIM_CLIENT_SECRET: clientSecret, PIX_RECEIVER_KEY: RECEIVER_KEY },
    port,
  });
  await waitForHealth(server, "/__sim/callbacks");
  const origin = server.url;
  const clientId = "pay-gateway"; // the simulator's default
  return {
    server,
    origin,
    url: `${origin}/v2`,
    clientId,
    clientSecret,
    receiverKey: RECEIVER_KEY,
    hostEnv: { PIX_PSP_URL: `${origin}/v2`, PIX_PSP_TOKEN_URL: `${origin}/v2/oauth/token`, PIX_PSP_CLIENT_ID: clientId, PIX_PSP_CLIENT_SECRET: clientSecret, PIX_RECEIVER_KEY: RECEIVER_KEY },
  };
}

/** `admin seller:approve-live`, then `admin keys:rotate --live --json` in the checkout: the seller's live secret key. */
export async function createLiveKey(checkout: HostCheckout, dbUrl: string, sellerId: string): Promise<string> {
  const admin = (...args: string[]) => run(checkout.tsxBin, ["worker/cli/admin.ts", ...args], { cwd: checkout.dir, env: hostEnv(dbUrl), maxBuffer: 1 << 20 });
  try {
    await admin("seller:approve-live", "--seller", sellerId, "--json");
    const { stdout } = await admin("keys:rotate", "--seller", sellerId, "--live", "--json");
    const line = stdout.split("\n").find((l) => l.trim().startsWith("{"));
    const apiKey = line ? (JSON.parse(line) as { apiKey?: string }).apiKey : undefined;
    if (!apiKey) throw new Error(`admin keys:rotate --live printed no key: ${stdout}`);
    return apiKey;
  } catch (err) {
    throw new Error(`live keys: ${err instanceof Error ? err.message : String(err)}\n${String((err as { stderr?: string }).stderr ?? "")}`);
  }
}

/** An access token from the simulator (client credentials), as the connector gets one. */
async function accessToken(psp: BenchPsp): Promise<string> {
  const res = await fetch(`${psp.url}/oauth/token`, {
    method: "POST",
    headers: { Authorization: `Basic ${Buffer.from(`${psp.clientId}:${psp.clientSecret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  const json = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !json.access_token) throw new Error(`PSP token: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.access_token;
}

/**
 * Registers the host's callback at the simulator, as `admin pix:webhook` does:
 * `{host}/psp/pix/{secret}`, the secret the vault's digest of "pix-psp-callback-url"
 * (domain/pix/psp-callback.ts), with the vault key the admin CLI wrote beside the database. The
 * host's start registers the same URL, without waiting for it; doing it here, awaited, means the
 * callbacks are in place before anything is measured. Then one live create through the API, whose
 * `PUT /cob` body the PSP-alone measurement sends.
 */
export async function connectHost(psp: BenchPsp, ctx: Pick<OpContext, "host" | "liveApiKey">, dbUrl: string): Promise<void> {
  const vaultKey = process.env.VAULT_KEY?.trim() || readFileSync(join(dirname(dbUrl.replace(/^file:/, "")), "vault.key"), "utf8").trim();
  const [secret] = await createNodeVault(vaultKey).digests(["pix-psp-callback-url"]);
  const token = await accessToken(psp);
  const hook = await fetch(`${psp.url}/webhook/${encodeURIComponent(psp.receiverKey)}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ webhookUrl: `${ctx.host.url}/psp/pix/${secret}` }),
  });
  if (hook.status !== 200) throw new Error(`registering the callback at the simulator: HTTP ${hook.status} ${await hook.text()}`);

  const created = await callApi({ host: ctx.host, apiKey: ctx.liveApiKey! }, "POST", "/v1/transactions", PIX_BODY, { "idempotency-key": `bench-live-${Date.now()}` });
  if (created.status !== 201) throw new Error(`a live PIX create: HTTP ${created.status} ${JSON.stringify(created.json).slice(0, 500)}`);
  const received = (await (await fetch(`${psp.origin}/__sim/received`)).json()) as Array<{ method: string; path: string; status: number; body: unknown }>;
  const put = received.findLast((r) => r.method === "PUT" && r.path.startsWith("/cob/") && r.status === 201);
  if (!put) throw new Error("the live create made no PUT /cob at the simulator");
  psp.cobBody = JSON.stringify(put.body);
}

/** What the live-pix measurements found. */
export interface LivePixResult {
  connections: number;
  /** The simulator's idle time between paced PUTs (ms): in the warm-up, the live create's p50 less the PUT's. */
  gapMs: number;
  /** Per round: one connection each (test create, live create, PUT closed loop, PUT paced); then the PUT at `connections`. */
  rounds: Array<{ test: Sample; live: Sample; put: Sample; putPaced: Sample; putLoaded: Sample; cpu: Cpu }>;
  /** Medians over the rounds; `extraP50` is the median of each round's live p50 − test p50. */
  serial: { test: Percentiles; live: Percentiles; put: Percentiles; putPaced: Percentiles; extraP50: number; cpu: Cpu };
  putLoaded: { rps: number; p50: number; p99: number };
  /** The issue's rule, per round: live p50 − test p50 ≤ factor × the paced PUT's p50 (one connection); `limit` is the right side. */
  rule: { factor: number; limit: number; met: boolean };
  callback: { serial: CallbackPhase; concurrent: CallbackPhase };
  errors: number;
  met: boolean;
  failure?: string;
}

/** CPU time per request (ms, user + system, whole process groups; NaN where /proc is not readable). */
interface Cpu {
  /** The host, per test create. */
  hostTest: number;
  /** The host, per live create. */
  hostLive: number;
  /** The simulator, per live create (its one PUT /cob). */
  pspLive: number;
}

interface Percentiles {
  p50: number;
  p99: number;
}

/** Live charges paid through the simulator and test charges through the sandbox route, `concurrency` at a time. */
interface CallbackPhase {
  pays: number;
  concurrency: number;
  /** Callbacks the simulator reports delivered (answered 2xx). */
  delivered: number;
  /** Those transactions PAID afterwards (read from the database). */
  paid: number;
  /** The control's pay sent → answered: the callback's round trip, the host's read-back and commit included. */
  payToAnswer: Percentiles;
  /** The control's pay sent → the transaction's paidAt (stamped before its commit; whole ms). */
  payToPaidAt: Percentiles;
  /** Test charges paid by POST /v1/sandbox/transactions/{id}/pay: sent → answered. */
  sandboxPay: Percentiles;
}

export const RULE_FACTOR = 1.5;
/** Whether a missed rule fails the run (see docs/performance.md, issue 29). */
const RULE_IS_A_CHECK = false;
const RULE_NOTE = RULE_IS_A_CHECK ? "" : "; reported, not a target";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const medians = (samples: Sample[]): Percentiles => ({ p50: median(samples.map((s) => s.p50)), p99: median(samples.map((s) => s.p99)) });
const percentiles = (xs: number[]): Percentiles => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99) };
};

const newTxid = () => randomBytes(16).toString("hex"); // 32 of [0-9a-f]: a txid the document allows

/** The simulator's `PUT /cob/{txid}` with a fresh txid per request, one token, the connector's body. */
function putCobSpec(psp: BenchPsp, token: string): RequestSpec {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const step = {
    method: "PUT",
    path: "/v2/cob/placeholder",
    headers,
    body: psp.cobBody,
    setupRequest: (req: Record<string, unknown>) => ({ ...req, path: `/v2/cob/${newTxid()}` }),
  };
  return { method: "POST", path: step.path, sequence: [step] as unknown as RequestSpec["sequence"] };
}

/**
 * The same PUT, one at a time for `seconds`, from node:http over one kept-alive connection (as
 * the host's transport sends it), with the simulator left idle `gapMs` between two: what it is
 * during live creates, which call it once per create. Back to back (autocannon above) the
 * simulator's process never sleeps; here each PUT pays for waking it, as a live create's does.
 */
async function pacedPuts(psp: BenchPsp, token: string, seconds: number, gapMs: number): Promise<Sample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = psp.cobBody!;
  const put = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(`${psp.url}/cob/${newTxid()}`, {
        method: "PUT",
        agent,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.end(body);
    });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  try {
    while (performance.now() - started < seconds * 1000) {
      await new Promise((r) => setTimeout(r, gapMs));
      const t = performance.now();
      const status = await put();
      latencies.push(performance.now() - t);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  } finally {
    agent.destroy();
  }
  const sorted = latencies.sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
  return {
    rps: latencies.length / seconds,
    p50: rank(0.5),
    p99: rank(0.99),
    responses: latencies.length,
    statuses,
    errors: latencies.length - (statuses[201] ?? 0),
    seconds,
  };
}

/** Runs the measurements above on the running host. */
export async function measureLivePix(
  ctx: OpContext & { sellerId: string },
  psp: BenchPsp,
  dbUrl: string,
  opts: { connections: number; duration: number; warmup: number; rounds: number },
  log: (msg: string) => void,
): Promise<LivePixResult> {
  if (!ctx.liveApiKey || !psp.cobBody) throw new Error("the live key or the connector's PUT body is missing (connectHost did not run)");
  const token = await accessToken(psp);
  const createSpec = (apiKey: string): RequestSpec => ({ method: "POST", path: "/v1/transactions", headers: { "x-api-key": apiKey }, body: PIX_BODY, uniqueHeader: "idempotency-key" });
  const one = (url: string, spec: RequestSpec, seconds: number) => measure(url, spec, { connections: 1, seconds, expected: [201] });
  const putSpec = putCobSpec(psp, token);
  let errors = 0;
  // Warm-up (at least a second each). The paced PUT's gap is how long the simulator sits idle
  // between two PUTs while live creates run one at a time: a live create's p50 less its PUT's.
  const warm = Math.max(1, opts.warmup);
  const warmups = [await one(ctx.host.url, createSpec(ctx.apiKey), warm), await one(ctx.host.url, createSpec(ctx.liveApiKey), warm), await one(psp.origin, putSpec, warm)];
  errors += warmups.reduce((n, w) => n + w.errors, 0);
  const gapMs = Math.max(1, Math.round(warmups[1]!.p50 - warmups[2]!.p50));

  type Kind = "test" | "live" | "put" | "putPaced";
  const kinds: Array<[Kind, () => Promise<Sample>]> = [
    ["test", () => one(ctx.host.url, createSpec(ctx.apiKey), opts.duration)],
    ["live", () => one(ctx.host.url, createSpec(ctx.liveApiKey!), opts.duration)],
    ["put", () => one(psp.origin, putSpec, opts.duration)],
    ["putPaced", () => pacedPuts(psp, token, opts.duration, gapMs)],
  ];
  const rounds: LivePixResult["rounds"] = [];
  for (let r = 0; r < opts.rounds; r++) {
    const got = {} as Record<Kind, Sample>;
    const cpuOf = {} as Record<Kind, { host: number; psp: number }>;
    // The order turns each round, so no kind always follows the same one.
    for (let i = 0; i < kinds.length; i++) {
      const [name, run] = kinds[(i + r) % kinds.length]!;
      const host0 = groupCpuMs(ctx.host.process.pid);
      const psp0 = groupCpuMs(psp.server.process.pid);
      got[name] = await run();
      cpuOf[name] = { host: (groupCpuMs(ctx.host.process.pid) - host0) / got[name].responses, psp: (groupCpuMs(psp.server.process.pid) - psp0) / got[name].responses };
      errors += got[name].errors;
    }
    const cpu: Cpu = { hostTest: cpuOf.test.host, hostLive: cpuOf.live.host, pspLive: cpuOf.live.psp };
    const putLoaded = await measure(psp.origin, putSpec, { connections: opts.connections, seconds: opts.duration, expected: [201] });
    errors += putLoaded.errors;
    ctx.host.assertAlive();
    psp.server.assertAlive();
    rounds.push({ ...got, putLoaded, cpu });
    log(
      `  live-pix latency round ${r + 1}/${opts.rounds} (1 connection, p50): test create ${got.test.p50.toFixed(2)} ms, live create ${got.live.p50.toFixed(2)} ms ` +
        `(+${(got.live.p50 - got.test.p50).toFixed(2)}), ` +
        `PSP PUT alone ${got.put.p50.toFixed(2)} ms back to back, ${got.putPaced.p50.toFixed(2)} ms paced (${gapMs} ms apart); ` +
        `at ${opts.connections} connections ${putLoaded.rps.toFixed(0)} req/s, p50 ${putLoaded.p50.toFixed(2)} ms`,
    );
  }
  const serial = {
    test: medians(rounds.map((r) => r.test)),
    live: medians(rounds.map((r) => r.live)),
    put: medians(rounds.map((r) => r.put)),
    putPaced: medians(rounds.map((r) => r.putPaced)),
    extraP50: median(rounds.map((r) => r.live.p50 - r.test.p50)),
    cpu: {
      hostTest: median(rounds.map((r) => r.cpu.hostTest)),
      hostLive: median(rounds.map((r) => r.cpu.hostLive)),
      pspLive: median(rounds.map((r) => r.cpu.pspLive)),
    },
  };
  const loaded = rounds.map((r) => r.putLoaded);
  const putLoaded = { rps: median(loaded.map((s) => s.rps)), ...medians(loaded) };
  // Paired per round, as the table's ratios: a slow round moves both of its creates.
  const limit = RULE_FACTOR * serial.putPaced.p50;
  const rule = { factor: RULE_FACTOR, limit, met: serial.extraP50 <= limit };

  const callback = await measureCallbacks(ctx, psp, dbUrl, opts.connections, log);
  const result: LivePixResult = { connections: opts.connections, gapMs, rounds, serial, putLoaded, rule, callback, errors, met: false };
  const allPaid = (c: CallbackPhase) => c.delivered === c.pays && c.paid === c.pays;
  result.met = (rule.met || !RULE_IS_A_CHECK) && errors === 0 && allPaid(callback.serial) && allPaid(callback.concurrent);
  return result;
}

/** Charges paid one at a time, then `concurrency` at a time (as the webhook figures are). */
const CALLBACK_PHASES = [
  { pays: 200, concurrency: 1 },
  { pays: 1000, concurrency: 0 }, // 0: --connections
];

/** Step 2: live charges paid through the simulator (its callback), test charges through the sandbox route. */
async function measureCallbacks(ctx: OpContext, psp: BenchPsp, dbUrl: string, connections: number, log: (msg: string) => void): Promise<LivePixResult["callback"]> {
  const live = { host: ctx.host, apiKey: ctx.liveApiKey! };
  const total = CALLBACK_PHASES.reduce((n, p) => n + p.pays, 0);
  const create = async (who: Pick<OpContext, "host" | "apiKey">) => {
    const ids: string[] = [];
    await pool(Array.from({ length: total }, (_, i) => i), connections, async () => {
      const tx = await callApi(who, "POST", "/v1/transactions", PIX_BODY, { "idempotency-key": crypto.randomUUID() });
      if (tx.status !== 201) throw new Error(`creating a charge: HTTP ${tx.status} ${JSON.stringify(tx.json).slice(0, 300)}`);
      ids.push(String(tx.json.id));
    });
    return ids;
  };
  const liveIds = await create(live);
  const testIds = await create(ctx);

  const db = createClient({ url: dbUrl });
  try {
    const txidOf = new Map<string, string>();
    const wanted = new Set(liveIds);
    const rows = await db.execute("select id, pix_txid from transactions where livemode = 1 and status = 'PENDING' and pix_txid is not null");
    for (const row of rows.rows) if (wanted.has(String(row.id))) txidOf.set(String(row.id), String(row.pix_txid));
    if (txidOf.size !== total) throw new Error(`found ${txidOf.size} of the ${total} live charges' txids`);

    const phases: CallbackPhase[] = [];
    let from = 0;
    for (const phase of CALLBACK_PHASES) {
      const concurrency = phase.concurrency || connections;
      const liveBatch = liveIds.slice(from, from + phase.pays);
      const testBatch = testIds.slice(from, from + phase.pays);
      from += phase.pays;
      log(`  live-pix: paying ${phase.pays} live charges through the simulator's control, then ${phase.pays} test charges through the sandbox route, ${concurrency} at a time`);

      let delivered = 0;
      const payToAnswer: number[] = [];
      const sentAt = new Map<string, number>();
      await pool(liveBatch, concurrency, async (id) => {
        const wall = Date.now();
        const started = performance.now();
        const res = await fetch(`${psp.origin}/__sim/cob/${txidOf.get(id)}/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
        const body = (await res.json()) as { callback?: { outcome?: string } };
        payToAnswer.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`the simulator's pay: HTTP ${res.status} ${JSON.stringify(body)}`);
        if (body.callback?.outcome === "delivered") delivered++;
        sentAt.set(id, wall);
      });
      const sandboxPay: number[] = [];
      await pool(testBatch, concurrency, async (id) => {
        const started = performance.now();
        const paid = await callApi(ctx, "POST", `/v1/sandbox/transactions/${id}/pay`);
        sandboxPay.push(performance.now() - started);
        if (paid.status !== 200) throw new Error(`sandbox pay: HTTP ${paid.status} ${JSON.stringify(paid.json).slice(0, 300)}`);
      });

      const after = await db.execute("select id, paid_at from transactions where livemode = 1 and status = 'PAID'");
      const toPaidAt: number[] = [];
      for (const row of after.rows) {
        const sent = sentAt.get(String(row.id));
        if (sent !== undefined) toPaidAt.push(Date.parse(String(row.paid_at)) - sent);
      }
      phases.push({
        pays: phase.pays,
        concurrency,
        delivered,
        paid: toPaidAt.length,
        payToAnswer: percentiles(payToAnswer),
        payToPaidAt: percentiles(toPaidAt),
        sandboxPay: percentiles(sandboxPay),
      });
    }
    return { serial: phases[0]!, concurrent: phases[1]! };
  } finally {
    db.close();
  }
}

/** The result as a few printed lines; `table` gives the closed-loop rows of create and live-pix. */
export function formatLivePix(r: LivePixResult, table: OpResult[] = []): string {
  if (r.failure) return `Live PIX: FAILED: ${r.failure}`;
  const f = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : "-");
  const pp = (p: Percentiles) => `${f(p.p50)}/${f(p.p99)} ms`;
  const s = r.serial;
  const lines = [
    `Live PIX through the PSP simulator (its own process on 127.0.0.1, plain http): 1 connection, ${r.rounds.length} alternating rounds, medians of p50/p99:`,
    `  test create ${pp(s.test)}; live create ${pp(s.live)}: live = test + ${f(s.extraP50)} ms at p50 (median of the rounds' differences)`,
    `  the simulator's PUT /cob alone: ${pp(s.put)} back to back (autocannon); ${pp(s.putPaced)} paced, ${r.gapMs} ms apart (one kept-alive node:http connection; the host itself calls through undici)`,
    `  rule: live p50 − test p50 ≤ ${RULE_FACTOR} × paced PUT p50 = ${f(r.rule.limit)} ms: ${r.rule.met ? "ok" : "MISSED"} ` +
      `(the extra is ${f(s.extraP50 / s.putPaced.p50)} × the paced PUT, ${f(s.extraP50 / s.put.p50)} × the back-to-back one)${RULE_NOTE}`,
    `  CPU per request: host ${f(s.cpu.hostTest)} ms per test create, ${f(s.cpu.hostLive)} ms per live create (+${f(s.cpu.hostLive - s.cpu.hostTest)}); simulator ${f(s.cpu.pspLive)} ms per live create`,
    `  the simulator's PUT /cob alone at ${r.connections} connections: ${f(r.putLoaded.rps, 0)} req/s, p50/p99 ${pp(r.putLoaded)}`,
  ];
  const create = table.find((t) => t.name === "create" && !t.failure);
  const livePix = table.find((t) => t.name === "live-pix" && !t.failure);
  if (create && livePix) {
    lines.push(
      `  closed loop at ${r.connections} connections (the table): live ${f(livePix.project.rps, 0)} req/s vs test ${f(create.project.rps, 0)}; ` +
        `p50 ${f(livePix.project.p50)} vs ${f(create.project.p50)} ms (+${f(livePix.project.p50 - create.project.p50)} ms)`,
    );
  }
  for (const c of [r.callback.serial, r.callback.concurrent]) {
    lines.push(
      `  callback → PAID, ${c.pays} live charges paid through the simulator's control, ${c.concurrency} at a time: delivered ${c.delivered}/${c.pays}, PAID ${c.paid}/${c.pays}; ` +
        `pay → answered (callback, read-back, commit) ${pp(c.payToAnswer)}, pay → paidAt ${pp(c.payToPaidAt)}; test charges by the sandbox's pay ${pp(c.sandboxPay)}`,
    );
  }
  lines.push(`  errors ${r.errors}: ${r.met ? "ok" : "MISSED"}`);
  return lines.join("\n");
}
