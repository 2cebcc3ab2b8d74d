/**
 * Webhook delivery in workerd: a payment's delivery goes through the JOBS queue to the `queue`
 * handler, which POSTs it, signed, to a loopback receiver in Node; a delivery whose message was
 * lost is found by the cron sweep and delivered the same way; the events feed, a replay and the
 * notification settings work there too.
 */
import { createClient } from "@libsql/client/web";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it, vi } from "vitest";
import worker from "../../worker/index";
import { serviceSignature } from "../../shared/webhooks";
import { VALID_CPF } from "../support/fixtures";
import { api, apiJson } from "./api";

type Received = { url: string; body: string; headers: Record<string, string> };
type Delivery = { id: string; status: string; attempts: number; lastHttpStatus: number | null };

const sellerId = inject("sellerId");
const pixCharge = {
  paymentMethod: "PIX",
  amount: 3100,
  currency: "BRL",
  buyer: { name: "Joana Souza", documentType: "CPF", documentNumber: VALID_CPF, email: "joana@example.com" },
};

/** What the receiver got at `path` (each test registers its own path). */
async function receivedAt(path: string): Promise<Received[]> {
  const all = (await (await fetch(`${new URL(inject("webhookReceiverUrl")).origin}/__received`)).json()) as Received[];
  return all.filter((r) => r.url === path);
}

/** A webhook on its own receiver path; returns its id, secret and path. */
async function registerWebhook() {
  const path = `/hooks/${crypto.randomUUID()}`;
  const url = `${new URL(inject("webhookReceiverUrl")).origin}${path}`;
  const hook = await apiJson<{ id: string; secret: string }>("POST", `/v1/sellers/${sellerId}/webhooks`, 201, { url, eventTypes: ["TRANSACTION_PAID"] });
  return { ...hook, path };
}

const deliveriesOf = async (webhookId: string) =>
  (await apiJson<{ items: Delivery[] }>("GET", `/v1/sellers/${sellerId}/webhooks/deliveries?webhookId=${webhookId}`, 200)).items;

describe("webhooks in workerd", () => {
  it("the queue handler delivers a payment's event, signed over the bytes the receiver got", async () => {
    const hook = await registerWebhook();
    const charge = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, pixCharge);
    await apiJson("POST", `/v1/sandbox/transactions/${charge.id}/pay`, 200);
    await vi.waitFor(async () => expect(await receivedAt(hook.path)).toHaveLength(1), { timeout: 10_000, interval: 250 });
    const [got] = await receivedAt(hook.path);
    expect(JSON.parse(got!.body)).toMatchObject({ type: "TRANSACTION_PAID", sellerId, data: { transaction: { id: charge.id, status: "PAID" } } });
    expect(got!.headers["x-service-signature"]).toBe(await serviceSignature(got!.body, hook.secret));
    await vi.waitFor(async () => expect(await deliveriesOf(hook.id)).toEqual([expect.objectContaining({ status: "DELIVERED", attempts: 1, lastHttpStatus: 200 })]), {
      timeout: 10_000,
      interval: 250,
    });
  });

  it("the cron sweep re-sends a due delivery whose queue message was lost", async () => {
    const hook = await registerWebhook();
    // Turn the webhook off, pay, then write the delivery the lost message was for, by hand.
    await apiJson("PATCH", `/v1/sellers/${sellerId}/webhooks/${hook.id}`, 200, { isActive: false });
    const charge = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, pixCharge);
    await apiJson("POST", `/v1/sandbox/transactions/${charge.id}/pay`, 200);
    const db = createClient({ url: env.TURSO_DATABASE_URL });
    const event = await db.execute({ sql: "select id from events where data like ? and type = 'TRANSACTION_PAID'", args: [`%${charge.id}%`] });
    const eventId = String(event.rows[0]![0]);
    const at = new Date(Date.now() - 1000).toISOString();
    const deliveryId = crypto.randomUUID();
    await db.execute({
      sql: `insert into webhook_deliveries (id, webhook_id, seller_id, livemode, event_id, event_type, status, attempts, attempt_limit, next_attempt_at, created_at, updated_at)
            values (?, ?, ?, 0, ?, 'TRANSACTION_PAID', 'PENDING', 0, 5, ?, ?, ?)`,
      args: [deliveryId, hook.id, sellerId, eventId, at, at, at],
    });
    db.close();
    expect(await receivedAt(hook.path)).toEqual([]);

    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, createExecutionContext());
    await vi.waitFor(async () => expect(await receivedAt(hook.path)).toHaveLength(1), { timeout: 10_000, interval: 250 });
    const [got] = await receivedAt(hook.path);
    expect(JSON.parse(got!.body).id).toBe(eventId);
    expect(got!.headers["x-webhook-delivery-id"]).toBe(deliveryId);
  });

  it("the events feed lists a payment's event, a replay re-sends it, and settings round-trip", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const charge = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, pixCharge);
    await apiJson("POST", `/v1/sandbox/transactions/${charge.id}/pay`, 200);
    const feed = await apiJson<{ items: Array<{ id: string; data: { transaction: { id: string } } }> }>("GET", `/v1/events?type=TRANSACTION_PAID&since=${encodeURIComponent(since)}`, 200);
    const event = feed.items.find((e) => e.data.transaction.id === charge.id);
    expect(event).toBeDefined();

    // A webhook registered afterwards gets it by replay, with the same envelope.
    const hook = await registerWebhook();
    const replay = await apiJson<{ deliveries: number }>("POST", `/v1/sellers/${sellerId}/webhooks/${hook.id}/replay`, 202, { from: since });
    expect(replay.deliveries).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect((await receivedAt(hook.path)).map((r) => JSON.parse(r.body).id)).toContain(event!.id), { timeout: 10_000, interval: 250 });

    const settings = `/v1/sellers/${sellerId}/notification-settings`;
    expect(await apiJson("PUT", settings, 200, { webhook: { SETTLEMENT_PAID: false } })).toMatchObject({ webhook: { SETTLEMENT_PAID: false, TRANSACTION_PAID: true } });
    expect(await apiJson("GET", settings, 200)).toMatchObject({ webhook: { SETTLEMENT_PAID: false } });
  });

  it("a replay skips events still pending for the webhook, and a trailing-dot metadata host is refused", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const charge = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, pixCharge);
    await apiJson("POST", `/v1/sandbox/transactions/${charge.id}/pay`, 200);
    // A receiver that cannot be reached: its deliveries stay PENDING (next attempt in 60 s).
    const hook = await apiJson<{ id: string }>("POST", `/v1/sellers/${sellerId}/webhooks`, 201, { url: "https://unreachable.invalid/hooks", eventTypes: ["TRANSACTION_PAID"] });
    const first = await apiJson<{ deliveries: number; alreadyPending: number }>("POST", `/v1/sellers/${sellerId}/webhooks/${hook.id}/replay`, 202, { from: since });
    expect(first.deliveries).toBeGreaterThanOrEqual(1);
    const again = await apiJson<{ deliveries: number; alreadyPending: number }>("POST", `/v1/sellers/${sellerId}/webhooks/${hook.id}/replay`, 202, { from: since });
    expect(again).toMatchObject({ deliveries: 0, alreadyPending: first.deliveries });

    const refused = await api("POST", `/v1/sellers/${sellerId}/webhooks`, { url: "https://metadata.google.internal./computeMetadata/v1/", eventTypes: ["ALL"] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe("url");
  });
});
