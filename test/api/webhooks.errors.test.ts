/** Webhook registration refuses bad input with a problem naming the field, and keeps nothing. */
import { beforeEach, describe, expect, it } from "vitest";
import { webhooks } from "../../worker/db/schema";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let base: string;
beforeEach(async () => {
  ctx = await createTestContext();
  base = `/v1/sellers/${ctx.seller.sellerId}/webhooks`;
});

const valid = { url: "https://loja.example.com/hooks", eventTypes: ["TRANSACTION_PAID"] };

async function refused(body: unknown, field: string) {
  const problem = await expectProblem(await ctx.post(base, body), 400, "VALIDATION_FAILED");
  expect(problem.errors.map((e: { path: string }) => e.path), JSON.stringify(problem)).toContain(field);
  return problem;
}

describe("registration errors", () => {
  it("names the field for a bad URL, event type list or secret, and stores nothing", async () => {
    await refused({ ...valid, url: "not a url" }, "url");
    await refused({ ...valid, url: "ftp://loja.example.com/x" }, "url");
    await refused({ ...valid, url: "https://user:pw@loja.example.com/x" }, "url");
    await refused({ ...valid, eventTypes: [] }, "eventTypes");
    await refused({ ...valid, eventTypes: ["TRANSACTION_PAYED"] }, "eventTypes[0]");
    await refused({ ...valid, eventTypes: ["TRANSACTION_PAID", "TRANSACTION_PAID"] }, "eventTypes");
    await refused({ ...valid, secret: "hunter2" }, "secret");
    await refused({ ...valid, callback: "x" }, "callback");
    await refused({ eventTypes: ["ALL"] }, "url");
    expect(await ctx.platform.db.select().from(webhooks)).toEqual([]);
  });

  it("test keys may use http and localhost but never metadata or private addresses", async () => {
    expect((await ctx.post(base, { ...valid, url: "http://localhost:4000/hooks" })).status).toBe(201);
    expect((await ctx.post(base, { ...valid, url: "http://127.0.0.1:4000/hooks" })).status).toBe(201);
    for (const url of ["http://169.254.169.254/latest/meta-data", "http://10.0.0.5/hooks", "http://192.168.1.1/x", "http://[fd00:ec2::254]/", "http://metadata.google.internal/"]) {
      const problem = await refused({ ...valid, url }, "url");
      expect(problem.errors[0].message, url).toMatch(/link-local|metadata|private|public/);
    }
  });

  it("live keys: https to a public host name only (SSRF)", async () => {
    const liveKeys = await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live");
    const live = requester(ctx.app, liveKeys!);
    for (const url of ["http://loja.example.com/hooks", "https://localhost/hooks", "https://127.0.0.1/hooks", "https://8.8.8.8/hooks", "https://intranet/hooks", "https://payments.internal/hooks"]) {
      const problem = await expectProblem(await live.post(base, { ...valid, url }), 400, "VALIDATION_FAILED");
      expect(problem.errors[0].path, url).toBe("url");
    }
    const ok = await live.post(base, valid);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ livemode: true });
  });

  it("PATCH checks the URL the same way and 404s an unknown webhook", async () => {
    const created = await (await ctx.post(base, valid)).json();
    const problem = await expectProblem(await ctx.patch(`${base}/${created.id}`, { url: "http://169.254.169.254/" }), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("url");
    await expectProblem(await ctx.patch(`${base}/${crypto.randomUUID()}`, { isActive: false }), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.send("DELETE", `${base}/${crypto.randomUUID()}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.get(`${base}/deliveries/${crypto.randomUUID()}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.get(`${base}/deliveries?status=LOST`), 400, "VALIDATION_FAILED");
  });

  it("notification settings refuse an unknown type or a non-boolean", async () => {
    const path = `/v1/sellers/${ctx.seller.sellerId}/notification-settings`;
    await expectProblem(await ctx.send("PUT", path, { webhook: { TRANSACTION_PAYED: false } }), 400, "VALIDATION_FAILED");
    await expectProblem(await ctx.send("PUT", path, { webhook: { TRANSACTION_PAID: "no" } }), 400, "VALIDATION_FAILED");
  });
});
