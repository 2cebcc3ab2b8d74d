/**
 * The permission table walked: each profile, signed in, against each route that asks for a
 * permission (allowed: the route's answer; refused: 403), `GET /me` answers the table's row, and
 * every member route declared in the app refuses a visitor without a session.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { teamMembers } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { PERMISSIONS, PROFILE_PERMISSIONS, type Permission, type Profile } from "../../worker/domain/dashboard/permissions";
import { declaredRoutes } from "../../worker/http/access";
import { DashboardVisitor } from "../support/dashboard";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { paidCharge, type Ctx } from "../support/transactions";

const ORIGIN = "http://pay.test";
let ctx: Ctx;
let paymentId: string;
const members = {} as Record<Profile, DashboardVisitor>;

beforeAll(async () => {
  ctx = await createTestContext();
  paymentId = (await paidCharge(ctx, 10_000)).id;
  const [owner] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
  for (const profile of Object.keys(PROFILE_PERMISSIONS) as Profile[]) {
    const inviteUrl =
      profile === "OWNER"
        ? (await createInvite(ctx.platform, ctx.seller.sellerId, owner!.id)).inviteUrl
        : (await (await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/team`, { email: `${profile.toLowerCase()}@loja.example.com`, firstName: profile, profile })).json()).inviteUrl;
    members[profile] = new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);
    expect((await members[profile].register(inviteUrl)).status).toBe(201);
  }
});

/**
 * A request that needs each permission, and the status it answers when allowed: the route's own
 * answer past the permission check (a made-up id's 404 where a real one would change data).
 */
const none = () => crypto.randomUUID();
const ACTIONS: Record<Permission, { method: string; path: () => string; body?: unknown; ok: number }> = {
  "payments.read": { method: "GET", path: () => `/dashboard/api/payments/${paymentId}`, ok: 200 },
  "payments.refund": { method: "POST", path: () => `/dashboard/api/payments/${paymentId}/refunds`, body: { amount: 1 }, ok: 201 },
  "reports.read": { method: "GET", path: () => "/dashboard/api/overview", ok: 200 },
  "settlements.read": { method: "GET", path: () => "/dashboard/api/settlements", ok: 200 },
  "links.read": { method: "GET", path: () => "/dashboard/api/payment-links", ok: 200 },
  "links.manage": { method: "POST", path: () => `/dashboard/api/payment-links/${none()}/deactivate`, ok: 404 },
  "subscriptions.read": { method: "GET", path: () => "/dashboard/api/subscriptions", ok: 200 },
  "subscriptions.manage": { method: "POST", path: () => `/dashboard/api/subscriptions/${none()}/cancel`, body: {}, ok: 404 },
  "webhooks.read": { method: "GET", path: () => "/dashboard/api/webhooks", ok: 200 },
  "webhooks.manage": { method: "POST", path: () => `/dashboard/api/webhooks/deliveries/${none()}/retry`, ok: 404 },
  "developers.read": { method: "GET", path: () => "/dashboard/api/keys", ok: 200 },
  "keys.manage": { method: "POST", path: () => "/dashboard/api/keys/roll", body: { kind: "publishable", expiresInHours: 1 }, ok: 201 },
  "team.read": { method: "GET", path: () => "/dashboard/api/team", ok: 200 },
  "team.manage": { method: "POST", path: () => `/dashboard/api/team/${none()}/invite`, ok: 404 },
  "sellers.read": { method: "GET", path: () => "/dashboard/api/sub-sellers", ok: 200 },
  "sellers.manage": { method: "POST", path: () => `/dashboard/api/sub-sellers/${none()}/suspend`, ok: 404 },
  "audit.read": { method: "GET", path: () => "/dashboard/api/audit-log", ok: 200 },
};

describe("the permission table", () => {
  it("names every permission once, and OWNER has them all", () => {
    expect(Object.keys(ACTIONS).sort()).toEqual([...PERMISSIONS].sort());
    expect([...PROFILE_PERMISSIONS.OWNER].sort()).toEqual([...PERMISSIONS].sort());
  });

  for (const profile of Object.keys(PROFILE_PERMISSIONS) as Profile[]) {
    it(`${profile}: /me answers its row, and each route allows exactly that`, async () => {
      const me = await (await members[profile].request("GET", "/dashboard/api/me")).json();
      expect(me.permissions).toEqual(PROFILE_PERMISSIONS[profile]);
      for (const permission of PERMISSIONS) {
        const { method, path, body, ok } = ACTIONS[permission];
        const res = await members[profile].request(method, path(), body);
        if (PROFILE_PERMISSIONS[profile].includes(permission)) expect(res.status, `${profile} ${permission}: ${await res.clone().text()}`).toBe(ok);
        else await expectProblem(res, 403, "FORBIDDEN");
      }
    });
  }

  it("every member route refuses a visitor without a session (401)", async () => {
    const routes = declaredRoutes().filter((d) => d.caller === "member");
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const d of routes) {
      const res = await ctx.app.request(d.path.replace(/:[^/]+/g, paymentId), { method: d.method, headers: { Origin: ORIGIN } });
      await expectProblem(res, 401, "DASHBOARD_SIGN_IN_REQUIRED");
    }
  });
});
