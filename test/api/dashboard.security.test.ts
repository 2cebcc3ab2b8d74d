/**
 * The dashboard's locks: invites that expire, are spent or replaced; challenges used once; a
 * passkey made for another origin or without user verification; Origin on every change; cookies
 * that never open /v1 and keys that never open the dashboard; idle and absolute session ends; a
 * disabled member; another seller's payment; profiles refused and audited; the sign-in's rate limit.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, teamMembers } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { policiesWith, RATE_LIMIT_POLICIES } from "../../worker/lib/rate-limit";
import { DashboardVisitor } from "../support/dashboard";
import { createPasskey } from "../support/passkey-authenticator";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { companyFeePlan, sellerBody } from "../support/sellers";
import { paidCharge, type Ctx } from "../support/transactions";

let ctx: Ctx;
const ORIGIN = "http://pay.test";
const visitor = () => new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);

beforeEach(async () => {
  ctx = await createTestContext();
});

async function invite(profile: string, email = `${profile.toLowerCase()}@loja.example.com`): Promise<{ id: string; inviteUrl: string }> {
  const res = await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/team`, { email, firstName: "Ana", profile });
  expect(res.status).toBe(201);
  return res.json();
}

async function signedIn(profile: string) {
  const v = visitor();
  // A seller's one OWNER is its creator: the operator's invite (admin team:invite) is its way in.
  const owner = async () => {
    const [row] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
    return { id: row!.id, ...(await createInvite(ctx.platform, ctx.seller.sellerId, row!.id)) };
  };
  const member = profile === "OWNER" ? await owner() : await invite(profile);
  expect((await v.register(member.inviteUrl)).status).toBe(201);
  return Object.assign(v, { memberId: member.id });
}

describe("invites", () => {
  it("an expired, spent, replaced or made-up invite is the same 404 INVITE_INVALID", async () => {
    const expired = await invite("FINANCE");
    ctx.platform.clock.advance(72 * 3600 + 1);
    await expectProblem(await visitor().register(expired.inviteUrl), 404, "INVITE_INVALID");

    const spent = await invite("ADMIN");
    expect((await visitor().register(spent.inviteUrl)).status).toBe(201);
    await expectProblem(await visitor().register(spent.inviteUrl), 404, "INVITE_INVALID");

    const first = await invite("OPERATION");
    await createInvite(ctx.platform, ctx.seller.sellerId, first.id);
    await expectProblem(await visitor().register(first.inviteUrl), 404, "INVITE_INVALID");

    await expectProblem(await visitor().register(`${ORIGIN}/dashboard/invite#token=${"a".repeat(43)}`), 404, "INVITE_INVALID");
  });

  it("two tabs racing on one invite register one passkey", async () => {
    const { inviteUrl } = await invite("FINANCE");
    const results = await Promise.all([visitor().register(inviteUrl), visitor().register(inviteUrl)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 404]);
  });
});

describe("passkeys", () => {
  it("a passkey made for another origin, without user verification, or for another challenge is refused", async () => {
    const { inviteUrl } = await invite("FINANCE");
    await expectProblem(await visitor().register(inviteUrl, { origin: "https://pay.test.evil.example" }), 400, "PASSKEY_INVALID");
    await expectProblem(await visitor().register(inviteUrl, { userVerified: false }), 400, "PASSKEY_INVALID");
    // The failed attempts spent their challenges, not the invite.
    expect((await visitor().register(inviteUrl)).status).toBe(201);
  });

  it("a passkey already registered (to this or another member) is refused, not stored twice", async () => {
    const first = await signedIn("FINANCE");
    const { inviteUrl } = await invite("OPERATION");
    await expectProblem(await visitor().register(inviteUrl, { credentialId: first.passkey!.id }), 400, "PASSKEY_INVALID");
    // The invite is still usable with a passkey of its own.
    expect((await visitor().register(inviteUrl)).status).toBe(201);
  });

  it("a challenge verifies once: a captured sign-in cannot be replayed", async () => {
    const v = await signedIn("FINANCE");
    const started = await (await v.request("POST", "/dashboard/api/sign-in/options")).json();
    const { signWithPasskey } = await import("../support/passkey-authenticator");
    const response = await signWithPasskey(v.passkey!, started.options, ORIGIN);
    const body = { challengeId: started.challengeId, response };
    expect((await v.request("POST", "/dashboard/api/sign-in", body)).status).toBe(200);
    await expectProblem(await visitor().request("POST", "/dashboard/api/sign-in", body), 400, "PASSKEY_INVALID");
  });

  it("a sign-in signed for another origin, or with an unknown passkey, is refused", async () => {
    const v = await signedIn("FINANCE");
    await expectProblem(await visitor().signIn({ passkey: v.passkey!, origin: "https://phish.example" }), 400, "PASSKEY_INVALID");
    const stranger = await createPasskey({ challenge: "x", rp: { id: "pay.test" }, user: { id: "u" } }, ORIGIN);
    await expectProblem(await visitor().signIn({ passkey: stranger.passkey }), 400, "PASSKEY_INVALID");
  });
});

describe("the session's boundaries", () => {
  it("a change without this origin is 403 before anything is read", async () => {
    const v = await signedIn("OWNER");
    for (const origin of [undefined, "https://evil.example", "null"]) {
      const res = await ctx.app.request("/dashboard/api/sign-out", { method: "POST", headers: { Cookie: `pay_dashboard=${v.cookie}`, ...(origin ? { Origin: origin } : {}) } });
      await expectProblem(res, 403, "FORBIDDEN");
    }
    expect((await v.request("GET", "/dashboard/api/me")).status).toBe(200);
  });

  it("the cookie never authenticates /v1, and a secret key never authenticates the dashboard", async () => {
    const v = await signedIn("OWNER");
    await expectProblem(await ctx.app.request("/v1/transactions", { headers: { Cookie: `pay_dashboard=${v.cookie}` } }), 401, "UNAUTHENTICATED");
    await expectProblem(await ctx.get("/dashboard/api/me"), 401, "DASHBOARD_SIGN_IN_REQUIRED");
    await expectProblem(await ctx.get("/dashboard/api/payments"), 401, "DASHBOARD_SIGN_IN_REQUIRED");
  });

  it("a session ends after 30 idle minutes and after 12 hours however active", async () => {
    const v = await signedIn("FINANCE");
    ctx.platform.clock.advance(29 * 60);
    expect((await v.request("GET", "/dashboard/api/me")).status).toBe(200);
    for (let i = 0; i < 24; i++) {
      ctx.platform.clock.advance(29 * 60);
      const res = await v.request("GET", "/dashboard/api/me");
      if (i < 23) expect(res.status, `after ${(i + 2) * 29} minutes`).toBe(200);
      else await expectProblem(res, 401, "DASHBOARD_SIGN_IN_REQUIRED"); // 12 h 05 min
    }
    const idle = await signedIn("OPERATION");
    ctx.platform.clock.advance(30 * 60 + 1);
    await expectProblem(await idle.request("GET", "/dashboard/api/me"), 401, "DASHBOARD_SIGN_IN_REQUIRED");
  });

  it("a member who is no longer ACTIVE has no working session", async () => {
    const v = await signedIn("ADMIN");
    await ctx.platform.db.update(teamMembers).set({ status: "DISABLED" }).where(eq(teamMembers.id, v.memberId));
    await expectProblem(await v.request("GET", "/dashboard/api/me"), 401, "DASHBOARD_SIGN_IN_REQUIRED");
    await expectProblem(await visitor().signIn({ passkey: v.passkey! }), 400, "PASSKEY_INVALID");
  });
});

describe("whose data", () => {
  it("another seller's payment is 404, and the list shows only the member's seller", async () => {
    const planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
    const sub = await (await ctx.post("/v1/sellers", sellerBody(planId))).json();
    expect((await ctx.post(`/v1/sandbox/sellers/${sub.id}/kyc`, { decision: "approved" })).status).toBe(200);
    const subCtx = { ...ctx, ...requester(ctx.app, { ...ctx.seller, sellerId: sub.id, apiKey: sub.apiKey }) } as Ctx;
    const theirs = await paidCharge(subCtx, 700);
    const mine = await paidCharge(ctx, 900);
    const v = await signedIn("OWNER");
    await expectProblem(await v.request("GET", `/dashboard/api/payments/${theirs.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await v.request("POST", `/dashboard/api/payments/${theirs.id}/refunds`, {}), 404, "RESOURCE_NOT_FOUND");
    expect((await (await v.request("GET", "/dashboard/api/payments")).json()).items.map((t: { id: string }) => t.id)).toEqual([mine.id]);
  });

  it("an OPERATION member's refund is 403 and written to the audit log as denied; nothing is refunded", async () => {
    const paid = await paidCharge(ctx, 900);
    const v = await signedIn("OPERATION");
    await expectProblem(await v.request("POST", `/dashboard/api/payments/${paid.id}/refunds`, { amount: 100 }), 403, "FORBIDDEN");
    expect((await (await ctx.get(`/v1/transactions/${paid.id}`)).json()).status).toBe("PAID");
    const rows = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.outcome, "denied"));
    expect(rows).toMatchObject([{ action: "payments.refund", memberId: v.memberId, targetType: "transaction", targetId: paid.id }]);
    await expectProblem(await v.request("GET", "/dashboard/api/audit-log"), 403, "FORBIDDEN");
  });
});

describe("rate limits", () => {
  it("a signed-in member past the member limit gets 429; another member is not counted with them", async () => {
    ctx = await createTestContext({ rateLimits: policiesWith({ dashboardMember: { limit: 3 } }) });
    const busy = await signedIn("FINANCE");
    const other = await signedIn("OPERATION");
    for (let i = 0; i < 3; i++) expect((await busy.request("GET", "/dashboard/api/me")).status).toBe(200);
    const over = await busy.request("GET", "/dashboard/api/me");
    const problem = await expectProblem(over, 429, "RATE_LIMITED");
    expect(problem).toMatchObject({ policy: "dashboardMember", limit: 3 });
    expect((await other.request("GET", "/dashboard/api/me")).status).toBe(200);
    ctx.platform.clock.advance(60);
    expect((await busy.request("GET", "/dashboard/api/me")).status).toBe(200);
  });

  it("past its limit an address gets 429 on the sign-in routes", async () => {
    ctx = await createTestContext({ rateLimits: true });
    const { limit } = RATE_LIMIT_POLICIES.dashboardSignInClientAddress;
    const start = () => ctx.app.request("/dashboard/api/sign-in/options", { method: "POST", headers: { Origin: ORIGIN, "X-Test-Client-Address": "203.0.113.9" } });
    for (let i = 0; i < limit; i++) expect((await start()).status).toBe(200);
    const over = await start();
    await expectProblem(over, 429, "RATE_LIMITED");
    expect(over.headers.get("retry-after")).toBe("60");
  });
});
