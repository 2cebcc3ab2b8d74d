/**
 * Payment links in workerd: a link created with the secret key, read with no key, paid by buyers
 * at once through checkout sessions (a link of 3 gets exactly 3 charges, over the libSQL HTTP
 * database), its charges filtered by link, and its expiry by the cron trigger with its event.
 */
import { createClient } from "@libsql/client/web";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { cpfOf, VALID_CPF } from "../support/fixtures";
import { api, apiJson } from "./api";

type Link = { id: string; status: string; publicUrl: string; currentUses: number; reservedUses: number };
type Session = { id: string; clientSecret: string; expiresAt: string | null };

const linkBody = { name: "Ingresso", amountInCents: 3000, paymentMethods: ["PIX", "CARD"], maxInstallments: 3, checkoutConfig: '{"locale":"en"}' };
const buyer = { name: "Joana Souza", email: "joana@example.com", documentType: "CPF", documentNumber: VALID_CPF };

const open = async (linkId: string) => (await (await api("POST", `/v1/payment-links/${linkId}/checkout-sessions`, undefined, {})).json()) as Session;
/** Buyer `n` pays (its own CPF: a link caps the unpaid charges of one document, docs/payment-links.md). */
const pay = (s: Session, paymentMethod = "PIX", n = 0) =>
  api("POST", `/v1/checkout-sessions/${s.id}/pay`, { clientSecret: s.clientSecret, paymentMethod, buyer: { ...buyer, documentNumber: cpfOf(n) } }, {});

describe("payment links in workerd", () => {
  it("created with the key, read with none, paid by a buyer with no key", async () => {
    const link = await apiJson<Link>("POST", "/v1/payment-links", 201, linkBody);
    expect(link).toMatchObject({ status: "ACTIVE", currentUses: 0 });
    expect(link.publicUrl).toMatch(new RegExp(`/pay/${link.id}$`));
    const view = await (await api("GET", `/v1/payment-links/${link.id}`, undefined, {})).json();
    expect(view).toMatchObject({ id: link.id, amountInCents: 3000, payable: true, locale: "en", paymentMethods: ["PIX", "CREDIT_CARD"] });
    expect(view).not.toHaveProperty("successUrl");
    const session = await open(link.id);
    expect(Date.parse(session.expiresAt!) - Date.now()).toBeGreaterThan(29 * 60_000);
    const paid = await pay(session);
    expect(paid.status).toBe(201);
    const { transaction } = (await paid.json()) as { transaction: { id: string; status: string; paymentDetails: { qrCode: string } } };
    expect(transaction.paymentDetails.qrCode).toMatch(/^000201/);
    const listed = await apiJson<{ items: Array<{ id: string; paymentLinkId: string }> }>("GET", `/v1/transactions?paymentLinkId=${link.id}`, 200);
    expect(listed.items).toEqual([expect.objectContaining({ id: transaction.id, paymentLinkId: link.id })]);
    const read = await api("GET", `/v1/checkout-sessions/${session.id}`, undefined, { "X-Client-Secret": session.clientSecret });
    expect(await read.json()).toMatchObject({ session: { status: "OPEN", transactionId: transaction.id }, transaction: { id: transaction.id, status: "PENDING" } });
    // Paying again (by card) in the same visit: the session's latest charge is the newest one naming it.
    const card = (await (await pay(session, "CARD")).json()) as { transaction: { id: string } };
    const reread = await api("GET", `/v1/checkout-sessions/${session.id}`, undefined, { "X-Client-Secret": session.clientSecret });
    expect(await reread.json()).toMatchObject({ session: { status: "OPEN", transactionId: card.transaction.id }, transaction: { id: card.transaction.id, status: "PENDING" } });
    expect(await apiJson("GET", `/v1/transactions/${transaction.id}`, 200)).toMatchObject({ status: "CANCELLED" });
  });

  it("20 buyers paying a link of 3 at once: exactly 3 charges", async () => {
    const link = await apiJson<Link>("POST", "/v1/payment-links", 201, { ...linkBody, maxUses: 3 });
    const sessions = await Promise.all(Array.from({ length: 20 }, () => open(link.id)));
    const answers = await Promise.all(sessions.map((s, i) => pay(s, i % 2 ? "CARD" : "PIX", i)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(17);
    const db = createClient({ url: env.TURSO_DATABASE_URL });
    const charges = await db.execute({ sql: "select count(*) as n from transactions where payment_link_id = ?", args: [link.id] });
    db.close();
    expect(Number(charges.rows[0]!.n)).toBe(3);
    expect(await apiJson<Link>("GET", `/v1/payment-links/${link.id}`, 200)).toMatchObject({ currentUses: 0, reservedUses: 3 });
  });

  it("the cron trigger expires a link past its expiresAt, with PAYMENT_LINK_EXPIRED", async () => {
    const link = await apiJson<Link>("POST", "/v1/payment-links", 201, { ...linkBody, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    // The Worker runs on the wall clock: move the link's expiry rather than the clock.
    const db = createClient({ url: env.TURSO_DATABASE_URL });
    await db.execute({ sql: "update payment_links set expires_at = ? where id = ?", args: [new Date(Date.now() - 1000).toISOString(), link.id] });
    db.close();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, createExecutionContext());
    const events = await apiJson<{ items: Array<{ data: { details: { paymentLink: { id: string; status: string } } } }> }>("GET", "/v1/events?type=PAYMENT_LINK_EXPIRED", 200);
    expect(events.items.map((e) => e.data.details.paymentLink)).toContainEqual(expect.objectContaining({ id: link.id, status: "EXPIRED" }));
    const refused = await api("POST", `/v1/payment-links/${link.id}/checkout-sessions`, undefined, {});
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe("PAYMENT_LINK_EXPIRED");
  });
});
