/**
 * Issue 28 on the Worker (findings 5 and 6): a link's amounts have an upper bound; a link's unpaid
 * charges are capped per client address (CF-Connecting-IP) and per buyer document, counted by the
 * charge's own INSERT over the libSQL HTTP database; a charge no one has looked at holds its use
 * for 5 minutes, and the cron frees it; the seller lists and releases held uses. The Node side:
 * test/api/payment-links.amounts.test.ts and test/api/payment-links.holds.test.ts.
 */
import { createClient } from "@libsql/client/web";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { cpfOf } from "../support/fixtures";
import { api, apiJson } from "./api";

type Link = { id: string; currentUses: number; reservedUses: number; maxAmountInCents: number | null };
type Session = { id: string; clientSecret: string };
type Problem = { code: string; policy?: string; limit?: number; errors?: Array<{ path: string; code: string }> };
type Charge = { session: { id: string }; transaction: { id: string; status: string; paymentDetails: { expiresAt: string } | null } };

const buyer = (n: number) => ({ name: "Joana Souza", email: "joana@example.com", documentType: "CPF", documentNumber: cpfOf(n) });
const open = async (linkId: string) => (await (await api("POST", `/v1/payment-links/${linkId}/checkout-sessions`, undefined, {})).json()) as Session;
/** A buyer's pay from `address`; body fields override the PIX default. */
const payFrom = (s: Session, address: string, n: number, body: Record<string, unknown> = {}) =>
  api("POST", `/v1/checkout-sessions/${s.id}/pay`, { clientSecret: s.clientSecret, paymentMethod: "PIX", buyer: buyer(n), ...body }, { "CF-Connecting-IP": address });
/** A different address for every test, so the per-address rate limits of one never touch another's. */
const addressBlock = () => `198.18.${Math.floor(Math.random() * 250)}`;

async function sql(statement: string, args: Array<string | number>) {
  const db = createClient({ url: env.TURSO_DATABASE_URL });
  try {
    return (await db.execute({ sql: statement, args })).rows;
  } finally {
    db.close();
  }
}

describe("payment links' limits in workerd", () => {
  it("a CUSTOMER_CHOICE pay above the /v1 maximum or the link's own maxAmountInCents is a 422 naming amountInCents, by PIX and by card", async () => {
    const base = { name: "Doação", chargeType: "CUSTOMER_CHOICE", minAmountInCents: 500, paymentMethods: ["PIX", "CARD"], maxUses: 5 };
    const open422 = async (linkId: string, amountInCents: number, paymentMethod: string) => {
      const res = await payFrom(await open(linkId), `${addressBlock()}.1`, amountInCents % 97, { amountInCents, paymentMethod });
      expect(res.status).toBe(422);
      expect(((await res.json()) as Problem).errors).toEqual([expect.objectContaining({ path: "amountInCents", code: "too_big" })]);
    };
    const unbounded = await apiJson<Link>("POST", "/v1/payment-links", 201, base);
    await open422(unbounded.id, 1e15, "PIX");
    await open422(unbounded.id, 1e15, "CARD");
    const capped = await apiJson<Link>("POST", "/v1/payment-links", 201, { ...base, maxAmountInCents: 99_999_999_999 });
    expect(capped.maxAmountInCents).toBe(99_999_999_999);
    await open422(capped.id, 100_000_000_000, "CARD");
    expect(await apiJson<Link>("GET", `/v1/payment-links/${capped.id}`, 200)).toMatchObject({ reservedUses: 0 });
    expect((await payFrom(await open(capped.id), `${addressBlock()}.2`, 1, { amountInCents: 99_999_999_999 })).status).toBe(201);
  });

  it("10 buyers from one address at once hold 2 of a link's 3 uses (429 for the others); another address takes the third", async () => {
    const link = await apiJson<Link>("POST", "/v1/payment-links", 201, { name: "Ingresso", amountInCents: 3000, paymentMethods: ["PIX"], maxUses: 3 });
    const block = addressBlock();
    const sessions = await Promise.all(Array.from({ length: 10 }, () => open(link.id)));
    const answers = await Promise.all(sessions.map((s, i) => payFrom(s, `${block}.7`, i)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    for (const res of answers.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ code: "RATE_LIMITED", policy: "paymentLinkHoldsPerAddress", limit: 2 });
    }
    expect((await payFrom(await open(link.id), `${block}.8`, 50)).status).toBe(201);
    const rows = await sql("select link_hold_address from transactions where payment_link_id = ?", [link.id]);
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toContain(block);
  });

  it("one CPF holds at most 2 unpaid charges of a link; the 429 names buyer.documentNumber", async () => {
    const link = await apiJson<Link>("POST", "/v1/payment-links", 201, { name: "Ingresso", amountInCents: 3000, paymentMethods: ["PIX"], maxUses: 10 });
    const block = addressBlock();
    expect((await payFrom(await open(link.id), `${block}.1`, 7)).status).toBe(201);
    expect((await payFrom(await open(link.id), `${block}.2`, 7)).status).toBe(201);
    const refused = await payFrom(await open(link.id), `${block}.3`, 7);
    expect(refused.status).toBe(429);
    const problem = (await refused.json()) as Problem;
    expect(problem).toMatchObject({ policy: "paymentLinkHoldsPerDocument", limit: 2 });
    expect(problem.errors).toEqual([expect.objectContaining({ path: "buyer.documentNumber" })]);
  });

  it("a charge no one looks at holds 5 minutes and the cron frees it; the buyer's read holds it 30", async () => {
    const link = await apiJson<Link>("POST", "/v1/payment-links", 201, { name: "Aula", amountInCents: 3000, paymentMethods: ["PIX"], maxUses: 2 });
    const block = addressBlock();
    const seen = await open(link.id);
    const seenCharge = (await (await payFrom(seen, `${block}.1`, 1)).json()) as Charge;
    const unseenCharge = (await (await payFrom(await open(link.id), `${block}.2`, 2)).json()) as Charge;
    const held = Date.parse(unseenCharge.transaction.paymentDetails!.expiresAt) - Date.now();
    expect(held).toBeGreaterThan(4 * 60_000);
    expect(held).toBeLessThanOrEqual(5 * 60_000);
    const read = await api("GET", `/v1/checkout-sessions/${seen.id}`, undefined, { "X-Client-Secret": seen.clientSecret });
    const lengthened = ((await read.json()) as Charge).transaction.paymentDetails!.expiresAt;
    expect(Date.parse(lengthened) - Date.now()).toBeGreaterThan(29 * 60_000);
    const [row] = await sql("select link_seen_at, expires_at from transactions where id = ?", [seenCharge.transaction.id]);
    expect(row!.link_seen_at).not.toBeNull();
    expect(row!.expires_at).toBe(lengthened);
    // The Worker runs on the wall clock: end the unseen hold by moving its expiry, then the cron runs.
    await sql("update transactions set expires_at = ? where id = ?", [new Date(Date.now() - 1000).toISOString(), unseenCharge.transaction.id]);
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, createExecutionContext());
    const [gone] = await sql("select status, cancellation_reason from transactions where id = ?", [unseenCharge.transaction.id]);
    expect(gone).toMatchObject({ status: "CANCELLED", cancellation_reason: "EXPIRED" });
    expect(await apiJson<Link>("GET", `/v1/payment-links/${link.id}`, 200)).toMatchObject({ reservedUses: 1 });
  });

  it("the seller lists a link's held uses and releases one: cancelled with its event, its use free at once", async () => {
    const link = await apiJson<Link>("POST", "/v1/payment-links", 201, { name: "Vaga", amountInCents: 3000, paymentMethods: ["PIX"], maxUses: 1 });
    const charge = (await (await payFrom(await open(link.id), `${addressBlock()}.1`, 1)).json()) as Charge;
    expect((await api("POST", `/v1/payment-links/${link.id}/checkout-sessions`, undefined, {})).status).toBe(409);
    const holds = await apiJson<{ totalItems: number; items: Array<{ transactionId: string; lookedAt: string | null; addressTag: string }> }>("GET", `/v1/payment-links/${link.id}/holds`, 200);
    expect(holds.totalItems).toBe(1);
    expect(holds.items).toEqual([expect.objectContaining({ transactionId: charge.transaction.id, lookedAt: null, addressTag: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/) })]);
    const released = await apiJson<{ transaction: { status: string; cancellationReason: string }; paymentLink: Link }>("POST", `/v1/payment-links/${link.id}/holds/${charge.transaction.id}/release`, 200);
    expect(released).toMatchObject({ transaction: { status: "CANCELLED", cancellationReason: "REQUESTED" }, paymentLink: { reservedUses: 0 } });
    const events = await apiJson<{ items: Array<{ data: { transaction: { id: string } } }> }>("GET", "/v1/events?type=TRANSACTION_CANCELLED", 200);
    expect(events.items.map((e) => e.data.transaction.id)).toContain(charge.transaction.id);
    expect((await payFrom(await open(link.id), `${addressBlock()}.2`, 2)).status).toBe(201);
  });
});
