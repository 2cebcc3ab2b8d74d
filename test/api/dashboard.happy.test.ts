/**
 * The dashboard's API, the way a team uses it: an invite from POST /v1/sellers/{id}/team, a
 * passkey registered from it, the session cookie, the payments list and one payment, a partial
 * refund by a FINANCE member, sign-out and sign-in again, and every change in the audit log.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, dashboardSessions, passkeys, teamInvites, teamMembers } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { PROFILE_PERMISSIONS } from "../../worker/domain/dashboard/permissions";
import { DashboardVisitor } from "../support/dashboard";
import { liveRequester } from "../support/live-keys";
import { createTestContext } from "../support/platform";
import { createPix, paidCharge, type Ctx } from "../support/transactions";
import { VALID_CPF } from "../support/sellers";
import { expectProblem } from "../support/problem";

let ctx: Ctx;
const ORIGIN = "http://pay.test";

beforeEach(async () => {
  ctx = await createTestContext();
});

/** Invites a member with the seller's live secret key (so they hold live access); the answer (with its invite link). */
async function invite(profile: string, email: string) {
  const res = await (await liveRequester(ctx)).post(`/v1/sellers/${ctx.seller.sellerId}/team`, { email, firstName: "Bia", profile });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json() as Promise<{ id: string; inviteUrl: string; inviteExpiresAt: string; status: string }>;
}

const visitor = () => new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);

describe("inviting and registering a passkey", () => {
  it("the team route answers the invite link once; the database keeps only its hash", async () => {
    const member = await invite("FINANCE", "bia@loja.example.com");
    expect(member.status).toBe("INVITED");
    expect(member.inviteUrl).toMatch(/^http:\/\/pay\.test\/dashboard\/invite#token=[0-9A-Za-z]{43}$/);
    expect(Date.parse(member.inviteExpiresAt) - ctx.platform.now().getTime()).toBe(72 * 3600_000);
    const token = member.inviteUrl.split("#token=")[1]!;
    const rows = await ctx.platform.db.select().from(teamInvites).where(eq(teamInvites.memberId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    // The team list never shows the link again.
    expect(await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/team`)).text()).not.toContain(token);
  });

  it("registration options name the member and ask for a discoverable, user-verified passkey on this origin", async () => {
    const { inviteUrl } = await invite("FINANCE", "bia@loja.example.com");
    const v = visitor();
    const res = await v.request("POST", "/dashboard/api/invites/registration-options", { token: inviteUrl.split("#token=")[1] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.member).toEqual({ email: "bia@loja.example.com", firstName: "Bia", profile: "FINANCE" });
    expect(body.seller.name).toBe("Loja Teste Ltda");
    expect(body.options.rp).toEqual({ name: "Pay", id: "pay.test" });
    expect(body.options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(body.options.attestation).toBe("none");
  });

  it("registering makes the member ACTIVE, spends the invite, stores the passkey and signs in", async () => {
    const member = await invite("FINANCE", "bia@loja.example.com");
    const v = visitor();
    const res = await v.register(member.inviteUrl);
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).member).toMatchObject({ id: member.id, status: "ACTIVE", profile: "FINANCE" });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/pay_dashboard=[0-9A-Za-z]{43}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/dashboard/);
    expect(cookie).toMatch(/Secure/); // pay.test is not localhost
    const db = ctx.platform.db;
    expect((await db.select().from(teamMembers).where(eq(teamMembers.id, member.id)))[0]).toMatchObject({ status: "ACTIVE", lastAccessAt: ctx.platform.now().toISOString() });
    expect((await db.select().from(teamInvites).where(eq(teamInvites.memberId, member.id)))[0]!.usedAt).not.toBeNull();
    expect(await db.select().from(passkeys).where(eq(passkeys.memberId, member.id))).toHaveLength(1);
    const [session] = await db.select().from(dashboardSessions).where(eq(dashboardSessions.memberId, member.id));
    expect(session!.id).not.toBe(v.cookie); // the hash, not the token
    const me = await (await v.request("GET", "/dashboard/api/me")).json();
    expect(me).toMatchObject({ member: { id: member.id, profile: "FINANCE" }, seller: { id: ctx.seller.sellerId, name: "Loja Teste Ltda", parentId: null }, permissions: PROFILE_PERMISSIONS.FINANCE });
  });
});

describe("payments and refunds", () => {
  it("a FINANCE member lists payments, opens one and refunds part of it; the audit log has every change", async () => {
    const paid = await paidCharge(ctx, 5000);
    const finance = visitor();
    expect((await finance.register((await invite("FINANCE", "bia@loja.example.com")).inviteUrl)).status).toBe(201);
    const list = await (await finance.request("GET", "/dashboard/api/payments?mode=test")).json();
    expect(list.items.map((t: { id: string }) => t.id)).toEqual([paid.id]);
    // The same page as the seller's secret key reads.
    expect(list).toEqual(await (await ctx.get("/v1/transactions")).json());
    expect((await (await finance.request("GET", "/dashboard/api/payments?mode=live")).json()).items).toEqual([]);
    const one = await finance.request("GET", `/dashboard/api/payments/${paid.id}`);
    expect(await one.json()).toMatchObject({ id: paid.id, status: "PAID", amount: 5000 });

    ctx.platform.clock.advance(1);
    const key = crypto.randomUUID();
    const refund = await finance.request("POST", `/dashboard/api/payments/${paid.id}/refunds?mode=test`, { amount: 1500 }, { "Idempotency-Key": key });
    expect(refund.status, await refund.clone().text()).toBe(201);
    const refundBody = await refund.json();
    expect(refundBody).toMatchObject({ amount: 1500, status: "PENDING" });
    // The interface retries the same refund: one refund, one audit row.
    const again = await finance.request("POST", `/dashboard/api/payments/${paid.id}/refunds?mode=test`, { amount: 1500 }, { "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(refundBody.id);
    const tx = await (await ctx.get(`/v1/transactions/${paid.id}`)).json();
    expect(tx.status).toBe("REFUND_PENDING");
    expect(tx.refunds).toHaveLength(1);

    ctx.platform.clock.advance(1);
    const owner = visitor();
    const ownerRow = (await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId))).find((m) => m.profile === "OWNER")!;
    const ownerInvite = await createInvite(ctx.platform, ctx.seller.sellerId, ownerRow.id);
    expect((await owner.register(ownerInvite.inviteUrl)).status).toBe(201);
    const audit = await (await owner.request("GET", "/dashboard/api/audit-log")).json();
    expect(audit.items.map((e: { action: string; member: { email: string } }) => `${e.action} ${e.member.email}`)).toEqual([
      `passkey.register ${ownerRow.email}`,
      "payment.refund bia@loja.example.com",
      "passkey.register bia@loja.example.com",
    ]);
    expect(audit.items[1]).toMatchObject({ outcome: "ok", targetType: "transaction", targetId: paid.id, details: { refundId: refundBody.id, amount: 1500, livemode: false } });
    expect(await ctx.platform.db.select().from(auditLog)).toHaveLength(3);
  });
});

describe("searching payments", () => {
  it("by method, creation window, amount range and buyer e-mail (any case), newest first, by cursor", async () => {
    const buyer = (email: string) => ({ buyer: { name: "Ana Souza", documentType: "CPF", documentNumber: VALID_CPF, email } });
    const made: Array<{ id: string; createdAt: string }> = [];
    for (const [amount, email] of [[500, "ana@example.com"], [1500, "Ana@Example.com"], [2500, "bruno@example.com"], [3500, "ana@example.com"]] as const) {
      ctx.platform.clock.advance(3600);
      made.push(await createPix(ctx, { amount, ...buyer(email) }));
    }
    const v = visitor();
    expect((await v.register((await invite("FINANCE", "bia@loja.example.com")).inviteUrl)).status).toBe(201);
    const ids = async (query: string) => {
      const res = await v.request("GET", `/dashboard/api/payments?${query}`);
      expect(res.status, await res.clone().text()).toBe(200);
      const page = await res.json();
      return { ids: page.items.map((t: { id: string }) => t.id), page };
    };
    expect((await ids("email=ANA@example.com")).ids).toEqual([made[3]!.id, made[1]!.id, made[0]!.id]);
    expect((await ids("minAmount=1000&maxAmount=3000")).ids).toEqual([made[2]!.id, made[1]!.id]);
    expect((await ids(`from=${encodeURIComponent(made[1]!.createdAt)}&to=${encodeURIComponent(made[3]!.createdAt)}`)).ids).toEqual([made[2]!.id, made[1]!.id]);
    expect((await ids("paymentMethod=CREDIT_CARD")).ids).toEqual([]);
    const first = await ids("paymentMethod=PIX&email=ana@example.com&size=2");
    expect(first.ids).toEqual([made[3]!.id, made[1]!.id]);
    expect(first.page.totalItems).toBe(3);
    expect((await ids(`paymentMethod=PIX&email=ana@example.com&size=2&cursor=${first.page.nextCursor}`)).ids).toEqual([made[0]!.id]);
    const bad = await expectProblem(await v.request("GET", "/dashboard/api/payments?from=ontem&minAmount=-1&paymentMethod=BOLETO"), 400, "VALIDATION_FAILED");
    expect(bad.errors.map((e: { path: string }) => e.path).sort()).toEqual(["from", "minAmount", "paymentMethod"]);
  });
});

describe("sessions", () => {
  it("sign-out ends the session; the passkey signs in again and stamps the last access", async () => {
    const member = await invite("OPERATION", "op@loja.example.com");
    const v = visitor();
    await v.register(member.inviteUrl);
    const out = await v.request("POST", "/dashboard/api/sign-out");
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/pay_dashboard=;.*Max-Age=0/);
    expect((await v.request("GET", "/dashboard/api/me")).status).toBe(401);
    ctx.platform.clock.advance(60);
    const back = await v.signIn();
    expect(back.status, await back.clone().text()).toBe(200);
    expect((await v.request("GET", "/dashboard/api/me")).status).toBe(200);
    const team = await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/team`)).json();
    expect(team.items.find((m: { id: string }) => m.id === member.id)).toMatchObject({ status: "ACTIVE" });
    expect((await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.id, member.id)))[0]!.lastAccessAt).toBe(ctx.platform.now().toISOString());
  });

  it("the member lists their sessions; sign out everywhere ends them all", async () => {
    const member = await invite("ADMIN", "adm@loja.example.com");
    const laptop = visitor();
    await laptop.register(member.inviteUrl);
    const phone = visitor();
    expect((await phone.signIn({ passkey: laptop.passkey! })).status).toBe(200);
    const sessions = await (await phone.request("GET", "/dashboard/api/sessions")).json();
    expect(sessions.items).toHaveLength(2);
    expect(sessions.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toContain(phone.cookie!);
    expect((await phone.request("POST", "/dashboard/api/sign-out-everywhere")).status).toBe(204);
    expect((await laptop.request("GET", "/dashboard/api/me")).status).toBe(401);
    expect((await phone.request("GET", "/dashboard/api/me")).status).toBe(401);
  });
});
