/**
 * The Worker's `queue` and `scheduled` handlers in workerd: a job sent to the JOBS queue reaches
 * the `queue` handler and its domain function (`runJob`, as on Node); failures are retried 60 s
 * later, one message at a time; the dead-letter queue logs and acks; the cron trigger runs the
 * scheduled job's sweeps against the database.
 */
import { createClient } from "@libsql/client/web";
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import type { Job } from "../../worker/lib/job";
import { VALID_CPF } from "../support/fixtures";
import { apiJson } from "./api";
import { captureLogs } from "./console-log";

const logged = captureLogs();

type Transaction = { id: string; status: string; amount: number };

/** A PIX charge with the fewest fields the API takes. */
const pixCharge = {
  paymentMethod: "PIX",
  amount: 2500,
  currency: "BRL",
  buyer: { name: "Joana Souza", documentType: "CPF", documentNumber: VALID_CPF, email: "joana@example.com" },
};

/** A queue message as Cloudflare delivers it (the body is unchecked JSON, as in production). */
function message(id: string, body: unknown, attempts = 1) {
  return { id, timestamp: new Date(), attempts, body: body as Job };
}

async function runBatch(queue: string, messages: ReturnType<typeof message>[]) {
  const batch = createMessageBatch<Job>(queue, messages);
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return { result: await getQueueResult(batch, ctx), retry };
}

describe("queue in workerd", () => {
  it("a refund's job goes through the JOBS queue to the queue handler, which concludes the refund", async () => {
    const charge = await apiJson<Transaction>("POST", "/v1/transactions", 201, pixCharge);
    await apiJson("POST", `/v1/sandbox/transactions/${charge.id}/pay`, 200);
    await apiJson("POST", `/v1/transactions/${charge.id}/refunds`, 201, { amount: charge.amount });
    // The refund API enqueued `refund.conclude` on env.JOBS; Miniflare delivers it to `queue`.
    await vi.waitFor(
      async () => expect(await apiJson<Transaction>("GET", `/v1/transactions/${charge.id}`, 200)).toMatchObject({ status: "REFUNDED" }),
      { timeout: 10_000, interval: 250 },
    );
  });

  it("acks each job that runs", async () => {
    const { result } = await runBatch("pay-jobs", [message("m1", { type: "noop", reason: "workerd test" })]);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(result.retryMessages).toEqual([]);
    expect(logged).toContainEqual(expect.objectContaining({ msg: "job.noop", reason: "workerd test" }));
  });

  it("retries only the failing job, 60 s later", async () => {
    const { result, retry } = await runBatch("pay-jobs", [
      message("bad", { type: "from-a-newer-deploy" }, 2),
      message("good", { type: "noop", reason: "still runs" }),
    ]);
    expect(result.explicitAcks).toEqual(["good"]);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["bad"]);
    expect(retry).toHaveBeenCalledWith({ delaySeconds: 60 });
    expect(logged).toContainEqual(expect.objectContaining({ msg: "queue.job_failed", messageId: "bad", attempts: 2 }));
  });

  it("logs and acks dead-lettered jobs without running them", async () => {
    const { result } = await runBatch("pay-jobs-dlq", [message("dead", { type: "noop", reason: "gave up" }, 5)]);
    expect(result.explicitAcks).toEqual(["dead"]);
    expect(logged).toContainEqual(expect.objectContaining({ msg: "queue.dead_letter", attempts: 5 }));
    expect(logged.some((l) => l.msg === "job.noop")).toBe(false);
  });
});

describe("scheduled in workerd", () => {
  it("runs the scheduled job: an expired PIX charge is cancelled", async () => {
    const charge = await apiJson<Transaction>("POST", "/v1/transactions", 201, pixCharge);
    // Expire it now: the Worker runs on the wall clock, so move the charge rather than the clock.
    const db = createClient({ url: env.TURSO_DATABASE_URL });
    await db.execute({ sql: "update transactions set expires_at = ? where id = ?", args: [new Date(Date.now() - 1000).toISOString(), charge.id] });
    db.close();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);

    const run = logged.find((l) => l.msg === "scheduled.run") as { sweeps: Record<string, number> } | undefined;
    expect(run?.sweeps["transactions.expire"]).toBeGreaterThanOrEqual(1);
    expect(Object.values(run!.sweeps).every((n) => n >= 0)).toBe(true);
    expect(await apiJson<Transaction>("GET", `/v1/transactions/${charge.id}`, 200)).toMatchObject({ status: "CANCELLED" });
  });
});
