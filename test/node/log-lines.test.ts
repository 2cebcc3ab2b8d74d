/**
 * Log lines (docs/operations.md, "Logs"): each carries a level (info, warn, error) and an error
 * names its problem code; a scheduled run that found nothing to do writes nothing.
 */
import { describe, expect, it } from "vitest";
import { SWEEPS } from "../../worker/jobs/scheduled";
import { jsonLogger } from "../../worker/node/platform";
import { buyerBody, pixBody } from "../support/fixtures";
import { createTestContext } from "../support/platform";

describe("the Node host's JSON lines", () => {
  it("carry the time and a level: info unless the line names another", async () => {
    const written: string[] = [];
    const log = jsonLogger((chunk) => written.push(chunk));
    log({ msg: "plain" });
    log({ msg: "bad", level: "error", code: "INTERNAL_ERROR" });
    await new Promise((r) => setImmediate(r));
    const lines = written.join("").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ time: expect.any(String), level: "info", msg: "plain" });
    expect(lines[1]).toEqual({ time: expect.any(String), level: "error", msg: "bad", code: "INTERNAL_ERROR" });
  });
});

describe("request lines", () => {
  it("info for a success, warn with the problem code for a 4xx, error with INTERNAL_ERROR for a 5xx", async () => {
    const ctx = await createTestContext();
    await ctx.get("/v1/buyers");
    expect(ctx.platform.logs.at(-1)).toMatchObject({ msg: "request", status: 200, level: "info" });
    expect(ctx.platform.logs.at(-1)).not.toHaveProperty("code", expect.anything());

    await ctx.get("/v1/buyers/00000000-0000-4000-8000-000000000000");
    expect(ctx.platform.logs.at(-1)).toMatchObject({ msg: "request", status: 404, level: "warn", code: "RESOURCE_NOT_FOUND" });
    await ctx.app.request("/v1/buyers");
    expect(ctx.platform.logs.at(-1)).toMatchObject({ msg: "request", status: 401, level: "warn", code: "UNAUTHENTICATED" });

    await ctx.platform.client.execute("CREATE TRIGGER refuse_buyers BEFORE INSERT ON buyers BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END");
    await ctx.post("/v1/buyers", buyerBody());
    expect(ctx.platform.logs).toContainEqual(expect.objectContaining({ msg: "request.unhandled_error", level: "error", code: "INTERNAL_ERROR" }));
    expect(ctx.platform.logs.at(-1)).toMatchObject({ msg: "request", status: 500, level: "error", code: "INTERNAL_ERROR" });
  });
});

describe("the scheduled run's line", () => {
  it("is not written when no sweep found anything to do", async () => {
    const ctx = await createTestContext();
    const report = await ctx.platform.runScheduled();
    expect(Object.values(report.sweeps).every((n) => n === 0)).toBe(true);
    expect(ctx.platform.logs.filter((l) => l.msg.startsWith("scheduled."))).toEqual([]);
  });

  it("is written, at info, when a sweep did work", async () => {
    const ctx = await createTestContext();
    const res = await ctx.post("/v1/transactions", pixBody({ expirationSeconds: 3600 }));
    expect(res.status).toBe(201);
    ctx.platform.clock.advance(3601);
    await ctx.platform.runScheduled();
    const run = ctx.platform.logs.find((l) => l.msg === "scheduled.run");
    expect(run).toMatchObject({ level: "info", sweeps: expect.objectContaining({ "transactions.expire": 1 }) });
  });

  it("is written, at warn, when a sweep failed; the failure is an error line with its code", async () => {
    const ctx = await createTestContext();
    SWEEPS["test.fails"] = async () => {
      throw new Error("the sweep broke");
    };
    try {
      await ctx.platform.runScheduled();
    } finally {
      delete SWEEPS["test.fails"];
    }
    expect(ctx.platform.logs).toContainEqual(
      expect.objectContaining({ msg: "scheduled.sweep_failed", level: "error", code: "INTERNAL_ERROR", sweep: "test.fails" }),
    );
    expect(ctx.platform.logs.find((l) => l.msg === "scheduled.run")).toMatchObject({ level: "warn" });
  });
});
