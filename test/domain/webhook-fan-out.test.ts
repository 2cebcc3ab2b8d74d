/**
 * Fan-out rules that no API emits yet: a sub-seller's SELLER_STATUS_CHANGED reaches its own
 * webhooks and its company's; any other event of the sub-seller stays with the sub-seller.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sellers, webhookDeliveries } from "../../worker/db/schema";
import { createCompanySeller } from "../../worker/domain/sellers";
import { newEvent, Outbox } from "../../worker/domain/events/outbox";
import { createTestContext, requester } from "../support/platform";

describe("fan-out to a company", () => {
  it("SELLER_STATUS_CHANGED of a sub-seller: one delivery to each; other types: the sub-seller's only", async () => {
    const ctx = await createTestContext();
    const sub = await createCompanySeller(ctx.platform.db, { legalName: "Filial", email: "f@example.com", city: "Natal" }, ctx.platform.now());
    await ctx.platform.db.update(sellers).set({ parentId: ctx.seller.sellerId, livemode: false }).where(eq(sellers.id, sub.sellerId));
    const body = { url: "https://loja.example.com/hooks", eventTypes: ["ALL"] };
    const companyHook = (await (await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, body)).json()).id;
    const subHook = (await (await requester(ctx.app, sub).post(`/v1/sellers/${sub.sellerId}/webhooks`, body)).json()).id;

    const emit = async (type: "SELLER_STATUS_CHANGED" | "TRANSACTION_PAID") => {
      const at = ctx.platform.now().toISOString();
      const event = newEvent({ type, sellerId: sub.sellerId, livemode: false, occurredAt: at, data: { seller: { id: sub.sellerId } } });
      const outbox = new Outbox(ctx.platform);
      outbox.emit(event, null);
      await outbox.commit();
      const rows = await ctx.platform.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
      return rows.map((r) => [r.webhookId, r.sellerId]).sort();
    };
    expect(await emit("SELLER_STATUS_CHANGED")).toEqual([[companyHook, ctx.seller.sellerId], [subHook, sub.sellerId]].sort());
    expect(await emit("TRANSACTION_PAID")).toEqual([[subHook, sub.sellerId]]);
  });
});
