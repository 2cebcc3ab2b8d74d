/**
 * `npm run bench`: speed targets as ratios against a baseline measured in the same run, so a
 * shared, noisy machine moves both sides together. Baseline and measured operation alternate in
 * rounds and the median ratio counts, so a burst of load on one side does not decide the result.
 * Exits 1 when a ratio misses its target.
 *
 * Baseline: GET /health (routing, middleware, one `select 1`).
 * Measured: authenticated buyer read and buyer create (key hash + lookup, validation, insert).
 * Most of their cost is the native driver preparing each statement (see docs/performance.md),
 * so the targets guard against regressions in our own layers, not against SQLite.
 */
import { buyerBody } from "../support/fixtures";
import { createTestContext } from "../support/platform";

type Op = () => Promise<Response>;

/** Microseconds per operation over `n` runs. */
async function timeOf(op: Op, n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await op();
    if (res.status >= 400) throw new Error(`HTTP ${res.status} ${await res.text()}`);
  }
  return ((performance.now() - started) * 1000) / n;
}

/** Median of (op cost / baseline cost) over alternating rounds. */
async function ratio(op: Op, baseline: Op, rounds = 7, n = 300): Promise<{ ratio: number; us: number; baseUs: number }> {
  await timeOf(op, 100); // warm-up: JIT and SQLite caches
  await timeOf(baseline, 100);
  const samples: Array<{ ratio: number; us: number; baseUs: number }> = [];
  for (let r = 0; r < rounds; r++) {
    const baseUs = await timeOf(baseline, n);
    const us = await timeOf(op, n);
    samples.push({ ratio: us / baseUs, us, baseUs });
  }
  samples.sort((a, b) => a.ratio - b.ratio);
  return samples[Math.floor(rounds / 2)]!;
}

const ctx = await createTestContext();
const buyer = await (await ctx.post("/v1/buyers", buyerBody())).json();
const health: Op = async () => ctx.app.request("/health");

const targets: Array<[string, Op, number]> = [
  ["GET /v1/buyers/{id}", () => ctx.get(`/v1/buyers/${buyer.id}`), 10],
  ["POST /v1/buyers", () => ctx.post("/v1/buyers", buyerBody()), 20],
];

let failed = false;
for (const [name, op, max] of targets) {
  const r = await ratio(op, health);
  const ok = r.ratio <= max;
  failed ||= !ok;
  console.log(
    `${name}: ${r.us.toFixed(0)} µs vs /health ${r.baseUs.toFixed(0)} µs = ${r.ratio.toFixed(2)}x (target ≤ ${max}x) ${ok ? "ok" : "MISSED"}`,
  );
}
process.exit(failed ? 1 : 0);
