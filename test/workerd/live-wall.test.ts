/**
 * The wall between test and live in workerd (issue 28; Node's side: test/api/live-wall.security.test.ts),
 * over the libSQL HTTP database: a member invited by a test key is test-only and cannot roll or
 * mint live keys; a company the operator has not approved has no live mode to change; a test-mode
 * sub-seller gets no live key; a live sub-seller's key changes nothing until its company's live
 * KYC decision; an ACTIVE member cannot be re-invited; concurrent first key pairs make one; a
 * stored answer holding a client secret is sealed.
 */
import { createClient } from "@libsql/client/web";
import { env, exports } from "cloudflare:workers";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { apiKeys, idempotencyKeys, teamMembers } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { approveSellerForLive, createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { DashboardVisitor } from "../support/dashboard";
import { companyFeePlan, sellerBody } from "../support/sellers";
import { api } from "./api";

const base = inject("baseUrl");
const origin = new URL(base).origin;
const send = (path: string, init: RequestInit) => exports.default.fetch(new Request(`${base}${path}`, init));
// Opened in the first test: workerd allows no I/O objects made at module scope.
let client: ReturnType<typeof createClient>;
let db: ReturnType<typeof createDb>;
beforeAll(() => {
  client = createClient({ url: env.TURSO_DATABASE_URL });
  db = createDb(client);
});
afterAll(() => client.close());

const unique = () => crypto.randomUUID().slice(0, 8);
const asKey = (key: string) => ({ "X-Api-Key": key });

/** A company of its own (the shared seller's keys stay untouched), test keys only, not approved for live. */
const company = () => createCompanySeller(db, { legalName: "Muro Workerd Ltda", email: `muro-${unique()}@workerd.example.com`, city: "Sao Paulo" }, new Date());

/** A member invited with `key` on `sellerId`'s team, signed in. */
async function member(key: string, sellerId: string, profile: string) {
  const res = await api("POST", `/v1/sellers/${sellerId}/team`, { email: `${profile.toLowerCase()}-${unique()}@workerd.example.com`, firstName: "Ana", profile }, asKey(key));
  expect(res.status, await res.clone().text()).toBe(201);
  const invited = (await res.json()) as { id: string; inviteUrl: string; liveAccess: boolean };
  const v = new DashboardVisitor(send, origin);
  expect((await v.register(invited.inviteUrl)).status).toBe(201);
  return Object.assign(v, { memberId: invited.id, liveAccess: invited.liveAccess });
}

/** The company's OWNER, signed in through the operator's invite. */
async function owner(sellerId: string) {
  const [row] = await db.select().from(teamMembers).where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.profile, "OWNER")));
  const v = new DashboardVisitor(send, origin);
  expect((await v.register((await createInvite({ db, now: () => new Date(), config: { baseUrl: base } }, sellerId, row!.id)).inviteUrl)).status).toBe(201);
  return v;
}

const liveKeysOf = (sellerId: string) => db.select().from(apiKeys).where(and(eq(apiKeys.sellerId, sellerId), eq(apiKeys.mode, "live"), isNull(apiKeys.revokedAt)));
const code = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { code?: string }).code });

describe("test and live in workerd", () => {
  it("a member invited by sk_test is test-only; an unapproved company's OWNER has no live mode to change until the operator approves it", async () => {
    const seller = await company();
    const admin = await member(seller.apiKey, seller.sellerId, "ADMIN");
    expect(admin.liveAccess).toBe(false);
    expect(await code(await admin.request("POST", "/dashboard/api/keys/roll?mode=live", { kind: "secret", expiresInHours: 168 }))).toEqual({ status: 403, code: "LIVE_ACCESS_REQUIRED" });
    expect(await code(await admin.request("POST", "/dashboard/api/keys?mode=live"))).toEqual({ status: 403, code: "LIVE_ACCESS_REQUIRED" });
    expect(await code(await admin.request("GET", "/dashboard/api/payments?mode=live"))).toEqual({ status: 403, code: "LIVE_ACCESS_REQUIRED" });
    const asked = await api("POST", `/v1/sellers/${seller.sellerId}/team`, { email: `x-${unique()}@workerd.example.com`, firstName: "X", profile: "ADMIN", liveAccess: true }, asKey(seller.apiKey));
    expect(await code(asked)).toEqual({ status: 403, code: "LIVE_ACCESS_REQUIRED" });

    const boss = await owner(seller.sellerId);
    expect(await code(await boss.request("POST", "/dashboard/api/keys?mode=live"))).toEqual({ status: 403, code: "LIVE_MODE_NOT_APPROVED" });
    expect(await liveKeysOf(seller.sellerId)).toEqual([]);
    // The re-invite of an ACTIVE member (the admin above) hands no one a link to their account.
    expect(await code(await boss.request("POST", `/dashboard/api/team/${admin.memberId}/invite`))).toEqual({ status: 409, code: "INVALID_STATE_TRANSITION" });

    await approveSellerForLive(db, seller.sellerId, new Date());
    const pair = await boss.request("POST", "/dashboard/api/keys?mode=live");
    expect(pair.status, await pair.clone().text()).toBe(201);
    expect(await liveKeysOf(seller.sellerId)).toHaveLength(2);
  });

  it("a test-mode sub-seller gets no live key; a live one changes nothing until its company's live key approves its KYC", async () => {
    const seller = await company();
    await approveSellerForLive(db, seller.sellerId, new Date());
    const live = (await rotateSellerKeys(db, seller.sellerId, new Date(), "live"))!;
    const planId = await companyFeePlan(db, seller.sellerId);

    const testSub = (await (await api("POST", "/v1/sellers", sellerBody(planId), asKey(seller.apiKey))).json()) as { id: string; apiKey: string };
    expect((await api("POST", `/v1/sandbox/sellers/${testSub.id}/kyc`, { decision: "approved" }, asKey(testSub.apiKey))).status).toBe(200);
    const subAdmin = await member(testSub.apiKey, testSub.id, "ADMIN");
    expect(await code(await subAdmin.request("POST", "/dashboard/api/keys?mode=live"))).toEqual({ status: 403, code: "LIVE_ACCESS_REQUIRED" });
    expect(await liveKeysOf(testSub.id)).toEqual([]);

    const created = await api("POST", "/v1/sellers", sellerBody(planId), asKey(live.apiKey));
    expect(created.status, await created.clone().text()).toBe(201);
    const liveSub = (await created.json()) as { id: string; apiKey: string };
    const link = { name: "Camiseta", amountInCents: 4990, paymentMethods: ["PIX"] };
    expect(await code(await api("POST", "/v1/payment-links", link, asKey(liveSub.apiKey)))).toEqual({ status: 403, code: "LIVE_MODE_NOT_APPROVED" });
    const decided = await api("POST", `/v1/sellers/${liveSub.id}/kyc`, { decision: "approved" }, asKey(live.apiKey));
    expect(decided.status, await decided.clone().text()).toBe(200);
    expect(await decided.json()).toMatchObject({ status: "ACTIVE" });
    const made = await api("POST", "/v1/payment-links", link, asKey(liveSub.apiKey));
    expect(made.status, await made.clone().text()).toBe(201);
  });

  it("12 concurrent first live key pairs give one 201 and one pair; an answer holding a client secret is stored sealed and replayed byte for byte", async () => {
    const seller = await company();
    await approveSellerForLive(db, seller.sellerId, new Date());
    const boss = await owner(seller.sellerId);
    const answers = await Promise.all(Array.from({ length: 12 }, () => boss.request("POST", "/dashboard/api/keys?mode=live")));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    expect((await liveKeysOf(seller.sellerId)).map((k) => k.kind).sort()).toEqual(["publishable", "secret"]);

    const key = { ...asKey(seller.apiKey), "Idempotency-Key": `sealed-${unique()}` };
    const body = { paymentMethod: "PIX", amount: 1500, currency: "BRL", description: "Selado", buyer: { name: "Maria da Silva", email: "maria@example.com", documentType: "CPF", documentNumber: "52998224725" } };
    const first = await api("POST", "/v1/transactions", body, key);
    expect(first.status).toBe(201);
    const text = await first.text();
    const secret = (JSON.parse(text) as { clientSecret: string }).clientSecret;
    const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.sellerId, seller.sellerId), eq(idempotencyKeys.key, key["Idempotency-Key"])));
    expect(row!.responseBody).toMatch(/^v1\./);
    expect(row!.responseBody).not.toContain(secret);
    const again = await api("POST", "/v1/transactions", body, key);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(text);
  });
});
