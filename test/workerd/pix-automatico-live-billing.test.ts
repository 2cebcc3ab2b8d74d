/**
 * Live PIX Automático billing inside workerd (issue 32, item 3; Node's side:
 * test/api/pix-automatico.live.test.ts): the Worker's cron sends a live subscription's charge
 * instruction (`PUT /cobr/{txid}`) through its own PSP transport to the simulator global setup
 * runs in Node (every request checked there against the BCB document; PIX_PSP_RECEIVER_ACCOUNT
 * set in vitest.workers.config.ts); the payer's bank refuses the first attempt and pays the
 * retry; each `webhookcobr` callback, carried to `/psp/pix/{secret}/cobr`, is read back from the
 * PSP before anything moves; a replay changes nothing.
 *
 * The simulator is shared by every workerd file: this one registers no callback URL (it builds
 * the callback from the simulator's answer) and touches only the recurrence and cobr it makes.
 */
import { createClient } from "@libsql/client/web";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createBcbPixAutomatico } from "../../worker/connectors/bcb-pix/automatico";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";
import { createDb } from "../../worker/db/client";
import { invoices, pixChargeInstructions, subscriptions, transactions } from "../../worker/db/schema";
import { approveSellerForLive, createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import worker from "../../worker/index";
import { createWebVault } from "../../worker/lib/web-vault";
import { buyerBody } from "../support/fixtures";
import { approvedPixAutomaticoSubscription } from "../support/pix-automatico-db";
import { api } from "./api";

type Received = { method: string; path: string; body: Record<string, any>; status: number };
type Cobr = { idRec: string; txid: string; status: string; atualizacao: unknown[]; tentativas: unknown[] };

const control = inject("pspControlUrl");
let client: ReturnType<typeof createClient>;
let db: ReturnType<typeof createDb>;
let secret: string;

beforeAll(async () => {
  client = createClient({ url: env.TURSO_DATABASE_URL });
  db = createDb(client);
  [secret] = (await createWebVault(env.VAULT_KEY).digests(["pix-psp-callback-url"])) as [string];
});
afterAll(() => client.close());

async function sim<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${control}${path}`, { method, headers: body === undefined ? {} : { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`simulator ${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}
/** The PSP's webhookcobr callback about `cobr`, as the document shapes it, posted to the Worker. */
const callback = (cobr: Cobr) =>
  exports.default.fetch(new Request(`${inject("baseUrl")}/psp/pix/${secret}/cobr`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ cobsr: [{ idRec: cobr.idRec, txid: cobr.txid, status: cobr.status, atualizacao: cobr.atualizacao, tentativas: cobr.tentativas }] }) }));

describe("live PIX Automático billing in workerd", () => {
  it("the cron sends the cobr through the Worker's transport; a refused attempt asks a retentativa; the paid retry pays the invoice", { timeout: 60_000 }, async () => {
    const seller = await createCompanySeller(db, { legalName: "Automatico Workerd Ltda", email: `auto-${crypto.randomUUID().slice(0, 8)}@workerd.example.com`, city: "Sao Paulo" }, new Date());
    await approveSellerForLive(db, seller.sellerId, new Date());
    const liveKey = (await rotateSellerKeys(db, seller.sellerId, new Date(), "live"))!.apiKey;
    const live = async <T>(path: string, body: unknown) => (await (await api("POST", path, body, { "X-Api-Key": liveKey })).json()) as T;
    const buyer = await live<{ id: string }>("/v1/buyers", buyerBody());
    const plan = await live<{ id: string; amount: number; billingInterval: "WEEK"; intervalCount: number }>("/v1/subscriptions/plans", { name: "Plano Semanal", amount: 4990, billingInterval: "WEEK", paymentMethods: ["PIX"] });
    const psp = createBcbPixAutomatico({ baseUrl: inject("pspUrl"), tokenUrl: inject("pspTokenUrl"), clientId: inject("pspClientId"), clientSecret: inject("pspClientSecret"), transport: fetchTransport() });
    const rec = await psp.createRecurrence({
      contract: `w${crypto.randomUUID().replace(/-/g, "").slice(0, 30)}`, debtor: { documentType: "CPF", document: "52998224725", name: "Maria da Silva" },
      startDate: new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10), periodicity: "SEMANAL", amount: { kind: "FIXED", amount: 4990 }, retryPolicy: "PERMITE_3R_7D",
    });
    await sim("POST", `/rec/${rec.id}/approve`, { journey: "JORNADA_2" });
    // Period 1 starts 3 days from now, less a minute: its invoice and instruction are due now.
    const at = new Date(Date.now() + 3 * 86_400_000 - 60_000 - 7 * 86_400_000).toISOString();
    const { subscriptionId } = await approvedPixAutomaticoSubscription(db, { sellerId: seller.sellerId, buyerId: buyer.id, plan, at, livemode: true, pspRecurrenceId: rec.id });

    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, createExecutionContext());
    const [sent] = await db.select().from(pixChargeInstructions).where(eq(pixChargeInstructions.subscriptionId, subscriptionId));
    expect(sent).toMatchObject({ status: "SCHEDULED", livemode: true });
    const puts = (await sim<Received[]>("GET", "/received")).filter((r) => r.method === "PUT" && r.path === `/cobr/${sent!.txid}`);
    expect(puts.map((p) => p.status)).toEqual([201]);
    expect(puts[0]!.body).toMatchObject({ idRec: rec.id, valor: { original: "49.90" }, recebedor: { agencia: "0001", conta: "1234567", tipoConta: "CORRENTE" } });

    const refused = await sim<{ cobr: Cobr }>("POST", `/cobr/${sent!.txid}/settle`, { outcome: "retried-then-paid" });
    expect((await callback(refused.cobr)).status).toBe(200);
    const retries = (await sim<Received[]>("GET", "/received")).filter((r) => r.method === "POST" && r.path.startsWith(`/cobr/${sent!.txid}/retentativa/`));
    expect(retries.map((r) => r.status)).toEqual([201]);
    // The simulator's payer's bank pays the retry; its callback (a hint) is read back.
    const paidAtPsp = await psp.getCharge(sent!.txid);
    expect(paidAtPsp!.status).toBe("PAID");
    expect((await callback(refused.cobr)).status).toBe(200);
    const [paid] = await db.select().from(pixChargeInstructions).where(eq(pixChargeInstructions.id, sent!.id));
    expect(paid).toMatchObject({ status: "PAID", attempts: 2, retries: 1, endToEndId: paidAtPsp!.attempts.at(-1)!.endToEndId });
    expect((await db.select().from(invoices).where(eq(invoices.id, sent!.invoiceId)))[0]).toMatchObject({ status: "PAID" });
    expect((await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0]).toMatchObject({ status: "ACTIVE" });
    // A replay: nothing moves.
    expect((await callback(refused.cobr)).status).toBe(200);
    expect((await db.select().from(pixChargeInstructions).where(eq(pixChargeInstructions.id, sent!.id)))[0]).toEqual(paid);
    expect(await db.select().from(transactions).where(eq(transactions.invoiceId, sent!.invoiceId))).toHaveLength(1);
  });
});
