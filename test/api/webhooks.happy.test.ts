/** Registering, listing, updating and deleting webhooks; the secret is shown once and sealed at rest. */
import { beforeEach, describe, expect, it } from "vitest";
import { webhooks } from "../../worker/db/schema";
import { isWebhookSecret } from "../../shared/webhooks";
import { createTestContext } from "../support/platform";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let base: string;
beforeEach(async () => {
  ctx = await createTestContext();
  base = `/v1/sellers/${ctx.seller.sellerId}/webhooks`;
});

describe("webhook registration", () => {
  it("201 with a generated whsec_ secret, shown only in that answer and never stored in the clear", async () => {
    const res = await ctx.post(base, { url: "https://loja.example.com/hooks", eventTypes: ["TRANSACTION_PAID", "TRANSACTION_REFUNDED"], description: "ERP" });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      sellerId: ctx.seller.sellerId,
      url: "https://loja.example.com/hooks",
      eventTypes: ["TRANSACTION_PAID", "TRANSACTION_REFUNDED"],
      isActive: true,
      description: "ERP",
      livemode: false,
      createdAt: ctx.platform.now().toISOString(),
    });
    expect(isWebhookSecret(created.secret)).toBe(true);
    const [row] = await ctx.platform.db.select().from(webhooks);
    expect(row!.secret).not.toContain(created.secret.slice(6));
    expect(await ctx.platform.vault.open(row!.secret)).toBe(created.secret);

    const list = await (await ctx.get(base)).json();
    expect(list).toEqual({ items: [expect.objectContaining({ id: created.id })], totalItems: 1 });
    expect(list.items[0]).not.toHaveProperty("secret");
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it("keeps a secret the seller brings", async () => {
    const secret = `whsec_${btoa(String.fromCharCode(...new Uint8Array(32).fill(7)))}`;
    const created = await (await ctx.post(base, { url: "https://loja.example.com/hooks", eventTypes: ["ALL"], secret })).json();
    expect(created.secret).toBe(secret);
  });

  it("PATCH changes only the sent fields; DELETE removes it", async () => {
    const created = await (await ctx.post(base, { url: "https://loja.example.com/hooks", eventTypes: ["ALL"], description: "old" })).json();
    ctx.platform.clock.advance(5);
    const res = await ctx.patch(`${base}/${created.id}`, { isActive: false, eventTypes: ["TRANSACTION_CANCELLED"] });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated).toMatchObject({ id: created.id, url: created.url, description: "old", isActive: false, eventTypes: ["TRANSACTION_CANCELLED"], createdAt: created.createdAt });
    expect(updated.updatedAt).toBe(ctx.platform.now().toISOString());
    expect(updated).not.toHaveProperty("secret");

    expect((await ctx.send("DELETE", `${base}/${created.id}`)).status).toBe(204);
    expect((await (await ctx.get(base)).json()).items).toEqual([]);
  });
});
