/**
 * PCI DSS 3.3.1: no card number or security code survives a card payment in any form, the
 * idempotency key's digests included. Read from the raw rows after real card payments: no digest
 * of the CVV or the PAN (per field or of the whole request) that the vault key could brute-force;
 * replays still tell the same card from another one.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { idempotencyKeys } from "../../worker/db/schema";
import { fingerprintOf } from "../../worker/domain/idempotency/fingerprint";
import { cardInput, runThreeDs } from "../support/cards";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-11-22T12:00:00Z");
});

const OPERATION = "transactions.create";

/** The digests the old fingerprints kept of `request`: per field (as stored) and of the whole (validated, defaults applied). */
async function oldDigests(request: Record<string, unknown>) {
  const old = await fingerprintOf(ctx.platform.vault, OPERATION, { expirationSeconds: 3600, ...request });
  return { hash: old.hash, fields: await old.fields() };
}

async function rawRows(): Promise<string> {
  return JSON.stringify(await ctx.platform.client.execute("select * from idempotency_keys"));
}

describe("idempotency keys of card payments", () => {
  it("keep no digest of the CVV or the PAN: a 3DS sale with a key, and a pendingAction without one", async () => {
    const card = cardInput("4111111111111111", { cvv: "987" });
    const run = await runThreeDs(ctx.send, ctx.app, card, 1200);
    const sale = { ...pixBody({ amount: 1200 }), paymentMethod: "CREDIT_CARD", card, threeDs: run.threeDs };
    expect((await ctx.post("/v1/transactions", sale, { "Idempotency-Key": "sale-1" })).status).toBe(201);
    const pending = { ...pixBody({ amount: 1300 }), paymentMethod: "CREDIT_CARD", card };
    expect((await ctx.post("/v1/transactions", pending)).status).toBe(201);

    const rows = await ctx.platform.db.select().from(idempotencyKeys);
    expect(rows).toHaveLength(2);
    const raw = await rawRows();
    for (const request of [sale, pending]) {
      const old = await oldDigests(request);
      expect(raw).not.toContain(old.hash);
      expect(raw).not.toContain(old.fields["card.cvv"]);
      expect(raw).not.toContain(old.fields["card.number"]);
    }
    for (const row of rows) {
      expect(Object.keys(row.fingerprint!)).not.toContain("card.cvv");
      expect(Object.keys(row.fingerprint!).filter((path) => path.startsWith("card."))).toContain("card.number");
    }
    expect(raw).not.toContain("4111111111111111");
    expect(raw).not.toContain('"987"');
  });

  it("the same card replays (whatever CVV the retry sends); another card under the key is a 409 naming card.number", async () => {
    const body = { ...pixBody({ amount: 1400 }), paymentMethod: "CREDIT_CARD", card: cardInput("4111111111111111") };
    const key = { "Idempotency-Key": "pending-1" };
    const first = await ctx.post("/v1/transactions", body, key);
    expect(first.status).toBe(201);
    const again = await ctx.post("/v1/transactions", { ...body, card: { ...body.card, cvv: "456" } }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
    const other = await expectProblem(await ctx.post("/v1/transactions", { ...body, card: cardInput("5555555555554444") }, key), 409, "IDEMPOTENCY_KEY_REUSED");
    expect(other.differingFields).toContain("card.number");
  });
});
