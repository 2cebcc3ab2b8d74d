/**
 * The authorization matrix's fixtures (test/authorization-matrix.test.ts): the parties (seller A,
 * in test and live mode; seller B; A's sub-sellers), every kind of resource one of them owns,
 * built through the API as its owner would, and a snapshot of every row of the database.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { sellers } from "../../worker/db/schema";
import { createCompanySeller, rotateSellerKeys, type SellerWithKeys } from "../../worker/domain/sellers";
import { openChargeback } from "../../worker/domain/chargebacks/open-chargeback";
import { payTransaction } from "../../worker/domain/transactions/pay-transaction";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import { settleDue } from "../../worker/domain/settlements/settle";
import { authenticateBody, cardInput, payWithThreeDs } from "./cards";
import { buyerBody, pixBody } from "./fixtures";
import { planBody as feePlanBody } from "./fee-plans";
import { linkBody, openSession, paySession } from "./payment-links";
import { createTestContext, requester, TEST_LIVE_ACQUIRER } from "./platform";
import { planBody as subscriptionPlanBody } from "./subscription-plans";

export type Ctx = Awaited<ReturnType<typeof createTestContext>>;
type Send = ReturnType<typeof requester>["send"];

/** Someone who calls the API with a key: a seller's secret key in one mode. */
export interface Party {
  name: string;
  sellerId: string;
  secretKey: string;
  publishableKey: string;
  live: boolean;
  /** A company (no parent): may create sub-sellers and fee plans. */
  company: boolean;
  send: Send;
}

/** Everything one party owns, by kind; a kind its owner cannot have is absent. */
export interface Resources {
  sellerId: string;
  buyerId?: string;
  /** A PENDING PIX charge, its client secret and its PIX location (a capability). */
  pixTx?: { id: string; clientSecret: string; locationId: string };
  /** A PENDING card charge waiting for the buyer's browser (pendingAction). */
  pendingTx?: { id: string; clientSecret: string };
  /** A PAID card sale (refunds, chargebacks) and the card token it left. */
  cardTx?: { id: string };
  cardToken?: string;
  /** An open 3DS authentication (setup done, challenge pending). */
  threeDs?: { requestId: string; referenceId: string; authenticationTransactionId: string };
  webhookId?: string;
  deliveryId?: string;
  linkId?: string;
  /** A checkout session of the link (its id and client secret are capabilities). */
  session?: { id: string; clientSecret: string };
  /** A held use of the link: another session's PENDING charge. */
  linkTx?: { id: string };
  subscriptionPlanId?: string;
  subscriptionId?: string;
  /** Test mode: a PIX_AUTOMATICO subscription, its recurrence CREATED (the sandbox's payer answers it). */
  pixAutomaticoSubscriptionId?: string;
  testClockId?: string;
  feePlanId?: string;
  settlementId?: string;
  chargebackId?: string;
  /** A seller record its owner reaches: a company's sub-seller (of its mode); a sub-seller's own record. */
  subSellerId?: string;
}

/** Sends and expects `status`; returns the JSON body. */
async function ok(send: Send, method: string, path: string, body: unknown, status: number) {
  const res = await send(method, path, body);
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(status);
  return res.status === 204 ? null : res.json();
}

const party = (ctx: Ctx, name: string, keys: SellerWithKeys, live: boolean, company: boolean): Party => ({
  name,
  sellerId: keys.sellerId,
  secretKey: keys.apiKey,
  publishableKey: keys.publishableKey,
  live,
  company,
  send: requester(ctx.app, keys).send,
});

/**
 * The world the matrix runs in: seller A (a company) with test and live keys, seller B (another
 * company), A's sub-sellers S1 and S2 (siblings) and S3 (A's sub-seller that the attacks aim at).
 */
export async function matrixWorld() {
  // Live mode needs live acquirers (PIX and cards) and a receiving PIX key; the hosts ship none.
  const ctx = await createTestContext({
    acquirers: { live: TEST_LIVE_ACQUIRER, cards: { test: SANDBOX_CARD_ACQUIRERS, live: SANDBOX_CARD_ACQUIRERS } },
    config: { pixReceiverKey: "pix@loja.example.com" },
  });
  ctx.platform.clock.set("2026-05-04T15:00:00Z");
  const db = ctx.platform.db;
  const now = ctx.platform.now();
  const liveKeys = (await rotateSellerKeys(db, ctx.seller.sellerId, now, "live"))!;
  const bKeys = await createCompanySeller(db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, now);
  /** A test-mode sub-seller of A (ACTIVE, able to charge). */
  const sub = async (name: string) => {
    const keys = await createCompanySeller(db, { legalName: name, email: `${name.toLowerCase()}@example.com`, city: "Recife" }, now);
    await db.update(sellers).set({ parentId: ctx.seller.sellerId, livemode: false }).where(eq(sellers.id, keys.sellerId));
    return keys;
  };
  const s1 = await sub("SubUm");
  const s2 = await sub("SubDois");
  const s3 = await sub("SubTres");
  // A live sub-seller of A (made by A's live key, as POST /v1/sellers with it does).
  const s4 = await sub("SubLive");
  await db.update(sellers).set({ livemode: true }).where(eq(sellers.id, s4.sellerId));
  return {
    ctx,
    A: party(ctx, "A", ctx.seller, false, true),
    Alive: party(ctx, "A (live)", liveKeys, true, true),
    B: party(ctx, "B", bKeys, false, true),
    S1: party(ctx, "S1", s1, false, false),
    S2: party(ctx, "S2", s2, false, false),
    s3: s3.sellerId,
    s4Live: s4.sellerId,
  };
}

/** The location id in a PIX charge's answer (`…/pix/loc/{id}`). */
function locationOf(tx: unknown): string {
  const match = /\/pix\/loc\/([0-9A-Za-z]{25})/.exec(JSON.stringify(tx));
  expect(match, "a PIX charge names its location").not.toBeNull();
  return match![1]!;
}

/**
 * Builds one of every resource `owner` can have, through the API with its own key (and, where
 * only the outside world can do it in live mode, the domain function the PSP's callback runs).
 */
export async function buildResources(ctx: Ctx, owner: Party, subSellerId?: string): Promise<Resources> {
  const send = owner.send;
  const r: Resources = { sellerId: owner.sellerId, subSellerId };
  r.buyerId = (await ok(send, "POST", "/v1/buyers", buyerBody(), 201)).id;
  const pix = await ok(send, "POST", "/v1/transactions", pixBody(), 201);
  r.pixTx = { id: pix.id, clientSecret: pix.clientSecret, locationId: locationOf(pix) };

  r.webhookId = (await ok(send, "POST", `/v1/sellers/${owner.sellerId}/webhooks`, { url: "https://hooks.example.com/pay", eventTypes: ["ALL"] }, 201)).id;
  r.deliveryId = (await ok(send, "POST", `/v1/sellers/${owner.sellerId}/webhooks/${r.webhookId}/test`, undefined, 201)).id;
  r.linkId = (await ok(send, "POST", "/v1/payment-links", linkBody(), 201)).id;
  const session = await openSession(ctx.app, r.linkId!);
  r.session = { id: session.id, clientSecret: session.clientSecret };
  const held = await paySession(ctx.app, await openSession(ctx.app, r.linkId!));
  expect(held.status, await held.clone().text()).toBe(201);
  r.linkTx = { id: (await held.json()).transaction.id };
  r.subscriptionPlanId = (await ok(send, "POST", "/v1/subscriptions/plans", subscriptionPlanBody(), 201)).id;
  if (owner.company) r.feePlanId = (await ok(send, "POST", "/v1/fee-plans", feePlanBody(), 201)).id;

  const pending = await ok(send, "POST", "/v1/transactions", { ...pixBody({ amount: 4200 }), paymentMethod: "CREDIT_CARD" }, 201);
  r.pendingTx = { id: pending.id, clientSecret: pending.pendingAction.clientSecret };
  const card = cardInput("4111111111111111");
  const setup = await ok(send, "POST", "/v1/transactions/threeds/setup", { card }, 200);
  const auth = await ok(send, "POST", "/v1/transactions/threeds/authenticate", authenticateBody(setup, card, 1500), 200);
  r.threeDs = { requestId: setup.requestId, referenceId: setup.referenceId, authenticationTransactionId: auth.authenticationTransactionId };
  const sale = await payWithThreeDs({ send, app: ctx.app }, "4111111111111111", { buyerId: r.buyerId, amount: 3000 });
  r.cardTx = { id: sale.id };
  r.cardToken = sale.cardToken;
  const chargeback = { amount: 500, reasonCode: "product_not_received" as const };
  if (!owner.live) {
    r.testClockId = (await ok(send, "POST", "/v1/sandbox/test-clocks", { frozenTime: "2026-05-04T15:00:00Z" }, 201)).id;
    r.subscriptionId = (await ok(send, "POST", "/v1/subscriptions", { planId: r.subscriptionPlanId, buyerId: r.buyerId, paymentMethod: "PIX", testClockId: r.testClockId }, 201)).id;
    r.pixAutomaticoSubscriptionId = (await ok(send, "POST", "/v1/subscriptions", { planId: r.subscriptionPlanId, buyerId: r.buyerId, paymentMethod: "PIX_AUTOMATICO" }, 201)).id;
    const toSettle = await ok(send, "POST", "/v1/transactions", pixBody({ amount: 2000 }), 201);
    await ok(send, "POST", `/v1/sandbox/transactions/${toSettle.id}/pay`, undefined, 200);
    const run = await ok(send, "POST", "/v1/sandbox/settlements/run", { asOf: "2026-05-06T12:00:00Z" }, 200);
    r.settlementId = run.items[0].id;
    r.chargebackId = (await ok(send, "POST", `/v1/sandbox/transactions/${r.cardTx.id}/chargeback`, chargeback, 201)).id;
  } else {
    // Test clocks are sandbox-only. What the PSP and the card network do in live mode (pay a PIX
    // charge, settle, open a chargeback), the domain functions they call do here.
    r.subscriptionId = (await ok(send, "POST", "/v1/subscriptions", { planId: r.subscriptionPlanId, buyerId: r.buyerId, paymentMethod: "PIX" }, 201)).id;
    const scope = { sellerId: owner.sellerId, livemode: true };
    const toSettle = await ok(send, "POST", "/v1/transactions", pixBody({ amount: 2000 }), 201);
    await payTransaction(ctx.platform, scope, toSettle.id);
    const [settlement] = await settleDue(ctx.platform, { asOf: new Date("2026-05-06T12:00:00Z"), only: scope });
    r.settlementId = settlement!.id;
    r.chargebackId = (await openChargeback(ctx.platform, scope, r.cardTx.id, chargeback)).id;
  }
  return r;
}

/** Every id in `r` but the seller's own: none may show in another party's answers. */
export function idsOf(r: Resources): string[] {
  const { sellerId: _seller, ...rest } = r;
  const ids: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") ids.push(v);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(rest);
  return ids;
}

/**
 * Tables whose rows the matrix does not compare, and why. Empty: no table changes on a refused
 * request, and no read of the API writes a row (a read that did would show up here first).
 */
export const UNCOMPARED_TABLES: Record<string, string> = {};

/** Every row of every table (but UNCOMPARED_TABLES), table by table, as a string. */
export async function snapshotRows(ctx: Ctx): Promise<Map<string, string>> {
  const client = ctx.platform.client;
  const tables = (await client.execute("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")).rows.map((r) => String(r.name));
  const out = new Map<string, string>();
  for (const t of tables) {
    if (t in UNCOMPARED_TABLES) continue;
    // Sorted as text: some tables have no rowid, and the order of rows is not what is compared.
    const rows = (await client.execute(`select * from "${t}"`)).rows.map((row) => JSON.stringify(row)).sort();
    out.set(t, `${rows.length}:${rows.join("\n")}`);
  }
  return out;
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((t) => before.get(t) !== after.get(t)).sort();
}
