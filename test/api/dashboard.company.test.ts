/**
 * The dashboard's sub-sellers, for a company's team: the list with KYC statuses (GET /v1/sellers'
 * page), suspend and reactivate (the /v1 status operations) audited; FINANCE refused; a member
 * of a sub-seller refused as a sub-seller's key is on /v1's company routes; another company's
 * sub-seller a 404 that changes nothing; an invalid reason or mode named.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, sellers, teamMembers } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { createCompanySeller } from "../../worker/domain/sellers";
import { DashboardVisitor } from "../support/dashboard";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { companyFeePlan, sellerBody } from "../support/sellers";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let planId: string;
const ORIGIN = "http://pay.test";

beforeEach(async () => {
  ctx = await createTestContext();
  planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
});

const json = async (res: Response, status: number) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json();
};

/** A sub-seller created with `post` (a company's key), ACTIVE once the sandbox approves its KYC. */
async function subSeller(post: Ctx["post"], plan: string, name: string, approve = true) {
  const sub = await json(await post("/v1/sellers", sellerBody(plan, { legalName: name })), 201);
  if (approve) await json(await post(`/v1/sandbox/sellers/${sub.id}/kyc`, { decision: "approved" }), 200);
  return sub as { id: string; apiKey: string; publishableKey: string };
}

/** A signed-in member of `sellerId` invited with the company's key (OWNER: the operator's invite of the company's owner). */
async function signedIn(profile: string, sellerId = ctx.seller.sellerId) {
  const v = new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);
  let inviteUrl: string;
  if (profile === "OWNER") {
    const [owner] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, sellerId));
    inviteUrl = (await createInvite(ctx.platform, sellerId, owner!.id)).inviteUrl;
  } else {
    const email = `${profile.toLowerCase()}-${sellerId.slice(0, 8)}@loja.example.com`;
    inviteUrl = (await json(await ctx.post(`/v1/sellers/${sellerId}/team`, { email, firstName: "Rui", profile }), 201)).inviteUrl;
  }
  expect((await v.register(inviteUrl)).status).toBe(201);
  return v;
}

/** `sellerId`'s audit rows other than sign-ins and passkeys, oldest first. */
async function changes(sellerId = ctx.seller.sellerId) {
  const rows = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.sellerId, sellerId)).orderBy(auditLog.at, auditLog.id);
  return rows.filter((r) => !r.action.startsWith("passkey.") && !r.action.startsWith("session."));
}

const statusOf = async (id: string) => (await ctx.platform.db.select({ s: sellers.status }).from(sellers).where(eq(sellers.id, id)))[0]!.s;

describe("a company's sub-sellers", () => {
  it("the OWNER lists them with their KYC status, suspends and reactivates one; each move is audited", async () => {
    const active = await subSeller(ctx.post, planId, "Padaria Ativa Ltda");
    ctx.platform.clock.advance(1);
    const pending = await subSeller(ctx.post, planId, "Padaria Nova Ltda", false);
    const owner = await signedIn("OWNER");

    const list = await json(await owner.request("GET", "/dashboard/api/sub-sellers"), 200);
    expect(list).toEqual(await (await ctx.get("/v1/sellers")).json());
    expect(list.items.map((s: { id: string; status: string }) => `${s.id} ${s.status}`)).toEqual([`${pending.id} PENDING`, `${active.id} ACTIVE`]);
    expect(await json(await owner.request("GET", "/dashboard/api/sub-sellers?size=1"), 200)).toMatchObject({ totalItems: 2, items: [{ id: pending.id }] });
    expect((await json(await owner.request("GET", "/dashboard/api/sub-sellers?mode=live"), 200)).items).toEqual([]);

    ctx.platform.clock.advance(1);
    const suspended = await json(await owner.request("POST", `/dashboard/api/sub-sellers/${active.id}/suspend`, { reason: "Documentos em revisão" }), 200);
    expect(suspended).toMatchObject({ id: active.id, status: "SUSPENDED" });
    expect(await statusOf(active.id)).toBe("SUSPENDED");
    expect(await (await ctx.get(`/v1/sellers/${active.id}`)).json()).toMatchObject({ status: "SUSPENDED" });
    ctx.platform.clock.advance(1);
    // No body: the reason is optional, as on /v1.
    expect(await json(await owner.request("POST", `/dashboard/api/sub-sellers/${active.id}/reactivate`), 200)).toMatchObject({ status: "ACTIVE" });
    expect(await statusOf(active.id)).toBe("ACTIVE");
    // A PENDING seller cannot be suspended: the /v1 refusal, and nothing audited.
    await expectProblem(await owner.request("POST", `/dashboard/api/sub-sellers/${pending.id}/suspend`), 409, "INVALID_STATE_TRANSITION");

    const rows = await changes();
    expect(rows.map((r) => `${r.action} ${r.outcome} ${r.targetType} ${r.targetId}`)).toEqual([`sub_seller.suspend ok seller ${active.id}`, `sub_seller.reactivate ok seller ${active.id}`]);
    expect(rows.map((r) => r.details)).toEqual([
      { status: "SUSPENDED", livemode: false, reason: "Documentos em revisão" },
      { status: "ACTIVE", livemode: false },
    ]);
  });

  it("FINANCE may neither list nor suspend: 403, audited as denied", async () => {
    const active = await subSeller(ctx.post, planId, "Padaria Ativa Ltda");
    const finance = await signedIn("FINANCE");
    await expectProblem(await finance.request("GET", "/dashboard/api/sub-sellers"), 403, "FORBIDDEN");
    ctx.platform.clock.advance(1);
    await expectProblem(await finance.request("POST", `/dashboard/api/sub-sellers/${active.id}/suspend`), 403, "FORBIDDEN");
    expect(await statusOf(active.id)).toBe("ACTIVE");
    expect((await changes()).map((r) => `${r.action} ${r.outcome} ${r.targetId ?? "-"}`)).toEqual(["sellers.read denied -", `sellers.manage denied ${active.id}`]);
  });

  it("a sub-seller's ADMIN gets the 403 a sub-seller's key gets: no list, no suspending itself or a sibling", async () => {
    const mine = await subSeller(ctx.post, planId, "Padaria Ativa Ltda");
    const sibling = await subSeller(ctx.post, planId, "Padaria Irmã Ltda");
    const admin = await signedIn("ADMIN", mine.id);
    // /me names the company, so the interface shows no sub-sellers section to this member.
    expect((await (await admin.request("GET", "/dashboard/api/me")).json()).seller).toMatchObject({ id: mine.id, parentId: ctx.seller.sellerId });
    await expectProblem(await admin.request("GET", "/dashboard/api/sub-sellers"), 403, "FORBIDDEN");
    ctx.platform.clock.advance(1);
    await expectProblem(await admin.request("POST", `/dashboard/api/sub-sellers/${mine.id}/suspend`), 403, "FORBIDDEN");
    ctx.platform.clock.advance(1);
    await expectProblem(await admin.request("POST", `/dashboard/api/sub-sellers/${sibling.id}/suspend`), 403, "FORBIDDEN");
    // The same refusal on /v1 for the sub-seller's own key.
    await expectProblem(await requester(ctx.app, { sellerId: mine.id, ...mine }).post("/v1/sellers", sellerBody(planId)), 403, "FORBIDDEN");
    expect([await statusOf(mine.id), await statusOf(sibling.id)]).toEqual(["ACTIVE", "ACTIVE"]);
    expect((await changes(mine.id)).map((r) => `${r.action} ${r.outcome} ${r.targetId ?? "-"}`)).toEqual([
      "sellers.read denied -",
      `sellers.manage denied ${mine.id}`,
      `sellers.manage denied ${sibling.id}`,
    ]);
  });

  it("another company's sub-seller is 404 and stays as it was; a bad reason or mode names its field", async () => {
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra Empresa Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now());
    const asOther = requester(ctx.app, other);
    const theirs = await subSeller(asOther.post, await companyFeePlan(ctx.platform.db, other.sellerId), "Padaria Alheia Ltda");
    const admin = await signedIn("ADMIN");
    await expectProblem(await admin.request("POST", `/dashboard/api/sub-sellers/${theirs.id}/suspend`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await admin.request("POST", "/dashboard/api/sub-sellers/not-a-uuid/suspend"), 404, "RESOURCE_NOT_FOUND");
    expect(await statusOf(theirs.id)).toBe("ACTIVE");
    expect((await json(await admin.request("GET", "/dashboard/api/sub-sellers"), 200)).items).toEqual([]);

    const mine = await subSeller(ctx.post, planId, "Padaria Ativa Ltda");
    const reason = await expectProblem(await admin.request("POST", `/dashboard/api/sub-sellers/${mine.id}/suspend`, { reason: "x".repeat(501) }), 400, "VALIDATION_FAILED");
    expect(reason.errors).toEqual([expect.objectContaining({ path: "reason", in: "body" })]);
    const mode = await expectProblem(await admin.request("GET", "/dashboard/api/sub-sellers?mode=prod"), 400, "VALIDATION_FAILED");
    expect(mode.errors).toEqual([expect.objectContaining({ path: "mode", in: "query" })]);
    expect(await statusOf(mine.id)).toBe("ACTIVE");
    expect(await changes()).toEqual([]);
  });
});
