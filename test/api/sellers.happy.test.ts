/** Sub-sellers, happy path: created PENDING with keys shown once, read, listed, approved, charging. */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { apiKeys, sellers, teamMembers, webhooks } from "../../worker/db/schema";
import { requester } from "../support/platform";
import { companyFeePlan, sellerBody } from "../support/sellers";
import { createTestContext } from "../support/platform";
import { pixBody, type Ctx } from "../support/transactions";
import { VALID_CNPJ } from "../support/fixtures";

let ctx: Ctx;
let planId: string;
beforeEach(async () => {
  ctx = await createTestContext();
  planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
});

describe("POST /v1/sellers", () => {
  it("201: the sub-seller PENDING, document masked, keys and webhook secret shown once, personal data sealed", async () => {
    const hook = { url: "https://paoquente.com.br/hooks", eventTypes: ["SELLER_STATUS_CHANGED"] };
    const res = await ctx.post("/v1/sellers", sellerBody(planId, { webhooks: hook }));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      parentId: ctx.seller.sellerId,
      legalName: "Padaria Pão Quente Ltda",
      documentNumber: "**.222.333/0001-**",
      status: "PENDING",
      paymentMethods: ["PIX", "CREDIT_CARD"],
      feePlanId: planId,
      businessInfo: { mcc: "5462" },
      webhooks: [{ url: hook.url, eventTypes: hook.eventTypes, isActive: true }],
    });
    expect(body.apiKey).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(body.publishableKey).toMatch(/^pk_test_/);
    expect(body.webhookSecret).toMatch(/^whsec_/);
    expect(JSON.stringify(body)).not.toContain(VALID_CNPJ);
    expect(body).not.toHaveProperty("bankAccount");

    const [row] = await ctx.platform.db.select().from(sellers).where(eq(sellers.id, body.id));
    expect(row).toMatchObject({ city: "Sao Paulo", pixKey: VALID_CNPJ, documentNumber: null });
    expect(row!.pii).toMatch(/^v1\./);
    expect(JSON.parse(await ctx.platform.vault.open(row!.pii!))).toMatchObject({ documentNumber: VALID_CNPJ, bankAccount: { accountNumber: "123456" } });
    // The key is stored only as its hash.
    const keys = await ctx.platform.db.select().from(apiKeys).where(eq(apiKeys.sellerId, body.id));
    expect(keys.map((k) => k.kind).sort()).toEqual(["publishable", "secret"]);
    expect(JSON.stringify(keys)).not.toContain(body.apiKey);
    expect(await ctx.platform.db.select().from(webhooks).where(eq(webhooks.sellerId, body.id))).toHaveLength(1);
    const [owner] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, body.id));
    expect(owner).toMatchObject({ profile: "OWNER", email: "dono@paoquente.com.br" });

    // Shown once: reads never carry the keys.
    const read = await (await ctx.get(`/v1/sellers/${body.id}`)).json();
    expect(read).not.toHaveProperty("apiKey");
    expect(read).toMatchObject({ id: body.id, status: "PENDING", webhooks: [{ url: hook.url }] });
  });

  it("the sub-seller's key works at once; it charges by PIX under its own name once ACTIVE", async () => {
    const created = await (await ctx.post("/v1/sellers", sellerBody(planId))).json();
    const sub = requester(ctx.app, { sellerId: created.id, apiKey: created.apiKey, publishableKey: created.publishableKey });
    const self = await sub.get(`/v1/sellers/${created.id}`);
    expect(self.status).toBe(200);
    const refused = await sub.post("/v1/transactions", pixBody());
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "SELLER_NOT_ACTIVE", sellerStatus: "PENDING" });

    const approved = await ctx.post(`/v1/sandbox/sellers/${created.id}/kyc`, { decision: "approved" });
    expect(await approved.json()).toMatchObject({ status: "ACTIVE" });
    const tx = await sub.post("/v1/transactions", pixBody({ amount: 2500 }));
    expect(tx.status).toBe(201);
    const charge = await tx.json();
    // Priced by the company's plan (1.99 % + 10): 2500 × 199 / 10 000 = 49.75 → 50, + 10.
    expect(charge).toMatchObject({ status: "PENDING", amount: 2500 });
    const paid = await (await sub.post(`/v1/sandbox/transactions/${charge.id}/pay`)).json();
    expect(paid).toMatchObject({ status: "PAID", feeAmount: 60, netAmount: 2440 });
    // A method it was not enabled for.
    const debit = await sub.post("/v1/transactions", { ...pixBody(), paymentMethod: "DEBIT_CARD" });
    expect(await debit.json()).toMatchObject({ code: "PAYMENT_METHOD_NOT_ENABLED", paymentMethods: ["PIX", "CREDIT_CARD"] });
  });

  it("GET /v1/sellers lists the company's sub-sellers, newest first, in the spec's envelope", async () => {
    const a = await (await ctx.post("/v1/sellers", sellerBody(planId, { email: "a@example.com" }))).json();
    ctx.platform.clock.advance(1);
    const b = await (await ctx.post("/v1/sellers", sellerBody(planId, { email: "b@example.com" }))).json();
    const page = await (await ctx.get("/v1/sellers?size=1")).json();
    expect(page).toMatchObject({ page: 0, size: 1, totalItems: 2, totalPages: 2, hasNext: true, isFirst: true });
    expect(page.items.map((s: { id: string }) => s.id)).toEqual([b.id]);
    const next = await (await ctx.get(`/v1/sellers?size=1&cursor=${page.nextCursor}`)).json();
    expect(next.items.map((s: { id: string }) => s.id)).toEqual([a.id]);
  });
});
