/**
 * Where a webhook may point, in workerd (issue 28 finding 3): the Worker applies the same name
 * rules as the Node host, at registration and again at send time to the stored URL, so a URL that
 * today's rules refuse (one stored before a rule existed) is refused there without a byte sent,
 * its attempt recorded as refused with no excerpt. Where a name resolves is not the Worker's to
 * check (its fetch has no lookup hook); Cloudflare's egress reaches no private address
 * (docs/webhooks.md).
 */
import { createClient } from "@libsql/client/web";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it, vi } from "vitest";
import worker from "../../worker/index";
import { VALID_CPF } from "../support/fixtures";
import { api, apiJson } from "./api";

const sellerId = inject("sellerId");
const hooks = `/v1/sellers/${sellerId}/webhooks`;

/** What the Node-side receiver got at `path`. */
async function receivedAt(path: string): Promise<unknown[]> {
  const all = (await (await fetch(`${new URL(inject("webhookReceiverUrl")).origin}/__received`)).json()) as { url: string }[];
  return all.filter((r) => r.url === path);
}

describe("webhook destinations in workerd", () => {
  it("registration refuses the names the Node host refuses", async () => {
    for (const url of ["http://db.internal:5432/", "http://printer.local/hooks", "http://metadata.google.internal/", "http://[::ffff:127.0.0.1]:8080/", "http://10.0.0.7/hooks"]) {
      const res = await api("POST", hooks, { url, eventTypes: ["TRANSACTION_PAID"] });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { errors: { path: string; code: string }[] }).errors[0], url).toMatchObject({ path: "url", code: "invalid_url" });
    }
  });

  it("a stored URL that today's rules refuse is refused at send time: nothing reaches the receiver, the attempt says why, no excerpt", async () => {
    // A test webhook on the loopback receiver, off while the payment happens (no delivery yet).
    const path = `/hooks/${crypto.randomUUID()}`;
    const url = `${new URL(inject("webhookReceiverUrl")).origin}${path}`;
    const hook = await apiJson<{ id: string }>("POST", hooks, 201, { url, eventTypes: ["TRANSACTION_PAID"], isActive: false });
    const charge = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, {
      paymentMethod: "PIX",
      amount: 3300,
      currency: "BRL",
      buyer: { name: "Joana Souza", documentType: "CPF", documentNumber: VALID_CPF, email: "joana@example.com" },
    });
    await apiJson("POST", `/v1/sandbox/transactions/${charge.id}/pay`, 200);

    // As if registered before the rule existed: a live webhook on a loopback http URL, with a
    // delivery due. workerd's fetch (unlike Cloudflare's edge) would reach the receiver.
    const db = createClient({ url: env.TURSO_DATABASE_URL });
    await db.execute({ sql: "update webhooks set livemode = 1, is_active = 1 where id = ?", args: [hook.id] });
    const event = await db.execute({ sql: "select id from events where data like ? and type = 'TRANSACTION_PAID'", args: [`%${charge.id}%`] });
    const at = new Date(Date.now() - 1000).toISOString();
    const deliveryId = crypto.randomUUID();
    await db.execute({
      sql: `insert into webhook_deliveries (id, webhook_id, seller_id, livemode, event_id, event_type, status, attempts, attempt_limit, next_attempt_at, created_at, updated_at)
            values (?, ?, ?, 1, ?, 'TRANSACTION_PAID', 'PENDING', 0, 5, ?, ?, ?)`,
      args: [deliveryId, hook.id, sellerId, String(event.rows[0]![0]), at, at, at],
    });

    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, createExecutionContext());
    const attempts = async () =>
      (await db.execute({ sql: "select attempt, http_status, error, response_excerpt from webhook_attempts where delivery_id = ?", args: [deliveryId] })).rows.map((r) => ({ ...r }));
    await vi.waitFor(async () => expect(await attempts()).toHaveLength(1), { timeout: 10_000, interval: 250 });
    expect(await attempts()).toEqual([{ attempt: 1, http_status: null, error: "refused: the URL must be https with a live key", response_excerpt: null }]);
    const delivery = await db.execute({ sql: "select status, next_attempt_at from webhook_deliveries where id = ?", args: [deliveryId] });
    // Failed like any attempt: the usual schedule retries it.
    expect(delivery.rows[0]).toMatchObject({ status: "PENDING" });
    db.close();
    expect(await receivedAt(path)).toEqual([]);
  });
});
