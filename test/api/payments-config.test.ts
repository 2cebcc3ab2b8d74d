/**
 * GET /v1/payments/config: the region table, BRL as domestic, an unsupported currency disabled
 * rather than refused, a malformed one a 400 naming `currency`; `enabled` following the seller's
 * status, its allowed methods, its plan and the mode's acquirers; the publishable key and the
 * vault id of the key's mode; secret key only.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sellers, type PaymentMethod } from "../../worker/db/schema";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import type { Ctx } from "../support/transactions";
import { assignPlan, createPlan } from "../support/fee-plans";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

/** The config for `currency` (or the default) with the context's key: 200 and its body. */
async function config(currency?: string, as: Pick<Ctx, "get"> = ctx) {
  const res = await as.get(`/v1/payments/config${currency === undefined ? "" : `?currency=${currency}`}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** The vault id docs/payments-config.md defines, computed independently. */
const expectedVaultId = (sellerId: string, mode: string) => `vault_${createHash("sha256").update(`card-vault:${sellerId}:${mode}`).digest("hex").slice(0, 32)}`;

const setSeller = (changes: { status?: "ACTIVE" | "SUSPENDED" | "PENDING" | "BLOCKED"; paymentMethods?: PaymentMethod[] | null }) =>
  ctx.platform.db.update(sellers).set(changes).where(eq(sellers.id, ctx.seller.sellerId));

describe("the config of an ACTIVE company seller in test mode", () => {
  it("BRL by default: domestic, region null, enabled, with the pk, the vault and sandbox", async () => {
    expect(await config()).toEqual({
      enabled: true,
      provider: "sandbox-alpha",
      region: null,
      currency: "BRL",
      publishableKey: ctx.seller.publishableKey,
      collect: { vaultId: expectedVaultId(ctx.seller.sellerId, "test"), environment: "sandbox" },
    });
    expect(await config("BRL")).toEqual(await config());
  });

  it.each([
    ["USD", "NA"], ["CAD", "NA"],
    ["EUR", "EU"], ["GBP", "EU"], ["CHF", "EU"], ["SEK", "EU"], ["NOK", "EU"], ["DKK", "EU"],
    ["PLN", "EU"], ["CZK", "EU"], ["HUF", "EU"], ["RON", "EU"], ["BGN", "EU"], ["ISK", "EU"],
  ])("%s is region %s, enabled", async (currency, region) => {
    expect(await config(currency)).toMatchObject({ enabled: true, region, currency });
  });

  it.each(["JPY", "MXN", "ARS", "AUD"])("%s, a currency no region serves, is disabled with region null (not an error)", async (currency) => {
    expect(await config(currency)).toMatchObject({ enabled: false, region: null, currency, provider: "sandbox-alpha", publishableKey: ctx.seller.publishableKey });
  });

  it.each([["usd"], ["US"], ["USDD"], ["ZZZ"], ["U$D"], [""]])("currency=%s is a 400 naming currency", async (currency) => {
    const problem = await expectProblem(await ctx.get(`/v1/payments/config?currency=${encodeURIComponent(currency)}`), 400, "VALIDATION_FAILED");
    expect(problem.errors).toEqual([expect.objectContaining({ path: "currency", in: "query" })]);
  });
});

describe("enabled", () => {
  it.each(["PENDING", "SUSPENDED", "BLOCKED"] as const)("is false while the seller is %s", async (status) => {
    await setSeller({ status });
    expect(await config("USD")).toMatchObject({ enabled: false, region: "NA" });
    await setSeller({ status: "ACTIVE" });
    expect((await config("USD")).enabled).toBe(true);
  });

  it("needs a card method the seller is allowed (null: all its plan prices)", async () => {
    await setSeller({ paymentMethods: ["PIX"] });
    expect((await config("EUR")).enabled).toBe(false);
    await setSeller({ paymentMethods: ["PIX", "DEBIT_CARD"] });
    expect((await config("EUR")).enabled).toBe(true);
  });

  it("needs that method priced by the seller's plan", async () => {
    await assignPlan(ctx, ctx.seller.sellerId, (await createPlan(ctx, { fees: { PIX: { percentBps: 99, fixedCents: 0 } }, installmentSurchargesBps: undefined })).id);
    expect((await config()).enabled).toBe(false);
    await assignPlan(ctx, ctx.seller.sellerId, (await createPlan(ctx, { fees: { DEBIT_CARD: { percentBps: 99, fixedCents: 0 } }, installmentSurchargesBps: undefined })).id);
    expect((await config()).enabled).toBe(true);
    // Priced, but not the method the seller is allowed.
    await setSeller({ paymentMethods: ["CREDIT_CARD"] });
    expect((await config()).enabled).toBe(false);
  });
});

describe("keys and modes", () => {
  it("a live key: live environment and pk_live; no live acquirer here, so disabled with no provider", async () => {
    const keys = (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!;
    const body = await config("USD", requester(ctx.app, keys));
    expect(body).toEqual({
      enabled: false,
      provider: null,
      region: "NA",
      currency: "USD",
      publishableKey: keys.publishableKey,
      collect: { vaultId: expectedVaultId(ctx.seller.sellerId, "live"), environment: "live" },
    });
    expect(body.collect.vaultId).not.toBe((await config("USD")).collect.vaultId);
  });

  it("a live key with live card acquirers is enabled, with routing's default acquirer", async () => {
    const live = await createTestContext({ acquirers: { cards: { test: SANDBOX_CARD_ACQUIRERS, live: [...SANDBOX_CARD_ACQUIRERS].reverse() } } });
    const keys = (await rotateSellerKeys(live.platform.db, live.seller.sellerId, live.platform.now(), "live"))!;
    expect(await config("EUR", requester(live.app, keys))).toMatchObject({ enabled: true, provider: "sandbox-beta", region: "EU" });
  });

  it("after a rotation, the new publishable key; each seller has its own vault", async () => {
    const rotated = (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "test"))!;
    expect((await config(undefined, requester(ctx.app, rotated))).publishableKey).toBe(rotated.publishableKey);
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra", email: "o@example.com" }, ctx.platform.now());
    const theirs = await config(undefined, requester(ctx.app, other));
    expect(theirs).toMatchObject({ publishableKey: other.publishableKey, collect: { vaultId: expectedVaultId(other.sellerId, "test") } });
    expect(theirs.collect.vaultId).not.toBe(expectedVaultId(ctx.seller.sellerId, "test"));
  });

  it("is a secret-key route: a publishable key gets 401, and so does no key", async () => {
    await expectProblem(await ctx.app.request("/v1/payments/config", { headers: { "X-Api-Key": ctx.seller.publishableKey } }), 401, "PUBLISHABLE_KEY_NOT_ALLOWED");
    await expectProblem(await ctx.app.request("/v1/payments/config"), 401, "UNAUTHENTICATED");
  });
});
