/**
 * Test clocks' refusals (routes/test-clocks.ts; docs/subscriptions.md): a body whose time or
 * fields are unacceptable is a 422 INVALID_DATA naming the field, an unknown clock a 404, and a
 * clock id that is not a UUID a 400 VALIDATION_FAILED naming `id` in the path, as every /v1 route
 * answers a malformed id (docs/errors.md), even where the body's failures are 422.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { expectInvalidParameter, expectProblem, invalidDataPaths } from "../support/problem";
import { advance, testClock } from "../support/subscriptions";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

const UNKNOWN_ID = "0b4c7a1e-5d2f-4e3a-9c8b-7a6f5e4d3c2b";

describe("test clocks: a body the spec calls unacceptable is 422 INVALID_DATA", () => {
  it("frozenTime in the past → 422 frozenTime", async () => {
    ctx.platform.clock.set("2026-06-01T12:00:00Z");
    expect(await invalidDataPaths(await ctx.post("/v1/sandbox/test-clocks", { frozenTime: "2026-05-01T12:00:00Z" }))).toEqual(["frozenTime"]);
  });

  it.each([
    ["not a date", { frozenTime: "tomorrow" }, "frozenTime"],
    ["without a zone", { frozenTime: "2027-01-31T12:00:00" }, "frozenTime"],
    ["missing", {}, "frozenTime"],
    ["a name over 100 characters", { frozenTime: "2027-01-31T12:00:00Z", name: "x".repeat(101) }, "name"],
    ["an unknown field", { frozenTime: "2027-01-31T12:00:00Z", speed: 2 }, "speed"],
  ])("create: %s → 422 %s", async (_, body, path) => {
    expect(await invalidDataPaths(await ctx.post("/v1/sandbox/test-clocks", body))).toContain(path);
  });

  it("advance backwards or to the same time → 422 frozenTime, the clock unchanged", async () => {
    const clock = await testClock(ctx, "2027-01-31T12:00:00Z");
    expect(await invalidDataPaths(await ctx.post(`/v1/sandbox/test-clocks/${clock.id}/advance`, { frozenTime: "2027-01-01T12:00:00Z" }))).toEqual(["frozenTime"]);
    expect(await invalidDataPaths(await ctx.post(`/v1/sandbox/test-clocks/${clock.id}/advance`, { frozenTime: "2027-01-31T12:00:00Z" }))).toEqual(["frozenTime"]);
    expect((await (await ctx.get(`/v1/sandbox/test-clocks/${clock.id}`)).json()).frozenTime).toBe("2027-01-31T12:00:00.000Z");
    const moved = await advance(ctx, clock.id, "2027-02-01T12:00:00Z");
    expect(moved).toMatchObject({ frozenTime: "2027-02-01T12:00:00.000Z", status: "READY" });
  });

  it("an unknown clock is a 404 to read and to advance", async () => {
    await expectProblem(await ctx.get(`/v1/sandbox/test-clocks/${UNKNOWN_ID}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.post(`/v1/sandbox/test-clocks/${UNKNOWN_ID}/advance`, { frozenTime: "2027-02-01T12:00:00Z" }), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("test clocks: a malformed id is the request's mistake, 400", () => {
  it.each(["not-a-uuid", "%20", "0b4c7a1e-5d2f-4e3a-9c8b-7a6f5e4d3c2"])("%s → 400 naming id in the path, to read and to advance", async (id) => {
    await expectInvalidParameter(await ctx.get(`/v1/sandbox/test-clocks/${id}`), "path", "id");
    // A valid body: the id alone is wrong. With an invalid one the id is still what is named first.
    await expectInvalidParameter(await ctx.post(`/v1/sandbox/test-clocks/${id}/advance`, { frozenTime: "2027-02-01T12:00:00Z" }), "path", "id");
    await expectInvalidParameter(await ctx.post(`/v1/sandbox/test-clocks/${id}/advance`, { frozenTime: "tomorrow" }), "path", "id");
  });
});
