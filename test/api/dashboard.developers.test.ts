/**
 * The dashboard's developers section: keys listed masked and rolled with a window (the old secret
 * works until its expiry, then 401; the new one at once), webhooks registered, a FAILED delivery
 * retried until DELIVERED, a test event, the notification settings, the events feed and a
 * payment's timeline; each change in the audit log.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, teamMembers } from "../../worker/db/schema";
import { KEY_CACHE_TTL_SECONDS } from "../../worker/domain/api-keys";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { DashboardVisitor } from "../support/dashboard";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createPix, pay, type Ctx } from "../support/transactions";

const ORIGIN = "http://pay.test";
let ctx: Ctx;
let owner: DashboardVisitor;

beforeEach(async () => {
  ctx = await createTestContext();
  const [row] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
  owner = new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);
  expect((await owner.register((await createInvite(ctx.platform, ctx.seller.sellerId, row!.id)).inviteUrl)).status).toBe(201);
});

const withKey = (key: string) => ctx.app.request("/v1/transactions", { headers: { "X-Api-Key": key } });

describe("API keys", () => {
  it("are listed masked: the publishable key whole, the secret never", async () => {
    const list = await (await owner.request("GET", "/dashboard/api/keys?mode=test")).json();
    expect(list.items.map((k: { kind: string }) => k.kind).sort()).toEqual(["publishable", "secret"]);
    const secret = list.items.find((k: { kind: string }) => k.kind === "secret");
    expect(secret.maskedKey).toMatch(/^sk_test_\w{4}•{8}$/);
    expect(JSON.stringify(list)).not.toContain(ctx.seller.apiKey);
    expect(list.items.find((k: { kind: string }) => k.kind === "publishable").publishableKey).toBe(ctx.seller.publishableKey);
    expect((await (await owner.request("GET", "/dashboard/api/keys?mode=live")).json()).items).toEqual([]);
  });

  it("rolling the secret with a 24 h window: the old key works until then, the new one at once, shown once", async () => {
    const res = await owner.request("POST", "/dashboard/api/keys/roll?mode=test", { kind: "secret", expiresInHours: 24 });
    expect(res.status, await res.clone().text()).toBe(201);
    const rolled = await res.json();
    expect(rolled.key).toMatch(/^sk_test_\w{32}$/);
    expect(rolled.previous).toHaveLength(1);
    expect(rolled.previous[0].expiresAt).toBe(new Date(ctx.platform.now().getTime() + 24 * 3600_000).toISOString());
    expect((await withKey(rolled.key)).status).toBe(200);
    expect((await withKey(ctx.seller.apiKey)).status).toBe(200);
    const listed = await (await owner.request("GET", "/dashboard/api/keys")).json();
    expect(listed.items.filter((k: { kind: string }) => k.kind === "secret")).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(rolled.key);
    ctx.platform.clock.advance(24 * 3600 - KEY_CACHE_TTL_SECONDS - 1);
    expect((await withKey(ctx.seller.apiKey)).status).toBe(200);
    ctx.platform.clock.advance(KEY_CACHE_TTL_SECONDS + 1);
    await expectProblem(await withKey(ctx.seller.apiKey), 401, "UNAUTHENTICATED");
    expect((await withKey(rolled.key)).status).toBe(200);
    const [row] = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.action, "api_key.roll"));
    expect(row).toMatchObject({ outcome: "ok", targetId: rolled.id, details: { kind: "secret", mode: "test", replaced: [rolled.previous[0].id] } });
  });

  it("a roll without a window stops the old key at once; a window over 7 days is refused naming the field", async () => {
    const rolled = await (await owner.request("POST", "/dashboard/api/keys/roll", { kind: "secret" })).json();
    await expectProblem(await withKey(ctx.seller.apiKey), 401, "UNAUTHENTICATED");
    expect((await withKey(rolled.key)).status).toBe(200);
    // A blank body is no fields (found by the fuzz: it was a 500).
    const blank = await ctx.app.request("/dashboard/api/keys/roll", { method: "POST", headers: { Cookie: `pay_dashboard=${owner.cookie}`, Origin: ORIGIN, "Content-Type": "application/json" }, body: " " });
    expect((await expectProblem(blank, 400, "VALIDATION_FAILED")).errors.map((e: { path: string }) => e.path)).toEqual(["kind"]);
    const tooLong = await owner.request("POST", "/dashboard/api/keys/roll", { kind: "secret", expiresInHours: 169 });
    const problem = await expectProblem(tooLong, 400, "VALIDATION_FAILED");
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(["expiresInHours"]);
  });

  it("a mode without keys gets its first pair, shown once; a mode with keys is told to roll", async () => {
    const res = await owner.request("POST", "/dashboard/api/keys?mode=live");
    expect(res.status, await res.clone().text()).toBe(201);
    const pair = await res.json();
    expect(pair.secret.key).toMatch(/^sk_live_\w{32}$/);
    expect(pair.publishable.key).toMatch(/^pk_live_\w{32}$/);
    const live = await (await owner.request("GET", "/dashboard/api/keys?mode=live")).json();
    expect(live.items).toHaveLength(2);
    expect(JSON.stringify(live)).not.toContain(pair.secret.key);
    await expectProblem(await owner.request("POST", "/dashboard/api/keys?mode=live"), 409, "INVALID_STATE_TRANSITION");
    await expectProblem(await owner.request("POST", "/dashboard/api/keys?mode=test"), 409, "INVALID_STATE_TRANSITION");
    expect((await ctx.platform.db.select().from(auditLog).where(eq(auditLog.action, "api_key.create")))).toHaveLength(1);
  });
});

describe("webhooks", () => {
  it("a delivery that failed 5 times is retried from the dashboard and arrives; the timeline shows it", async () => {
    let answer = 500;
    ctx.platform.fetch = async () => new Response("", { status: answer });
    const created = await owner.request("POST", "/dashboard/api/webhooks", { url: "https://hooks.loja.example/pay", eventTypes: ["TRANSACTION_PAID"] });
    expect(created.status, await created.clone().text()).toBe(201);
    const webhook = await created.json();
    expect(webhook.secret).toMatch(/^whsec_/);
    const tx = await createPix(ctx);
    await pay(ctx, tx.id);
    for (let i = 0; i < 5; i++) {
      await ctx.platform.drainQueue();
      ctx.platform.clock.advance(60);
    }
    const log = await (await owner.request("GET", `/dashboard/api/webhooks/deliveries?webhookId=${webhook.id}`)).json();
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ status: "FAILED", attempts: 5 });
    answer = 200;
    const retried = await owner.request("POST", `/dashboard/api/webhooks/deliveries/${log.items[0].id}/retry`);
    expect(retried.status).toBe(200);
    await ctx.platform.drainQueue();
    const delivery = await (await owner.request("GET", `/dashboard/api/webhooks/deliveries/${log.items[0].id}`)).json();
    expect(delivery).toMatchObject({ status: "DELIVERED", attempts: 6 });
    const timeline = await (await owner.request("GET", `/dashboard/api/payments/${tx.id}/timeline`)).json();
    const types = timeline.events.map((e: { type: string }) => e.type);
    expect(types.at(-1)).toBe("TRANSACTION_PAID");
    expect(types.every((t: string) => t.startsWith("TRANSACTION_"))).toBe(true);
    const paidEvent = timeline.events.find((e: { type: string }) => e.type === "TRANSACTION_PAID");
    expect(paidEvent.deliveries).toHaveLength(1);
    expect(paidEvent.deliveries[0]).toMatchObject({ id: log.items[0].id, status: "DELIVERED" });
    expect(paidEvent.deliveries[0].attemptsLog.map((a: { httpStatus: number }) => a.httpStatus)).toEqual([500, 500, 500, 500, 500, 200]);
    const actions = (await ctx.platform.db.select().from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["webhook.create", "webhook_delivery.retry"]));
  });

  it("a test event, the notification settings and the events feed", async () => {
    ctx.platform.fetch = async () => new Response("", { status: 200 });
    const created = await owner.request("POST", "/dashboard/api/webhooks", { url: "https://hooks.loja.example/pay", eventTypes: ["TRANSACTION_PAID"] });
    expect(created.status, await created.clone().text()).toBe(201);
    const webhook = await created.json();
    expect((await owner.request("POST", `/dashboard/api/webhooks/${webhook.id}/test`)).status).toBe(201);
    const settings = await owner.request("PUT", "/dashboard/api/notification-settings", { webhook: { TRANSACTION_CANCELLED: false } });
    expect(settings.status, await settings.clone().text()).toBe(200);
    const read = await (await owner.request("GET", "/dashboard/api/notification-settings")).json();
    expect(JSON.stringify(read)).toContain("TRANSACTION_CANCELLED");
    await pay(ctx, (await createPix(ctx)).id);
    const feed = await (await owner.request("GET", "/dashboard/api/events?limit=10")).json();
    expect(feed.items.map((e: { type: string }) => e.type)).toContain("TRANSACTION_PAID");
    expect((await (await owner.request("GET", "/dashboard/api/events?mode=live")).json()).items).toEqual([]);
    const actions = (await ctx.platform.db.select().from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["webhook.create", "webhook.test", "notification_settings.update"]));
  });
});
