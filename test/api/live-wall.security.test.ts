/**
 * The wall between test and live (issue 28): each finding's reproduction, refused. A test key
 * grants nothing that reaches live: the member it invites is test-only and the dashboard's live
 * mode refuses them; a test-mode sub-seller never gets live keys; a seller not approved for live
 * changes nothing in live mode; an active member's account cannot be enrolled by another member's
 * re-invite; concurrent first-key creations give one pair. Every refusal changes no row it guards.
 */
import { and, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { apiKeys, auditLog, passkeys, sellers, teamInvites, teamMembers } from "../../worker/db/schema";
import { createInvite, inviteByEmail } from "../../worker/domain/dashboard/invites";
import { approveSellerForLive, rotateSellerKeys } from "../../worker/domain/sellers";
import { DashboardVisitor } from "../support/dashboard";
import { liveRequester } from "../support/live-keys";
import { linkBody, openSession, paySession } from "../support/payment-links";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { companyFeePlan, sellerBody } from "../support/sellers";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
const ORIGIN = "http://pay.test";
const visitor = () => new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);

beforeEach(async () => {
  ctx = await createTestContext();
});

/** A member invited by `inviter` (a key's requester) on `sellerId`'s team, signed in. */
async function member(inviter: { post: Ctx["post"] }, sellerId: string, profile: string, extra: Record<string, unknown> = {}) {
  const res = await inviter.post(`/v1/sellers/${sellerId}/team`, { email: `${profile.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}@loja.example.com`, firstName: "Ana", profile, ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  const invited = (await res.json()) as { id: string; inviteUrl: string; liveAccess: boolean };
  const v = visitor();
  expect((await v.register(invited.inviteUrl)).status).toBe(201);
  return Object.assign(v, { memberId: invited.id, liveAccess: invited.liveAccess });
}

/** The seller's OWNER, signed in through the operator's invite. */
async function owner(sellerId = ctx.seller.sellerId) {
  const [row] = await ctx.platform.db.select().from(teamMembers).where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.profile, "OWNER")));
  const v = visitor();
  expect((await v.register((await createInvite(ctx.platform, sellerId, row!.id)).inviteUrl)).status).toBe(201);
  return Object.assign(v, { memberId: row!.id });
}

const liveKeysOf = (sellerId: string) => ctx.platform.db.select().from(apiKeys).where(and(eq(apiKeys.sellerId, sellerId), eq(apiKeys.mode, "live"), isNull(apiKeys.revokedAt)));

describe("finding 1: a test secret key takes over live mode", () => {
  it("a member invited by sk_test is test-only: the dashboard's live mode refuses every read and change, audited; test mode works", async () => {
    const live = await liveRequester(ctx);
    const liveKeysBefore = await liveKeysOf(ctx.seller.sellerId);
    const admin = await member(ctx, ctx.seller.sellerId, "ADMIN");
    expect(admin.liveAccess).toBe(false);
    const me = await (await admin.request("GET", "/dashboard/api/me")).json();
    expect(me.member.liveAccess).toBe(false);

    // The exploit: roll the live secret key with a window. Refused, and no key is written.
    await expectProblem(await admin.request("POST", "/dashboard/api/keys/roll?mode=live", { kind: "secret", expiresInHours: 168 }), 403, "LIVE_ACCESS_REQUIRED");
    await expectProblem(await admin.request("POST", "/dashboard/api/keys?mode=live"), 403, "LIVE_ACCESS_REQUIRED");
    expect(await liveKeysOf(ctx.seller.sellerId)).toEqual(liveKeysBefore);
    expect((await live.get("/v1/transactions")).status).toBe(200);
    // Nor reads, refunds or webhooks of live mode.
    await expectProblem(await admin.request("GET", "/dashboard/api/payments?mode=live"), 403, "LIVE_ACCESS_REQUIRED");
    await expectProblem(await admin.request("GET", "/dashboard/api/keys?mode=live"), 403, "LIVE_ACCESS_REQUIRED");
    await expectProblem(await admin.request("POST", "/dashboard/api/webhooks?mode=live", { url: "https://loja.example.com/hook", events: ["TRANSACTION_PAID"] }), 403, "LIVE_ACCESS_REQUIRED");
    const denied = await ctx.platform.db.select().from(auditLog).where(and(eq(auditLog.memberId, admin.memberId), eq(auditLog.outcome, "denied")));
    expect(denied.map((r) => r.action)).toEqual(["live_mode", "live_mode", "live_mode", "live_mode", "live_mode"]);

    // Test mode is theirs: a test key's holder already controls it.
    expect((await admin.request("POST", "/dashboard/api/keys/roll?mode=test", { kind: "publishable", expiresInHours: 0 })).status).toBe(201);
  });

  it("a test key cannot grant live access: liveAccess true with sk_test is 403 and writes no member; with sk_live it is the default", async () => {
    const asked = await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/team`, { email: "x@loja.example.com", firstName: "X", profile: "ADMIN", liveAccess: true });
    await expectProblem(asked, 403, "LIVE_ACCESS_REQUIRED");
    expect(await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.email, "x@loja.example.com"))).toEqual([]);

    const viaLive = await member(await liveRequester(ctx), ctx.seller.sellerId, "ADMIN");
    expect(viaLive.liveAccess).toBe(true);
    const rolled = await viaLive.request("POST", "/dashboard/api/keys/roll?mode=live", { kind: "secret", expiresInHours: 1 });
    expect(rolled.status, await rolled.clone().text()).toBe(201);
    expect((await rolled.json()).key).toMatch(/^sk_live_/);
    // A live key may still invite a test-only member when asked.
    expect((await member(await liveRequester(ctx), ctx.seller.sellerId, "FINANCE", { liveAccess: false })).liveAccess).toBe(false);
  });

  it("a test-only ADMIN cannot change, remove or re-invite a member with live access, nor grant live access; whom it invites is test-only", async () => {
    const admin = await member(ctx, ctx.seller.sellerId, "ADMIN");
    const liveFinance = await member(await liveRequester(ctx), ctx.seller.sellerId, "FINANCE");
    const invitedLive = (await (await liveRequester(ctx)).post(`/v1/sellers/${ctx.seller.sellerId}/team`, { email: "pending@loja.example.com", firstName: "P", profile: "ADMIN" }).then((r) => r.json())) as { id: string };
    const rowsBefore = await ctx.platform.db.select().from(teamMembers);
    const invitesBefore = await ctx.platform.db.select().from(teamInvites);

    await expectProblem(await admin.request("PATCH", `/dashboard/api/team/${liveFinance.memberId}`, { profile: "OPERATION" }), 403, "LIVE_ACCESS_REQUIRED");
    await expectProblem(await admin.request("PATCH", `/dashboard/api/team/${liveFinance.memberId}`, { liveAccess: false }), 403, "LIVE_ACCESS_REQUIRED");
    await expectProblem(await admin.request("DELETE", `/dashboard/api/team/${liveFinance.memberId}`), 403, "LIVE_ACCESS_REQUIRED");
    // The not-yet-registered live ADMIN: a new link in the test-only member's hands would enrol them.
    await expectProblem(await admin.request("POST", `/dashboard/api/team/${invitedLive.id}/invite`), 403, "LIVE_ACCESS_REQUIRED");
    await expectProblem(await admin.request("PATCH", `/dashboard/api/team/${admin.memberId}`, { liveAccess: true }), 403, "LIVE_ACCESS_REQUIRED");
    await expectProblem(await admin.request("POST", "/dashboard/api/team", { email: "y@loja.example.com", firstName: "Y", profile: "ADMIN", liveAccess: true }), 403, "LIVE_ACCESS_REQUIRED");
    expect(await ctx.platform.db.select().from(teamMembers)).toEqual(rowsBefore);
    expect(await ctx.platform.db.select().from(teamInvites)).toEqual(invitesBefore);

    const invited = await admin.request("POST", "/dashboard/api/team", { email: "z@loja.example.com", firstName: "Z", profile: "ADMIN" });
    expect(invited.status).toBe(201);
    expect((await invited.json()).liveAccess).toBe(false);
  });

  it("the OWNER grants live access from the dashboard: the member's next request reaches live, and the grant is audited", async () => {
    const finance = await member(ctx, ctx.seller.sellerId, "FINANCE");
    await expectProblem(await finance.request("GET", "/dashboard/api/payments?mode=live"), 403, "LIVE_ACCESS_REQUIRED");
    const boss = await owner();
    const granted = await boss.request("PATCH", `/dashboard/api/team/${finance.memberId}`, { liveAccess: true });
    expect(granted.status, await granted.clone().text()).toBe(200);
    expect(await granted.json()).toMatchObject({ liveAccess: true, profile: "FINANCE" });
    expect((await finance.request("GET", "/dashboard/api/payments?mode=live")).status).toBe(200);
    const [row] = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.action, "team_member.change_live_access"));
    expect(row).toMatchObject({ memberId: boss.memberId, targetId: finance.memberId, details: { from: false, to: true } });
    await expectProblem(await boss.request("PATCH", `/dashboard/api/team/${finance.memberId}`, {}), 400, "VALIDATION_FAILED");
  });

  it("a test-only member's audit log leaves out every row about live mode", async () => {
    const boss = await owner();
    expect((await boss.request("POST", "/dashboard/api/payment-links?mode=live", linkBody())).status).toBe(201);
    ctx.platform.clock.advance(1);
    expect((await boss.request("POST", "/dashboard/api/payment-links?mode=test", linkBody())).status).toBe(201);
    const admin = await member(ctx, ctx.seller.sellerId, "ADMIN");
    const actions = async (v: DashboardVisitor) =>
      ((await (await v.request("GET", "/dashboard/api/audit-log?size=100")).json()).items as Array<{ action: string; details: { mode?: string } | null }>)
        .filter((r) => r.action === "payment_link.create")
        .map((r) => r.details?.mode);
    expect(await actions(boss)).toEqual(["test", "live"]);
    expect(await actions(admin)).toEqual(["test"]);
  });
});

describe("finding 2: a test-mode sub-seller mints live keys without live KYC", () => {
  it("approving its own test KYC and inviting itself an ADMIN gets it no live key, link or webhook", async () => {
    const planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
    const created = await ctx.post("/v1/sellers", sellerBody(planId));
    expect(created.status).toBe(201);
    const sub = (await created.json()) as { id: string; apiKey: string; publishableKey: string };
    const asSub = requester(ctx.app, { sellerId: sub.id, apiKey: sub.apiKey, publishableKey: sub.publishableKey });
    expect((await asSub.post(`/v1/sandbox/sellers/${sub.id}/kyc`, { decision: "approved" })).status).toBe(200);
    const admin = await member(asSub, sub.id, "ADMIN");
    await expectProblem(await admin.request("POST", "/dashboard/api/keys?mode=live"), 403, "LIVE_ACCESS_REQUIRED");
    // Even a member with live access (the operator's invite) finds no live mode to change.
    const { inviteUrl } = (await inviteByEmail({ db: ctx.platform.db, now: ctx.platform.now, config: ctx.platform.config }, sub.id, "ops@sub.example.com", "ADMIN"))!;
    const operatorMade = visitor();
    expect((await operatorMade.register(inviteUrl)).status).toBe(201);
    await expectProblem(await operatorMade.request("POST", "/dashboard/api/keys?mode=live"), 403, "LIVE_MODE_NOT_APPROVED");
    await expectProblem(await operatorMade.request("POST", "/dashboard/api/keys/roll?mode=live", { kind: "secret", expiresInHours: 0 }), 403, "LIVE_MODE_NOT_APPROVED");
    await expectProblem(await operatorMade.request("POST", "/dashboard/api/payment-links?mode=live", linkBody()), 403, "LIVE_MODE_NOT_APPROVED");
    expect((await operatorMade.request("GET", "/dashboard/api/keys?mode=live")).status).toBe(200);
    expect(await liveKeysOf(sub.id)).toEqual([]);
    // Nor the operator's CLI, nor the operator's approval (a sub-seller is its company's to approve).
    await expect(rotateSellerKeys(ctx.platform.db, sub.id, ctx.platform.now(), "live")).rejects.toMatchObject({ code: "LIVE_MODE_NOT_APPROVED" });
    await expect(approveSellerForLive(ctx.platform.db, sub.id, ctx.platform.now())).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await liveKeysOf(sub.id)).toEqual([]);
  });

  it("a live sub-seller reads but changes nothing in live mode until its company's live key approves its KYC", async () => {
    const live = await liveRequester(ctx);
    const planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
    const sub = (await (await live.post("/v1/sellers", sellerBody(planId))).json()) as { id: string; apiKey: string; publishableKey: string; status: string };
    expect(sub.apiKey).toMatch(/^sk_live_/);
    const asSub = requester(ctx.app, { sellerId: sub.id, apiKey: sub.apiKey, publishableKey: sub.publishableKey });
    expect((await asSub.get(`/v1/sellers/${sub.id}`)).status).toBe(200);
    await expectProblem(await asSub.post("/v1/payment-links", linkBody()), 403, "LIVE_MODE_NOT_APPROVED");
    await expectProblem(await asSub.post(`/v1/sellers/${sub.id}/webhooks`, { url: "https://loja.example.com/hook", events: ["TRANSACTION_PAID"] }), 403, "LIVE_MODE_NOT_APPROVED");
    await expectProblem(await asSub.post(`/v1/sellers/${sub.id}/team`, { email: "a@sub.example.com", firstName: "A", profile: "ADMIN" }), 403, "LIVE_MODE_NOT_APPROVED");
    // The sub-seller cannot decide its own KYC; the company's test key does not see it.
    await expectProblem(await asSub.post(`/v1/sellers/${sub.id}/kyc`, { decision: "approved" }), 403, "FORBIDDEN");
    await expectProblem(await ctx.post(`/v1/sellers/${sub.id}/kyc`, { decision: "approved" }), 404, "RESOURCE_NOT_FOUND");
    const [before] = await ctx.platform.db.select().from(sellers).where(eq(sellers.id, sub.id));
    expect(before).toMatchObject({ status: "PENDING", liveApprovedAt: null });

    const decided = await live.post(`/v1/sellers/${sub.id}/kyc`, { decision: "approved" });
    expect(decided.status, await decided.clone().text()).toBe(200);
    expect(await decided.json()).toMatchObject({ id: sub.id, status: "ACTIVE" });
    const [after] = await ctx.platform.db.select().from(sellers).where(eq(sellers.id, sub.id));
    expect(after!.liveApprovedAt).toBe(ctx.platform.now().toISOString());
    expect((await asSub.post("/v1/payment-links", linkBody())).status).toBe(201);
  });

  it("a company the platform has not approved: no live keys by the dashboard or the CLI until the operator approves it", async () => {
    ctx = await createTestContext({ liveApproved: false });
    const boss = await owner();
    await expectProblem(await boss.request("POST", "/dashboard/api/keys?mode=live"), 403, "LIVE_MODE_NOT_APPROVED");
    await expect(rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live")).rejects.toMatchObject({ code: "LIVE_MODE_NOT_APPROVED" });
    expect(await liveKeysOf(ctx.seller.sellerId)).toEqual([]);
    await approveSellerForLive(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now());
    expect((await boss.request("POST", "/dashboard/api/keys?mode=live")).status).toBe(201);
  });

  it("requireCanCharge checks the live approval: a live link of a seller whose approval is withdrawn takes no payment", async () => {
    const live = await liveRequester(ctx);
    const made = await live.post("/v1/payment-links", linkBody({ paymentMethods: ["PIX"], maxInstallments: undefined }));
    expect(made.status, await made.clone().text()).toBe(201);
    const link = (await made.json()) as { id: string };
    await ctx.platform.db.update(sellers).set({ liveApprovedAt: null }).where(eq(sellers.id, ctx.seller.sellerId));
    const paid = await paySession(ctx.app, await openSession(ctx.app, link.id));
    const problem = await expectProblem(paid, 422, "SELLER_NOT_ACTIVE");
    expect(problem.detail).toContain("live");
  });
});

describe("finding 4: an ADMIN signs in as another member", () => {
  it("a re-invite of an ACTIVE member is 409 and makes no link; a member not yet registered gets one", async () => {
    const boss = await owner();
    const victim = await member(await liveRequester(ctx), ctx.seller.sellerId, "FINANCE");
    const invitesBefore = await ctx.platform.db.select().from(teamInvites).where(eq(teamInvites.memberId, victim.memberId));
    const refused = await expectProblem(await boss.request("POST", `/dashboard/api/team/${victim.memberId}/invite`), 409, "INVALID_STATE_TRANSITION");
    expect(refused).toMatchObject({ currentStatus: "ACTIVE", allowedStatuses: ["INVITED"] });
    expect(await ctx.platform.db.select().from(teamInvites).where(eq(teamInvites.memberId, victim.memberId))).toEqual(invitesBefore);

    const pending = (await (await boss.request("POST", "/dashboard/api/team", { email: "new@loja.example.com", firstName: "N", profile: "OPERATION" })).json()) as { id: string };
    const again = await boss.request("POST", `/dashboard/api/team/${pending.id}/invite`);
    expect(again.status).toBe(201);
    expect(await visitor().register((await again.json()).inviteUrl)).toHaveProperty("status", 201);
  });

  it("an active member adds a passkey of their own, signed in; it signs them in, and no one else can finish their registration", async () => {
    const finance = await member(await liveRequester(ctx), ctx.seller.sellerId, "FINANCE");
    const firstPasskey = finance.passkey!;
    const added = await finance.addPasskey();
    expect(added.status, await added.clone().text()).toBe(201);
    expect(await ctx.platform.db.select().from(passkeys).where(eq(passkeys.memberId, finance.memberId))).toHaveLength(2);
    const [row] = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.action, "passkey.add"));
    expect(row).toMatchObject({ memberId: finance.memberId, outcome: "ok" });
    const device = visitor();
    expect((await device.signIn({ passkey: finance.passkey! })).status).toBe(200);
    expect((await (await device.request("GET", "/dashboard/api/me")).json()).member.id).toBe(finance.memberId);
    expect((await visitor().signIn({ passkey: firstPasskey })).status).toBe(200);

    // Another member's answer to this member's challenge is refused.
    const other = await member(await liveRequester(ctx), ctx.seller.sellerId, "OPERATION");
    const started = (await (await finance.request("POST", "/dashboard/api/passkeys/registration-options")).json()) as { challengeId: string };
    const hijack = await other.request("POST", "/dashboard/api/passkeys", { challengeId: started.challengeId, response: { id: "x", rawId: "x", type: "public-key", response: {} } });
    await expectProblem(hijack, 400, "PASSKEY_INVALID");
    await expectProblem(await visitor().request("POST", "/dashboard/api/passkeys/registration-options"), 401, "DASHBOARD_SIGN_IN_REQUIRED");
  });
});

describe("finding 7: concurrent first-key creation", () => {
  it("12 concurrent POST /dashboard/api/keys?mode=live give one 201 and one live pair", async () => {
    ctx = await createTestContext({ dbLatency: true });
    const boss = await owner();
    const answers = await Promise.all(Array.from({ length: 12 }, () => boss.request("POST", "/dashboard/api/keys?mode=live")));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    const keys = await liveKeysOf(ctx.seller.sellerId);
    expect(keys.map((k) => k.kind).sort()).toEqual(["publishable", "secret"]);
  });
});
