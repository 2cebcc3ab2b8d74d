/**
 * The authorization matrix of the dashboard's API (issue 28): every member route of
 * `/dashboard/api` (read from the access declarations, so a route added is walked the day it is
 * added), attacked by every credential that must not reach seller A's **live** objects and
 * actions, through the mode axis as well as the seller axis:
 * - a member invited by a test key (test-only), in live mode and in test mode;
 * - A's OWNER in test mode, on A's live objects (another mode's object);
 * - another seller's OWNER (approved for live), in live mode;
 * - a sub-seller's OWNER, on its company's test objects;
 * - no session, and A's live secret key (keys never open the dashboard).
 * A refused cell changes no row (audit_log only gains `denied` rows); a list names none of A's
 * live objects. A control column then sends A's OWNER, in live mode, which must reach each route.
 * The matrix is printed and written to test-results/authorization-matrix.dashboard.md.
 * /v1's matrix (test/authorization-matrix.test.ts) holds the keys' mode axis (testOnLive, liveOnTest).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, teamMembers } from "../worker/db/schema";
import { createInvite } from "../worker/domain/dashboard/invites";
import { approveSellerForLive } from "../worker/domain/sellers";
import { declaredRoutes } from "../worker/http/access";
import { buildResources, changedTables, idsOf, matrixWorld, snapshotRows, type Ctx, type Resources } from "./support/authorization-matrix";
import { DashboardVisitor } from "./support/dashboard";
import { linkBody } from "./support/payment-links";

const ORIGIN = "http://pay.test";

/** The columns. */
const ATTACKS = {
  testOnlyLive: "A's test-only member (invited by sk_test), mode=live, on A's live objects",
  testOnlyTest: "A's test-only member, mode=test, on A's live objects",
  ownerTestMode: "A's OWNER, mode=test, on A's live objects",
  otherSeller: "seller B's OWNER, mode=live, on A's live objects",
  subSeller: "sub-seller S1's OWNER, mode=test, on its company A's test objects",
  noSession: "no session",
  apiKey: "A's sk_live in X-Api-Key, no session",
} as const;
type Attack = keyof typeof ATTACKS;
const ATTACK_IDS = Object.keys(ATTACKS) as Attack[];

type Params = Record<string, string | undefined>;
interface World {
  live: Resources;
  test: Resources;
  /** A member of A with live access, not registered yet (the team routes' target). */
  liveMemberId: string;
}

/**
 * How a route is attacked:
 * - `object`: names one of A's objects (a path id): refused with 403 LIVE_ACCESS_REQUIRED to the
 *   test-only member in live mode, 404 to every other credential's mode or seller (403 where said);
 * - `list`: a collection or figures of the caller's own: names none of A's live objects;
 * - `create`: makes the caller's own object in the mode asked: only the test-only member's live
 *   mode is refused (the other columns create their own, n/a);
 * - `team`: the account's people (no mode): a test-only member may not act on a member with live
 *   access, another seller gets 404;
 * - `self`: the caller's own session or passkeys: only the no-session columns apply.
 */
interface Entry {
  kind: "object" | "list" | "create" | "team" | "self";
  /** The route has no mode (the account's: team, audit log, own session): sent without `mode`. */
  modeless?: true;
  params?: (w: World, r: Resources) => Params;
  body?: () => unknown;
  headers?: () => Record<string, string>;
  /** Per-attack statuses that differ from the kind's rule (e.g. sub-sellers: 403 to a sub-seller). */
  expect?: Partial<Record<Attack, number[]>>;
}

const refund = () => ({ "Idempotency-Key": crypto.randomUUID() });
/** The company-only routes answer a sub-seller's member 403 before looking at anything. */
const companyOnly = { subSeller: [403] };

const ROUTES: Record<string, Entry> = {
  "GET /dashboard/api/me": { kind: "self", modeless: true },
  "GET /dashboard/api/sessions": { kind: "self", modeless: true },
  "POST /dashboard/api/sign-out": { kind: "self", modeless: true },
  "POST /dashboard/api/sign-out-everywhere": { kind: "self", modeless: true },
  "POST /dashboard/api/passkeys/registration-options": { kind: "self", modeless: true },
  "POST /dashboard/api/passkeys": { kind: "self", modeless: true, body: () => ({ challengeId: "x", response: {} }) },

  "GET /dashboard/api/payments": { kind: "list" },
  "GET /dashboard/api/payments/export": { kind: "list" },
  "GET /dashboard/api/payments/:id": { kind: "object", params: (_w, r) => ({ id: r.cardTx?.id }) },
  "GET /dashboard/api/payments/:id/timeline": { kind: "object", params: (_w, r) => ({ id: r.cardTx?.id }) },
  "POST /dashboard/api/payments/:id/refunds": { kind: "object", params: (_w, r) => ({ id: r.cardTx?.id }), body: () => ({ amount: 100 }), headers: refund },

  "GET /dashboard/api/payment-links": { kind: "list" },
  "POST /dashboard/api/payment-links": { kind: "create", body: () => linkBody() },
  "GET /dashboard/api/payment-links/:id": { kind: "object", params: (_w, r) => ({ id: r.linkId }) },
  "POST /dashboard/api/payment-links/:id/activate": { kind: "object", params: (_w, r) => ({ id: r.linkId }) },
  "POST /dashboard/api/payment-links/:id/deactivate": { kind: "object", params: (_w, r) => ({ id: r.linkId }) },
  "GET /dashboard/api/payment-links/:id/holds": { kind: "object", params: (_w, r) => ({ id: r.linkId }) },
  "POST /dashboard/api/payment-links/:id/holds/:transactionId/release": { kind: "object", params: (_w, r) => ({ id: r.linkId, transactionId: r.linkTx?.id }) },

  "GET /dashboard/api/subscriptions": { kind: "list" },
  "GET /dashboard/api/subscriptions/:id": { kind: "object", params: (_w, r) => ({ id: r.subscriptionId }) },
  "POST /dashboard/api/subscriptions/:id/cancel": { kind: "object", params: (_w, r) => ({ id: r.subscriptionId }), body: () => ({}) },

  "GET /dashboard/api/overview": { kind: "list" },
  "GET /dashboard/api/settlements": { kind: "list" },
  "GET /dashboard/api/settlements/:id": { kind: "object", params: (_w, r) => ({ id: r.settlementId }) },
  "GET /dashboard/api/balance": { kind: "list" },

  "GET /dashboard/api/keys": { kind: "list" },
  "POST /dashboard/api/keys": { kind: "create" },
  "POST /dashboard/api/keys/roll": { kind: "create", body: () => ({ kind: "publishable", expiresInHours: 1 }) },
  "GET /dashboard/api/events": { kind: "list" },

  "GET /dashboard/api/webhooks": { kind: "list" },
  "POST /dashboard/api/webhooks": { kind: "create", body: () => ({ url: "https://hooks.example.com/novo", eventTypes: ["ALL"] }) },
  "PATCH /dashboard/api/webhooks/:id": { kind: "object", params: (_w, r) => ({ id: r.webhookId }), body: () => ({ url: "https://ladrao.example.com/hook" }) },
  "DELETE /dashboard/api/webhooks/:id": { kind: "object", params: (_w, r) => ({ id: r.webhookId }) },
  "POST /dashboard/api/webhooks/:id/test": { kind: "object", params: (_w, r) => ({ id: r.webhookId }) },
  "POST /dashboard/api/webhooks/:id/replay": { kind: "object", params: (_w, r) => ({ id: r.webhookId }), body: () => ({ from: "2026-05-01T00:00:00Z" }) },
  "GET /dashboard/api/webhooks/deliveries": { kind: "list" },
  "GET /dashboard/api/webhooks/deliveries/:id": { kind: "object", params: (_w, r) => ({ id: r.deliveryId }) },
  "POST /dashboard/api/webhooks/deliveries/:id/retry": { kind: "object", params: (_w, r) => ({ id: r.deliveryId }) },
  "GET /dashboard/api/notification-settings": { kind: "list" },
  "PUT /dashboard/api/notification-settings": { kind: "create", body: () => ({ webhook: { TRANSACTION_PAID: false } }) },

  "GET /dashboard/api/sub-sellers": { kind: "list", expect: companyOnly },
  "POST /dashboard/api/sub-sellers/:id/suspend": { kind: "object", params: (_w, r) => ({ id: r.subSellerId }), body: () => ({ reason: "x" }), expect: companyOnly },
  "POST /dashboard/api/sub-sellers/:id/reactivate": { kind: "object", params: (_w, r) => ({ id: r.subSellerId }), body: () => ({ reason: "x" }), expect: companyOnly },

  "GET /dashboard/api/team": { kind: "list", modeless: true },
  "POST /dashboard/api/team": { kind: "create", modeless: true, body: () => ({ email: `ladrao-${crypto.randomUUID().slice(0, 6)}@example.com`, firstName: "L", profile: "ADMIN", liveAccess: true }) },
  "PATCH /dashboard/api/team/:id": { kind: "team", modeless: true, params: (w) => ({ id: w.liveMemberId }), body: () => ({ profile: "OPERATION" }) },
  "DELETE /dashboard/api/team/:id": { kind: "team", modeless: true, params: (w) => ({ id: w.liveMemberId }) },
  "POST /dashboard/api/team/:id/invite": { kind: "team", modeless: true, params: (w) => ({ id: w.liveMemberId }) },
  "GET /dashboard/api/audit-log": { kind: "list", modeless: true },
};

let ctx: Ctx;
let world: World;
let visitors: Record<"testOnly" | "owner" | "otherOwner" | "subOwner", DashboardVisitor>;
let liveKey: string;
let liveIds: string[];

/** The seller's OWNER, signed in through the operator's invite. */
async function ownerOf(sellerId: string) {
  const [row] = await ctx.platform.db.select().from(teamMembers).where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.profile, "OWNER")));
  const v = new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);
  expect((await v.register((await createInvite(ctx.platform, sellerId, row!.id)).inviteUrl)).status).toBe(201);
  return v;
}

beforeAll(async () => {
  const w = await matrixWorld();
  ctx = w.ctx;
  // B may act in its own live mode: its refusals below are about A's objects, not its approval.
  await approveSellerForLive(ctx.platform.db, w.B.sellerId, ctx.platform.now());
  const test = await buildResources(ctx, w.A, w.s3);
  const live = await buildResources(ctx, w.Alive, w.s4Live);
  const invitedLive = await w.Alive.send("POST", `/v1/sellers/${w.A.sellerId}/team`, { email: "alvo@loja.example.com", firstName: "Alvo", profile: "FINANCE" });
  world = { test, live, liveMemberId: ((await invitedLive.json()) as { id: string }).id };
  liveKey = w.Alive.secretKey;
  // The team is the account's people, in both modes: a member's id is not a live object.
  liveIds = idsOf(live);
  const invited = (await (await w.A.send("POST", `/v1/sellers/${w.A.sellerId}/team`, { email: "teste@loja.example.com", firstName: "T", profile: "ADMIN" })).json()) as { inviteUrl: string; liveAccess: boolean };
  expect(invited.liveAccess).toBe(false);
  const testOnly = new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);
  expect((await testOnly.register(invited.inviteUrl)).status).toBe(201);
  visitors = { testOnly, owner: await ownerOf(w.A.sellerId), otherOwner: await ownerOf(w.B.sellerId), subOwner: await ownerOf(w.S1.sellerId) };
}, 90_000);

/** The route's path with `params`; null when a parameter has no value. */
function pathOf(path: string, params: Params): string | null {
  let missing = false;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? "");
  });
  return missing ? null : filled;
}

/** Sends `method path?mode=` as `who` (a visitor, or none with optional headers). */
function send(who: DashboardVisitor | null, method: string, path: string, mode: "test" | "live", entry: Entry, extraHeaders: Record<string, string> = {}) {
  const url = entry.modeless ? path : `${path}?mode=${mode}`;
  const body = entry.body?.();
  const headers = { ...entry.headers?.(), ...extraHeaders };
  if (who) return who.request(method, url, body, headers);
  return ctx.app.request(url, {
    method,
    headers: { ...(method !== "GET" ? { Origin: ORIGIN } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** What `attack` sends on a route: who, in which mode, on whose objects; null: n/a (with why). */
function requestOf(attack: Attack, entry: Entry): { who: DashboardVisitor | null; mode: "test" | "live"; objects: Resources; headers?: Record<string, string> } | string {
  if (entry.kind === "self" && attack !== "noSession" && attack !== "apiKey") return "n/a: acts on the caller's own session";
  if (entry.kind === "create" && attack !== "testOnlyLive" && attack !== "noSession" && attack !== "apiKey") return "n/a: creates the caller's own, in its mode";
  if (entry.modeless && (attack === "testOnlyTest" || attack === "ownerTestMode")) return "n/a: the route has no mode";
  switch (attack) {
    case "testOnlyLive":
      return { who: visitors.testOnly, mode: "live", objects: world.live };
    case "testOnlyTest":
      return { who: visitors.testOnly, mode: "test", objects: world.live };
    case "ownerTestMode":
      return { who: visitors.owner, mode: "test", objects: world.live };
    case "otherSeller":
      return { who: visitors.otherOwner, mode: "live", objects: world.live };
    case "subSeller":
      return { who: visitors.subOwner, mode: "test", objects: world.test };
    case "noSession":
      return { who: null, mode: "live", objects: world.live };
    case "apiKey":
      return { who: null, mode: "live", objects: world.live, headers: { "X-Api-Key": liveKey } };
  }
}

/** The statuses a refused cell may answer, and its code where one is certain. */
function refusal(attack: Attack, entry: Entry): { status: number[]; code?: string } | "list" {
  if (entry.expect?.[attack]) return { status: entry.expect[attack]! };
  if (attack === "noSession" || attack === "apiKey") return { status: [401], code: "DASHBOARD_SIGN_IN_REQUIRED" };
  if (entry.kind === "list") {
    // A test-only member may not look at live mode at all; the account's lists (team, audit log) it
    // reads, without a live object in them.
    return attack === "testOnlyLive" && !entry.modeless ? { status: [403], code: "LIVE_ACCESS_REQUIRED" } : "list";
  }
  if (attack === "testOnlyLive") return { status: [403], code: "LIVE_ACCESS_REQUIRED" };
  return { status: [404] };
}

let baseline: Map<string, string>;
/** The audit rows before the matrix: every row written after is a refusal's, so `denied`. */
let auditBefore: Set<string>;

/** One cell: sends, checks the answer and that no row changed (but denied audit rows). */
async function cell(method: string, path: string, entry: Entry, attack: Attack): Promise<{ text: string; failure?: string }> {
  const request = requestOf(attack, entry);
  if (typeof request === "string") return { text: request };
  const filled = pathOf(path, entry.params?.(world, request.objects) ?? {});
  if (filled === null) return { text: "n/a: no such object" };
  const answer = await send(request.who, method, filled, request.mode, entry, request.headers);
  const text = await answer.text();
  const expected = refusal(attack, entry);
  const problems: string[] = [];
  if (expected === "list") {
    if (answer.status !== 200) problems.push(`status ${answer.status}, expected 200: ${text.slice(0, 200)}`);
    const leaked = liveIds.filter((id) => text.includes(id));
    if (leaked.length) problems.push(`names A's live ${leaked.join(", ")}`);
  } else {
    if (!expected.status.includes(answer.status)) problems.push(`status ${answer.status}, expected ${expected.status.join(" or ")}: ${text.slice(0, 200)}`);
    else if (expected.code && !text.includes(`"code":"${expected.code}"`)) problems.push(`code other than ${expected.code}: ${text.slice(0, 200)}`);
  }
  const after = await snapshotRows(ctx);
  const changed = changedTables(baseline, after).filter((t) => t !== "audit_log");
  if (changed.length) {
    problems.push(`changed rows of ${changed.join(", ")}`);
    baseline = after;
  }
  const written = (await ctx.platform.db.select().from(auditLog)).filter((r) => !auditBefore.has(r.id));
  const notDenied = written.filter((r) => r.outcome !== "denied");
  if (notDenied.length) problems.push(`wrote audit rows ${notDenied.map((r) => r.action).join(", ")}`);
  const got = expected === "list" ? `${answer.status} none listed` : `${answer.status}`;
  return problems.length ? { text: `FAIL ${got}`, failure: problems.join("; ") } : { text: got };
}

/** The member routes of the dashboard's API, as declared. */
const memberRoutes = () => declaredRoutes().filter((d) => d.caller === "member" && d.path.startsWith("/dashboard/api/"));

describe("the dashboard's authorization matrix", () => {
  it("every member route has an entry in ROUTES", () => {
    const missing = memberRoutes()
      .map((d) => `${d.method} ${d.path}`)
      .filter((k) => !(k in ROUTES));
    expect(missing, "add these routes to ROUTES in test/authorization-matrix.dashboard.test.ts").toEqual([]);
  });

  it("no credential of another mode or seller reaches A's live objects or actions; then A's OWNER in live mode reaches every route", async () => {
    baseline = await snapshotRows(ctx);
    auditBefore = new Set((await ctx.platform.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id));
    const rows: string[] = [];
    const failures: string[] = [];
    const routes = memberRoutes();
    for (const d of routes) {
      const entry = ROUTES[`${d.method} ${d.path}`]!;
      const cells: string[] = [];
      for (const attack of ATTACK_IDS) {
        const c = await cell(d.method, d.path, entry, attack);
        cells.push(c.text);
        if (c.failure) failures.push(`${d.method} ${d.path} × ${attack}: ${c.failure}`);
      }
      rows.push(`| ${d.method} ${d.path} | ${cells.join(" | ")} |`);
    }
    // The control: A's OWNER in live mode reaches each route (no 401, 403 or 404). Destructive
    // routes and the sign-outs go last, so each control finds the objects the others left.
    const last = (d: { method: string; path: string }) => (d.path.includes("sign-out") ? 2 : d.method === "DELETE" ? 1 : 0);
    const controls = [...routes].sort((a, b) => last(a) - last(b));
    for (const d of controls) {
      const entry = ROUTES[`${d.method} ${d.path}`]!;
      const filled = pathOf(d.path, entry.params?.(world, world.live) ?? {});
      if (filled === null) continue;
      const answer = await send(visitors.owner, d.method, filled, "live", entry);
      if ([401, 403, 404].includes(answer.status)) failures.push(`control ${d.method} ${d.path}: ${answer.status} ${(await answer.text()).slice(0, 200)}`);
      // A sign-out's control ended the OWNER's session: the next control signs in again.
      if (d.path.includes("sign-out")) expect((await visitors.owner.signIn()).status).toBe(200);
    }
    const header = `| route | ${ATTACK_IDS.join(" | ")} |\n|---|${ATTACK_IDS.map(() => "---").join("|")}|`;
    const legend = ATTACK_IDS.map((a) => `- ${a}: ${ATTACKS[a]}`).join("\n");
    const attacked = rows.join("\n").match(/\| (?:FAIL )?\d{3}/g)?.length ?? 0;
    const summary = `${routes.length} member routes × ${ATTACK_IDS.length} credentials: ${attacked} cells attacked, 0 reaching a live object from a test credential`;
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/authorization-matrix.dashboard.md", `# The dashboard's authorization matrix\n\n${summary}\n\n${legend}\n\n${header}\n${rows.join("\n")}\n`);
    console.log(summary);
    expect(failures).toEqual([]);
  }, 120_000);
});
