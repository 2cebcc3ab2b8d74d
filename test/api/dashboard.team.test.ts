/**
 * The dashboard's team: an ADMIN invites (the link shown once), changes a profile (the member's
 * permissions follow at once), removes a member (their sessions end, their passkey no longer
 * signs in) and sends a new invite link; no one changes or removes the OWNER; each change audited.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "../../worker/db/schema";
import { DashboardVisitor } from "../support/dashboard";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { type Ctx } from "../support/transactions";

const ORIGIN = "http://pay.test";
let ctx: Ctx;
let admin: DashboardVisitor;
const visitor = () => new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);

beforeEach(async () => {
  ctx = await createTestContext();
  const { inviteUrl } = await (await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/team`, { email: "adm@loja.example.com", firstName: "Adm", profile: "ADMIN" })).json();
  admin = visitor();
  expect((await admin.register(inviteUrl)).status).toBe(201);
});

async function inviteFromDashboard(profile: string, email: string) {
  ctx.platform.clock.advance(1); // the team lists by arrival
  const res = await admin.request("POST", "/dashboard/api/team", { email, firstName: "Rui", profile });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json() as Promise<{ id: string; inviteUrl: string; status: string }>;
}

describe("the team from the dashboard", () => {
  it("an ADMIN invites; the member registers; a profile change applies to their next request", async () => {
    const invited = await inviteFromDashboard("OPERATION", "rui@loja.example.com");
    expect(invited.status).toBe("INVITED");
    const rui = visitor();
    expect((await rui.register(invited.inviteUrl)).status).toBe(201);
    expect((await (await rui.request("GET", "/dashboard/api/me")).json()).permissions).not.toContain("payments.refund");
    const changed = await admin.request("PATCH", `/dashboard/api/team/${invited.id}`, { profile: "FINANCE" });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ profile: "FINANCE", status: "ACTIVE" });
    expect((await (await rui.request("GET", "/dashboard/api/me")).json()).permissions).toContain("payments.refund");
    const team = await (await admin.request("GET", "/dashboard/api/team")).json();
    expect(team.items.map((m: { email: string; status: string }) => `${m.email} ${m.status}`)).toEqual([
      "loja@example.com ACTIVE",
      "adm@loja.example.com ACTIVE",
      "rui@loja.example.com ACTIVE",
    ]);
    const audit = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.action, "team_member.change_profile"));
    expect(audit).toMatchObject([{ targetId: invited.id, details: { from: "OPERATION", to: "FINANCE" } }]);
  });

  it("removing a member ends their sessions and their passkey; a new link for an INVITED member replaces the old", async () => {
    const invited = await inviteFromDashboard("FINANCE", "ex@loja.example.com");
    const ex = visitor();
    await ex.register(invited.inviteUrl);
    const removed = await admin.request("DELETE", `/dashboard/api/team/${invited.id}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ status: "DISABLED" });
    await expectProblem(await ex.request("GET", "/dashboard/api/me"), 401, "DASHBOARD_SIGN_IN_REQUIRED");
    await expectProblem(await visitor().signIn({ passkey: ex.passkey! }), 400, "PASSKEY_INVALID");
    await expectProblem(await admin.request("PATCH", `/dashboard/api/team/${invited.id}`, { profile: "ADMIN" }), 409, "INVALID_STATE_TRANSITION");

    const pending = await inviteFromDashboard("OPERATION", "new@loja.example.com");
    const again = await admin.request("POST", `/dashboard/api/team/${pending.id}/invite`);
    expect(again.status).toBe(201);
    const { inviteUrl } = await again.json();
    await expectProblem(await visitor().register(pending.inviteUrl), 404, "INVITE_INVALID");
    expect((await visitor().register(inviteUrl)).status).toBe(201);
  });

  it("the OWNER cannot be changed or removed, nor anyone made OWNER; FINANCE cannot manage the team", async () => {
    const team = await (await admin.request("GET", "/dashboard/api/team")).json();
    const owner = team.items.find((m: { profile: string }) => m.profile === "OWNER");
    await expectProblem(await admin.request("PATCH", `/dashboard/api/team/${owner.id}`, { profile: "FINANCE" }), 409, "INVALID_STATE_TRANSITION");
    await expectProblem(await admin.request("DELETE", `/dashboard/api/team/${owner.id}`), 409, "INVALID_STATE_TRANSITION");
    const toOwner = await expectProblem(await admin.request("PATCH", `/dashboard/api/team/${owner.id}`, { profile: "OWNER" }), 400, "VALIDATION_FAILED");
    expect(toOwner.errors.map((e: { path: string }) => e.path)).toEqual(["profile"]);
    await expectProblem(await admin.request("DELETE", `/dashboard/api/team/${crypto.randomUUID()}`), 404, "RESOURCE_NOT_FOUND");

    const finance = visitor();
    await finance.register((await inviteFromDashboard("FINANCE", "fin@loja.example.com")).inviteUrl);
    await expectProblem(await finance.request("GET", "/dashboard/api/team"), 403, "FORBIDDEN");
    await expectProblem(await finance.request("POST", "/dashboard/api/team", { email: "x@loja.example.com", firstName: "X", profile: "ADMIN" }), 403, "FORBIDDEN");
  });
});
