/**
 * `npm run bench -- --only webhooks`: webhook delivery speed on the Node host (issue 19 §1). A
 * receiver in this process answers 200 at once; a webhook of the bench's seller points at it.
 *
 * 1. Latency: PIX charges (made first, not timed) are paid through `POST
 *    /v1/sandbox/transactions/{id}/pay` by 10 concurrent clients. For each delivery: the event's
 *    `occurredAt` (stamped by the host just before its commit) → arrival, and the pay's answer →
 *    arrival (negative when the delivery beat the answer). p50/p99 over all of them.
 * 2. Throughput: the events of step 1 replayed to the webhook (`POST …/webhooks/{id}/replay`, up
 *    to 1000 deliveries enqueued at once): deliveries/s from the replay's answer to the last arrival.
 *
 * Targets: occurredAt → arrival p50 ≤ 50 ms and p99 ≤ 250 ms; ≥ 1,000 deliveries/s; none lost.
 * No floor: the comparison is with the figures before the change (docs/performance.md).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { groupCpuMs } from "./cpu";
import { callApi, PIX_BODY, type OpContext } from "./ops";

/** What one webhook run measured. */
export interface WebhookResult {
  pays: number;
  concurrency: number;
  /** Deliveries that arrived in step 1 (of `pays`). */
  delivered: number;
  /** Event committed (occurredAt) → arrival, ms. */
  eventToArrival: { p50: number; p99: number; max: number };
  /** Pay answered → arrival, ms. */
  payToArrival: { p50: number; p99: number };
  /** Deliveries per second while the pays ran (bounded by the pays' own rate). */
  underLoadPerSecond: number;
  /** Step 2: replayed deliveries, and their rate. */
  replayed: number;
  replayDelivered: number;
  replayPerSecond: number;
  /** The host's CPU (user + system, ms) per replayed delivery, from /proc: what load on the machine moves least. */
  replayCpuMsPerDelivery: number;
  duplicates: number;
  /** TCP connections the receiver accepted over both steps (keep-alive: far fewer than deliveries). */
  connections: number;
  met: boolean;
  failure?: string;
}

export const WEBHOOK_TARGETS = { p50: 50, p99: 250, perSecond: 1000 };

/** The `p`th percentile of sorted values (ms). */
export const pct = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

/** A receiver that answers 200 at once and notes when each delivery (by event id) arrived. */
async function startReceiver() {
  const arrivals = new Map<string, { at: number; occurredAt: number; tx: string }>();
  let count = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = Date.now();
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
      count++;
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; occurredAt: string; data: { transaction?: { id: string } } };
      if (!arrivals.has(event.id)) arrivals.set(event.id, { at, occurredAt: Date.parse(event.occurredAt), tx: event.data.transaction?.id ?? "" });
    });
  });
  server.keepAliveTimeout = 30_000;
  // Keep-alive at work: far fewer connections than deliveries.
  let connections = 0;
  server.on("connection", () => void connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    get count() {
      return count;
    },
    get connections() {
      return connections;
    },
    reset() {
      arrivals.clear();
      count = 0;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

/** Runs `work` over `items` with `concurrency` workers. */
export async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** Measures webhook delivery on the running host. */
export async function measureWebhooks(ctx: OpContext & { sellerId: string }, pays = 2000, concurrency = 10, log: (msg: string) => void = () => {}): Promise<WebhookResult> {
  const receiver = await startReceiver();
  try {
    const hook = await callApi(ctx, "POST", `/v1/sellers/${ctx.sellerId}/webhooks`, JSON.stringify({ url: receiver.url, eventTypes: ["TRANSACTION_PAID"] }));
    if (hook.status !== 201) throw new Error(`registering the webhook: HTTP ${hook.status} ${JSON.stringify(hook.json).slice(0, 300)}`);
    const webhookId = String(hook.json.id);

    const ids: string[] = [];
    await pool(Array.from({ length: pays }, (_, i) => i), concurrency, async () => {
      const tx = await callApi(ctx, "POST", "/v1/transactions", PIX_BODY, { "idempotency-key": crypto.randomUUID() });
      if (tx.status !== 201) throw new Error(`creating a charge: HTTP ${tx.status}`);
      ids.push(String(tx.json.id));
    });
    log(`  webhooks: ${pays} charges made; paying them, ${concurrency} at a time`);

    const answered = new Map<string, number>();
    const since = new Date(Date.now() - 1000).toISOString();
    const started = Date.now();
    await pool(ids, concurrency, async (id) => {
      const paid = await callApi(ctx, "POST", `/v1/sandbox/transactions/${id}/pay`);
      if (paid.status !== 200) throw new Error(`paying: HTTP ${paid.status} ${JSON.stringify(paid.json).slice(0, 300)}`);
      answered.set(id, Date.now());
    });
    await until(() => receiver.arrivals.size >= pays, 30_000);
    const arrivals = [...receiver.arrivals.values()];
    const lastArrival = Math.max(...arrivals.map((a) => a.at));
    const eventDelays = arrivals.map((a) => a.at - a.occurredAt).sort((a, b) => a - b);
    const payDelays = arrivals.filter((a) => answered.has(a.tx)).map((a) => a.at - answered.get(a.tx)!).sort((a, b) => a - b);
    const delivered = receiver.arrivals.size;
    let duplicates = receiver.count - delivered;
    log(`  webhooks: ${delivered}/${pays} delivered; event → arrival p50 ${pct(eventDelays, 50)} ms, p99 ${pct(eventDelays, 99)} ms`);

    // Step 2: every event again, enqueued in blocks of up to 1000 by the replay route.
    receiver.reset();
    const replayStarted = Date.now();
    const cpuBefore = groupCpuMs(ctx.host.process.pid);
    let replayed = 0;
    let from = since;
    for (;;) {
      const r = await callApi(ctx, "POST", `/v1/sellers/${ctx.sellerId}/webhooks/${webhookId}/replay`, JSON.stringify({ from }));
      if (r.status < 200 || r.status > 202) throw new Error(`replay: HTTP ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
      replayed += Number(r.json.deliveries);
      if (!r.json.hasMore) break;
      from = String(r.json.nextFrom);
    }
    await until(() => receiver.arrivals.size >= replayed, 30_000);
    const replayLast = Math.max(...[...receiver.arrivals.values()].map((a) => a.at));
    const replayCpuMs = groupCpuMs(ctx.host.process.pid) - cpuBefore;
    duplicates += receiver.count - receiver.arrivals.size;
    const result: WebhookResult = {
      pays,
      concurrency,
      delivered,
      eventToArrival: { p50: pct(eventDelays, 50), p99: pct(eventDelays, 99), max: eventDelays.at(-1) ?? Number.NaN },
      payToArrival: { p50: pct(payDelays, 50), p99: pct(payDelays, 99) },
      underLoadPerSecond: delivered / ((lastArrival - started) / 1000),
      replayed,
      replayDelivered: receiver.arrivals.size,
      replayPerSecond: receiver.arrivals.size / ((replayLast - replayStarted) / 1000),
      replayCpuMsPerDelivery: replayCpuMs / receiver.arrivals.size,
      duplicates,
      connections: receiver.connections,
      met: false,
    };
    result.met =
      delivered === pays && result.replayDelivered === replayed &&
      result.eventToArrival.p50 <= WEBHOOK_TARGETS.p50 && result.eventToArrival.p99 <= WEBHOOK_TARGETS.p99 &&
      result.replayPerSecond >= WEBHOOK_TARGETS.perSecond;
    return result;
  } finally {
    await receiver.close();
  }
}

/** The result as a few printed lines. */
export function formatWebhooks(r: WebhookResult): string {
  if (r.failure) return `Webhooks: FAILED: ${r.failure}`;
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "-");
  const cpu = Number.isFinite(r.replayCpuMsPerDelivery) ? `; host CPU ${r.replayCpuMsPerDelivery.toFixed(2)} ms per delivery` : "";
  return [
    `Webhooks (${r.pays} PIX pays, ${r.concurrency} at a time, receiver on 127.0.0.1 answering 200 at once):`,
    `  delivered ${r.delivered}/${r.pays}; event committed → arrival p50 ${f(r.eventToArrival.p50)} ms, p99 ${f(r.eventToArrival.p99)} ms (max ${f(r.eventToArrival.max)}); ` +
      `pay answered → arrival p50 ${f(r.payToArrival.p50)} ms, p99 ${f(r.payToArrival.p99)} ms; ${f(r.underLoadPerSecond)} deliveries/s under the pays`,
    `  replay of ${r.replayed}: ${r.replayDelivered} delivered at ${f(r.replayPerSecond)} deliveries/s${cpu}; duplicates ${r.duplicates}; ${r.connections} TCP connections in all`,
    `  targets: p50 ≤ ${WEBHOOK_TARGETS.p50} ms, p99 ≤ ${WEBHOOK_TARGETS.p99} ms, ≥ ${WEBHOOK_TARGETS.perSecond} deliveries/s: ${r.met ? "ok" : "MISSED"}`,
  ].join("\n");
}
