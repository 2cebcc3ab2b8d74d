/**
 * The heap's growth is bounded while a sweep run works, and V8 gets its own factor back when the
 * last overlapping run ends, failed or not (worker/node/heap-growth.ts). What the bound does to
 * memory is the bench's to show (billing: RSS peak within 128 MB of the idle host).
 */
import { describe, expect, it } from "vitest";
import { heapGrowthBound, SWEEP_HEAP_GROWING_PERCENT } from "../../worker/node/heap-growth";

const BOUND = `--heap-growing-percent=${SWEEP_HEAP_GROWING_PERCENT}`;
const FREE = "--heap-growing-percent=0";

describe("heapGrowthBound", () => {
  it("bounds the growth for the run and frees it after, passing the run's answer through", async () => {
    const flags: string[] = [];
    const whileBounded = heapGrowthBound((f) => flags.push(f));
    const answer = await whileBounded(async () => {
      expect(flags).toEqual([BOUND]);
      return 42;
    });
    expect([answer, flags]).toEqual([42, [BOUND, FREE]]);
  });

  it("keeps the bound while overlapping runs last, and frees it once, when the last ends", async () => {
    const flags: string[] = [];
    const whileBounded = heapGrowthBound((f) => flags.push(f));
    let endFirst!: () => void;
    const first = whileBounded(() => new Promise<void>((resolve) => (endFirst = resolve)));
    const second = whileBounded(async () => "done");
    await second;
    expect(flags).toEqual([BOUND]);
    endFirst();
    await first;
    expect(flags).toEqual([BOUND, FREE]);
  });

  it("frees the bound when the run fails, and the failure reaches the caller", async () => {
    const flags: string[] = [];
    const whileBounded = heapGrowthBound((f) => flags.push(f));
    await expect(whileBounded(async () => Promise.reject(new Error("sweep failed")))).rejects.toThrow("sweep failed");
    expect(flags).toEqual([BOUND, FREE]);
  });
});
