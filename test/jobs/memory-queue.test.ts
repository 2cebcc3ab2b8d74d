/**
 * The in-process queue's runner (`start`): jobs start as they are enqueued, within the overall
 * and per-key limits, keys taking turns; retries wait their delay; `runDue` (the tests' way)
 * still runs due jobs one after another in enqueue order.
 */
import { describe, expect, it } from "vitest";
import type { Job } from "../../worker/lib/job";
import { jobKey, MemoryQueue } from "../../worker/jobs/memory-queue";

const deliver = (deliveryId: string, webhookId?: string): Job => ({ type: "webhook.deliver", deliveryId, ...(webhookId && { webhookId }) });
const tick = () => new Promise((r) => setTimeout(r, 0));

/** A run function whose jobs finish when the test says. */
function controlled() {
  const running = new Map<string, () => void>();
  const started: string[] = [];
  const run = (job: Job) =>
    new Promise<void>((resolve) => {
      const id = job.type === "webhook.deliver" ? job.deliveryId : job.type;
      started.push(id);
      running.set(id, () => {
        running.delete(id);
        resolve();
      });
    });
  return { run, running, started, finish: (id: string) => running.get(id)!() };
}

describe("MemoryQueue's runner", () => {
  it("starts a job enqueued with no delay at once, without a poll", async () => {
    const q = new MemoryQueue(() => new Date());
    const c = controlled();
    q.start(c.run);
    q.enqueue([deliver("d1", "w1")]);
    await Promise.resolve();
    expect(c.started).toEqual(["d1"]);
    q.stop();
  });

  it("keeps at most `perKey` of one webhook and `concurrency` in all in flight; keys take turns", async () => {
    const q = new MemoryQueue(() => new Date());
    const c = controlled();
    q.start(c.run, { concurrency: 5, perKey: 2 });
    q.enqueue([1, 2, 3, 4].map((i) => deliver(`slow${i}`, "slow")));
    q.enqueue([1, 2, 3, 4, 5].map((i) => deliver(`fast${i}`, "fast")));
    q.enqueue([deliver("other1", "other")]);
    await tick();
    expect(c.started).toEqual(["slow1", "fast1", "other1", "slow2", "fast2"]);
    expect(q.running).toBe(5);
    // A free slot goes to a key below its cap: "slow" stays at 2 while its jobs hang.
    c.finish("fast1");
    await tick();
    expect(c.started.at(-1)).toBe("fast3");
    c.finish("fast2");
    c.finish("fast3");
    c.finish("other1");
    await tick();
    expect(c.started.filter((id) => id.startsWith("slow"))).toEqual(["slow1", "slow2"]);
    expect(c.started.filter((id) => id.startsWith("fast"))).toEqual(["fast1", "fast2", "fast3", "fast4", "fast5"]);
    c.finish("slow1");
    await tick();
    expect(c.started.at(-1)).toBe("slow3");
    q.stop();
  });

  it("gives a key whose last job failed one slot until a job of it succeeds", async () => {
    const q = new MemoryQueue(() => new Date(), { maxAttempts: 5, retryDelaySeconds: 60 });
    const c = controlled();
    let fail = true;
    q.start(async (job) => {
      if (fail && (job as { deliveryId: string }).deliveryId === "d1") throw new Error("timed out");
      return c.run(job);
    }, { concurrency: 10, perKey: 3 });
    q.enqueue([deliver("d1", "w1")]);
    await tick();
    q.enqueue([2, 3, 4].map((i) => deliver(`d${i}`, "w1")));
    await tick();
    expect(c.started).toEqual(["d2"]);
    fail = false;
    c.finish("d2");
    await tick();
    expect(c.started).toEqual(["d2", "d3", "d4"]);
    q.stop();
  });

  it("retries a failed job after the policy's delay, then dead-letters it", async () => {
    let now = 0;
    const q = new MemoryQueue(() => new Date(now), { maxAttempts: 2, retryDelaySeconds: 0.02 });
    const seen: number[] = [];
    q.start(async () => {
      seen.push(now);
      throw new Error("receiver down");
    });
    q.enqueue([deliver("d1", "w1")]);
    await tick();
    expect(seen).toHaveLength(1);
    expect(q.size).toBe(1);
    now = 20;
    await new Promise((r) => setTimeout(r, 40));
    expect(seen).toEqual([0, 20]);
    expect(q.deadLetters).toHaveLength(1);
    await q.idle();
    q.stop();
  });

  it("runDue runs due jobs one after another in enqueue order, retries at the end", async () => {
    let now = 0;
    const q = new MemoryQueue(() => new Date(now));
    const order: string[] = [];
    q.enqueue([deliver("a", "w1"), deliver("b", "w2"), deliver("c", "w1")]);
    q.enqueue([deliver("later", "w1")], { delaySeconds: 10 });
    expect(q.size).toBe(4);
    expect(await q.runDue(async (job) => void order.push((job as { deliveryId: string }).deliveryId))).toBe(3);
    expect(order).toEqual(["a", "b", "c"]);
    now = 10_000;
    await q.runDue(async (job) => void order.push((job as { deliveryId: string }).deliveryId));
    expect(order.at(-1)).toBe("later");
    expect(q.clear()).toBe(0);
  });

  it("drops a message for a delivery whose message still waits; takes it again once that one runs", async () => {
    const q = new MemoryQueue(() => new Date(0));
    q.enqueue([deliver("d1", "w1"), deliver("d1", "w1"), deliver("d2", "w1")]);
    q.enqueue([deliver("d1")], { delaySeconds: 60 });
    expect(q.size).toBe(2);
    const ran: string[] = [];
    await q.runDue(async (job) => {
      ran.push((job as { deliveryId: string }).deliveryId);
      if (ran.length === 1) q.enqueue([deliver("d1", "w1")]);
    });
    expect(ran).toEqual(["d1", "d2", "d1"]);
  });

  it("counts a delivery under its webhook, an older message under its own id", () => {
    expect(jobKey(deliver("d1", "w1"))).toBe("webhook:w1");
    expect(jobKey(deliver("d1"))).toBe("webhook:d1");
    expect(jobKey({ type: "refund.conclude", refundId: "r1" })).toBe("refund.conclude");
  });
});
