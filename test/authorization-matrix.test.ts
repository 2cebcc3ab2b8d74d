/**
 * The authorization matrix (issue 18, OWASP API1/API5): every operation of the OpenAPI document,
 * attacked by every kind of caller that must not reach seller A's objects. For each cell the
 * answer's status is the one the API promises (404 for another's object, 403 on the webhook and
 * notification routes as the spec says, 401 for a publishable key on a secret route or for no key)
 * and **no row of the database changes** (every table is compared before and after the cell).
 * A control column then sends the owner's own key on the same object, which must reach it.
 * Lists answered to an attacker must name none of the victim's objects.
 *
 * The operations come from GET /openapi.json, so a route added to the API is walked the day it
 * is added: an operation with no entry in OPERATIONS below fails the test, saying to add one.
 * The matrix (operations × attacks, each cell the status got or "n/a" with why) is printed and
 * written to test-results/authorization-matrix.md. docs/security.md says what it proves.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { declaredRoutes, type DeclaredRoute } from "../worker/http/access";
import { buildResources, changedTables, idsOf, matrixWorld, snapshotRows, type Ctx, type Party, type Resources } from "./support/authorization-matrix";
import { authenticateBody, cardInput } from "./support/cards";
import { linkBuyer } from "./support/payment-links";
import { sellerBody } from "./support/sellers";

/** The attacks: the matrix's columns. */
const ATTACKS = {
  sellerB: "seller B's sk_test on A's objects",
  subOnCompany: "sub-seller S1 on its company A's objects",
  subOnSibling: "sub-seller S1 on its sibling S2's objects",
  testOnLive: "A's sk_test on A's live objects",
  liveOnTest: "A's sk_live on A's test objects",
  publishable: "A's pk_test on A's objects (routes not browser-safe)",
  noKey: "no key (routes not public)",
  capability: "someone else's capability (client secret, location id)",
  otherPublishable: "seller B's pk_test with A's own client secret (browser-safe routes)",
} as const;
type Attack = keyof typeof ATTACKS;
const ATTACK_IDS = Object.keys(ATTACKS) as Attack[];

type Params = Record<string, string | undefined>;
/** What a cell expects: a status, or "HOLE": a known hole, documented here until it is fixed (see the report). */
type Expected = number | "HOLE";

/**
 * How an operation is attacked:
 * - `owned`: it names one of the owner's objects (in its path or body); a cross-party key gets
 *   `denied` (404 unless said otherwise) and changes nothing;
 * - `seller`: a seller-level route `/v1/sellers/{sellerId}/…` of the owner: another seller is
 *   denied; the same company in the other mode reads its own (a GET: checked to name none of the
 *   other mode's objects), as domain/scope.ts says;
 * - `list`: a collection of the caller's own: an attacker's answer names none of the victim's objects;
 * - `create`: makes the caller's own object; with `reference`, a body naming the victim's objects
 *   instead, which must be refused (`referenceStatus`) and change nothing;
 * - `public`: anyone may call it (a capability or nothing to own).
 */
interface Entry {
  kind: "owned" | "seller" | "list" | "create" | "public";
  params?: (r: Resources) => Params;
  body?: (r: Resources) => unknown;
  headers?: (r: Resources) => Record<string, string>;
  denied?: number;
  reference?: (r: Resources) => unknown;
  referenceStatus?: number[];
  /** Why a public route or a create without reference has no cross-party cell. */
  why?: string;
  /** A GET public route: a stranger's key must see exactly what no key sees. */
  publicView?: boolean;
  /** The capability attack: the victim's capability id with another's secret (`other`), or a forged one. */
  capability?: (victim: Resources, other: Resources, victimParty: Party) => { params: Params; body?: unknown; headers?: Record<string, string> };
  /** A public route's control: the request its rightful holder sends (with A's own capability). */
  control?: (r: Resources) => { params: Params; body?: unknown; headers?: Record<string, string> };
  /** Per-attack expectations that differ from the kind's rule (e.g. a company-only route to a sub-seller: 403). */
  expect?: Partial<Record<Attack, Expected>>;
}

const card = cardInput("4111111111111111");
const webhookParams = (r: Resources) => ({ sellerId: r.sellerId, webhookId: r.webhookId });
const deliveryParams = (r: Resources) => ({ sellerId: r.sellerId, deliveryId: r.deliveryId });
/** A company-only route answers a sub-seller's key 403 FORBIDDEN before looking at anything. */
const companyOnly: Partial<Record<Attack, Expected>> = { subOnCompany: 403, subOnSibling: 403 };

/** The fixture table: every operationId of the OpenAPI document, and how to attack it. */
const OPERATIONS: Record<string, Entry> = {
  getHealth: { kind: "public", why: "health check: owns nothing" },
  getLiveness: { kind: "public", why: "health check: owns nothing" },
  getPixJwks: { kind: "public", why: "the PIX signing public keys: owns nothing" },

  createBuyer: { kind: "create", why: "creates the caller's own buyer, names no other object" },
  listBuyers: { kind: "list" },
  getBuyer: { kind: "owned", params: (r) => ({ buyerId: r.buyerId }) },
  updateBuyer: { kind: "owned", params: (r) => ({ buyerId: r.buyerId }), body: () => ({ email: "ladrao@example.com" }) },

  createTransaction: {
    kind: "create",
    reference: (r) => ({ paymentMethod: "CREDIT_CARD", amount: 1000, currency: "BRL", buyerId: r.buyerId, card: { cardToken: r.cardToken } }),
    // Another's buyer is an invalid field ("no buyer of yours has this id"), as an unknown one.
    referenceStatus: [400, 404, 422],
  },
  listTransactions: { kind: "list" },
  getTransaction: { kind: "owned", params: (r) => ({ id: r.pixTx?.id }) },
  cancelTransaction: { kind: "owned", params: (r) => ({ id: r.pixTx?.id }) },
  createRefund: { kind: "owned", params: (r) => ({ id: r.cardTx?.id }), body: () => ({ amount: 100 }) },
  sandboxPayTransaction: { kind: "owned", params: (r) => ({ id: r.pixTx?.id }) },
  confirmTransaction: {
    kind: "owned",
    params: (r) => ({ id: r.pendingTx?.id }),
    // Even holding the transaction's client secret, another party's key is scoped to its own.
    body: (r) => ({ clientSecret: r.pendingTx?.clientSecret }),
    capability: (v, o) => ({ params: { id: v.pendingTx?.id }, body: { clientSecret: o.pendingTx?.clientSecret } }),
  },
  getCheckoutTransaction: {
    kind: "owned",
    params: (r) => ({ id: r.pendingTx?.id }),
    // The view always takes the client secret: even holding it, another party's key is scoped to its own.
    headers: (r) => ({ "X-Client-Secret": r.pendingTx?.clientSecret ?? "" }),
    capability: (v, o) => ({ params: { id: v.pendingTx?.id }, headers: { "X-Client-Secret": o.pendingTx?.clientSecret ?? "" } }),
  },
  getPixLocation: {
    kind: "public",
    why: "its location id is the capability",
    publicView: true,
    params: (r) => ({ locationId: r.pixTx?.locationId }),
    capability: (v) => ({ params: { locationId: v.pixTx?.id } }),
  },
  getPixQrCode: {
    kind: "public",
    why: "its location id is the capability",
    publicView: true,
    params: (r) => ({ locationId: r.pixTx?.locationId }),
    capability: (v) => ({ params: { locationId: v.pixTx?.id } }),
  },

  createWebhook: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }), body: () => ({ url: "https://ladrao.example.com/hook", eventTypes: ["ALL"] }), denied: 403 },
  listWebhooks: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }), denied: 403 },
  listWebhookDeliveries: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }), denied: 403 },
  getWebhookDelivery: { kind: "owned", params: deliveryParams, denied: 403 },
  retryWebhookDelivery: { kind: "owned", params: deliveryParams, denied: 403 },
  updateWebhook: { kind: "owned", params: webhookParams, body: () => ({ url: "https://ladrao.example.com/hook" }), denied: 403 },
  deleteWebhook: { kind: "owned", params: webhookParams, denied: 403 },
  replayWebhookEvents: { kind: "owned", params: webhookParams, body: () => ({ from: "2026-05-01T00:00:00Z" }), denied: 403 },
  testWebhook: { kind: "owned", params: webhookParams, denied: 403 },
  getNotificationSettings: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }), denied: 403 },
  updateNotificationSettings: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }), body: () => ({ webhook: { TRANSACTION_PAID: false } }), denied: 403 },
  listEvents: { kind: "list" },

  tokenizeCard: {
    kind: "create",
    reference: (r) => ({ buyerId: r.buyerId, cardNumber: "4111111111111111", cardExpirationDate: "122030" }),
    referenceStatus: [400, 404, 422],
  },
  threeDsSetup: {
    kind: "create",
    reference: (r) => (r.pendingTx ? { card, transactionId: r.pendingTx.id } : undefined),
    referenceStatus: [404],
    capability: (v, o) => ({ params: {}, body: { card, transactionId: v.pendingTx?.id, clientSecret: o.pendingTx?.clientSecret } }),
  },
  threeDsAuthenticate: { kind: "owned", body: (r) => (r.threeDs ? authenticateBody(r.threeDs, card, 1500) : undefined) },
  threeDsChallengeResult: {
    kind: "owned",
    body: (r) => (r.threeDs ? { requestId: r.threeDs.requestId, authenticationTransactionId: r.threeDs.authenticationTransactionId } : undefined),
  },

  createSeller: { kind: "create", reference: (r) => (r.feePlanId ? sellerBody(r.feePlanId) : undefined), referenceStatus: [422], expect: companyOnly },
  listSellers: { kind: "list" },
  getSeller: { kind: "owned", params: (r) => ({ sellerId: r.subSellerId }) },
  getSellerSettings: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }) },
  updateSellerSettings: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }), body: () => ({ timeZone: "Asia/Tokyo" }) },
  suspendSeller: { kind: "owned", params: (r) => ({ sellerId: r.subSellerId }), body: () => ({ reason: "x" }) },
  reactivateSeller: { kind: "owned", params: (r) => ({ sellerId: r.subSellerId }), body: () => ({ reason: "x" }) },
  sandboxDecideKyc: { kind: "owned", params: (r) => ({ sellerId: r.subSellerId }), body: () => ({ decision: "rejected" }) },
  decideSellerKyc: { kind: "owned", params: (r) => ({ sellerId: r.subSellerId }), body: () => ({ decision: "rejected" }), expect: companyOnly },
  listTeam: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }) },
  addTeamMember: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }), body: () => ({ email: "ladrao@example.com", firstName: "Ladrão", profile: "ADMIN" }) },

  createFeePlan: { kind: "create", why: "creates the caller's own plan, names no other object", expect: companyOnly },
  listFeePlans: { kind: "list" },
  getFeePlan: { kind: "owned", params: (r) => ({ id: r.feePlanId }) },

  sandboxRunSettlements: { kind: "create", why: "settles the caller's own due money only (test/api/settlements.api.test.ts)" },
  listSettlements: { kind: "list" },
  getSettlement: { kind: "owned", params: (r) => ({ id: r.settlementId }) },
  sandboxOpenChargeback: { kind: "owned", params: (r) => ({ id: r.cardTx?.id }), body: () => ({ amount: 100, reasonCode: "fraud" }) },
  listChargebacks: { kind: "list" },
  getChargeback: { kind: "owned", params: (r) => ({ id: r.chargebackId }) },

  getCommissionSummary: { kind: "list", expect: companyOnly },
  getSellerOverview: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }) },
  getPaymentsConfig: { kind: "list" },

  createPaymentLink: { kind: "create", why: "creates the caller's own link, names no other object" },
  updatePaymentLink: { kind: "owned", params: (r) => ({ id: r.linkId }), body: () => ({ name: "Roubado" }) },
  getPaymentLink: { kind: "public", why: "the link's page: anyone with the id reads its public view", publicView: true, params: (r) => ({ id: r.linkId }) },
  activatePaymentLink: { kind: "owned", params: (r) => ({ id: r.linkId }) },
  deactivatePaymentLink: { kind: "owned", params: (r) => ({ id: r.linkId }) },
  listSellerPaymentLinks: { kind: "seller", params: (r) => ({ sellerId: r.sellerId }) },
  listPaymentLinkHolds: { kind: "owned", params: (r) => ({ id: r.linkId }) },
  releasePaymentLinkHold: { kind: "owned", params: (r) => ({ id: r.linkId, transactionId: r.linkTx?.id }) },

  createSubscriptionPlan: { kind: "create", why: "creates the caller's own plan, names no other object" },
  listSubscriptionPlans: { kind: "list" },
  getSubscriptionPlan: { kind: "owned", params: (r) => ({ id: r.subscriptionPlanId }) },
  archiveSubscriptionPlan: { kind: "owned", params: (r) => ({ id: r.subscriptionPlanId }) },
  createSubscription: {
    kind: "create",
    reference: (r) => ({ planId: r.subscriptionPlanId, buyerId: r.buyerId, paymentMethod: "PIX" }),
    referenceStatus: [404],
  },
  listSubscriptions: { kind: "list" },
  getSubscriptionSettings: { kind: "list" },
  putSubscriptionSettings: { kind: "create", why: "writes the caller's own settings (per seller and mode)" },
  getSubscription: { kind: "owned", params: (r) => ({ id: r.subscriptionId }) },
  updateSubscription: { kind: "owned", params: (r) => ({ id: r.subscriptionId }), body: () => ({ paymentMethod: "PIX" }) },
  cancelSubscription: { kind: "owned", params: (r) => ({ id: r.subscriptionId }), body: () => ({}) },
  listSubscriptionInvoices: { kind: "owned", params: (r) => ({ id: r.subscriptionId }) },
  sandboxPixAutomaticoApprove: { kind: "owned", params: (r) => ({ id: r.pixAutomaticoSubscriptionId }) },
  sandboxPixAutomaticoReject: { kind: "owned", params: (r) => ({ id: r.pixAutomaticoSubscriptionId }) },
  sandboxPixAutomaticoCancel: { kind: "owned", params: (r) => ({ id: r.pixAutomaticoSubscriptionId }) },
  createTestClock: { kind: "create", why: "creates the caller's own clock, names no other object" },
  getTestClock: { kind: "owned", params: (r) => ({ id: r.testClockId }) },
  advanceTestClock: { kind: "owned", params: (r) => ({ id: r.testClockId }), body: () => ({ frozenTime: "2026-08-01T00:00:00Z" }) },
  sandboxSetPixAutomaticoNextCharge: { kind: "owned", params: (r) => ({ id: r.pixAutomaticoSubscriptionId }), body: () => ({ outcome: "INSUFFICIENT_FUNDS" }) },

  openCheckoutSession: {
    kind: "public",
    why: "anyone may open a session of an active link (it writes the session: by design)",
    capability: (v) => ({ params: { id: v.pixTx?.id } }),
    control: (r) => ({ params: { id: r.linkId } }),
  },
  payCheckoutSession: {
    kind: "public",
    why: "the session's client secret is the capability",
    capability: (v, o) => ({ params: { id: v.session?.id }, body: { clientSecret: o.session?.clientSecret, paymentMethod: "PIX", buyer: linkBuyer() } }),
    control: (r) => ({ params: { id: r.session?.id }, body: { clientSecret: r.session?.clientSecret, paymentMethod: "PIX", buyer: linkBuyer() } }),
  },
  getCheckoutSession: {
    kind: "public",
    why: "the session's client secret is the capability",
    capability: (v, o) => ({ params: { id: v.session?.id }, headers: { "X-Client-Secret": o.session?.clientSecret ?? "" } }),
    control: (r) => ({ params: { id: r.session?.id }, headers: { "X-Client-Secret": r.session?.clientSecret ?? "" } }),
  },
};

interface Operation {
  method: string;
  path: string;
  operationId: string;
  declared: DeclaredRoute;
  example?: unknown;
}

/** One cell: what was sent, what it expected and what it got. */
interface Cell {
  text: string;
  failure?: string;
}

let ctx: Ctx;
let world: Awaited<ReturnType<typeof matrixWorld>>;
let res: { A: Resources; Alive: Resources; S2: Resources };
let operations: Operation[];

beforeAll(async () => {
  world = await matrixWorld();
  ctx = world.ctx;
  res = {
    A: await buildResources(ctx, world.A, world.s3),
    Alive: await buildResources(ctx, world.Alive, world.s4Live),
    S2: await buildResources(ctx, world.S2, world.S2.sellerId),
  };
  const doc = await (await ctx.app.request("/openapi.json")).json();
  operations = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { operationId: string; requestBody?: { content?: Record<string, { example?: unknown }> } }>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const declared = declaredRoutes().find((d) => d.method === method.toUpperCase() && d.path === path.replace(/\{([^}]+)\}/g, ":$1"))!;
      operations.push({ method: method.toUpperCase(), path, operationId: op.operationId, declared, example: op.requestBody?.content?.["application/json"]?.example });
    }
  }
}, 60_000);

/** The request path of `op` with `params`; null when a parameter has no value (the owner has no such object). */
function pathOf(op: Operation, params: Params): string | null {
  let missing = false;
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? "");
  });
  return missing ? null : path;
}

async function send(op: Operation, path: string, key: string | null, body: unknown, headers: Record<string, string> = {}) {
  return ctx.app.request(path, {
    method: op.method,
    headers: { ...(key ? { "X-Api-Key": key } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The rows as they should stay: taken once, taken again only after a cell that changed them (a hole). */
let baseline: Map<string, string>;

/** Sends one attack, checks it, and the rows; returns its cell. */
async function attackCell(
  op: Operation,
  request: { path: string | null; key: string | null; body?: unknown; headers?: Record<string, string> },
  check: { status: number[]; code?: string } | { leakOf: string[] },
  expected: Expected | undefined,
  missing: string,
): Promise<Cell> {
  if (request.path === null) return { text: `n/a: ${missing}` };
  const answer = await send(op, request.path, request.key, request.body, request.headers);
  const text = await answer.text();
  const after = await snapshotRows(ctx);
  const changed = changedTables(baseline, after);
  if (changed.length) baseline = after;
  const problems: string[] = [];
  if ("status" in check) {
    if (!check.status.includes(answer.status)) problems.push(`status ${answer.status}, expected ${check.status.join(" or ")}: ${text.slice(0, 200)}`);
    else if (check.code && !text.includes(`"code":"${check.code}"`)) problems.push(`code other than ${check.code}: ${text.slice(0, 200)}`);
  } else {
    if (answer.status !== 200) problems.push(`status ${answer.status}, expected 200: ${text.slice(0, 200)}`);
    const leaked = check.leakOf.filter((id) => text.includes(id));
    if (leaked.length) problems.push(`names the victim's ${leaked.join(", ")}`);
  }
  if (changed.length) problems.push(`changed rows of ${changed.join(", ")}`);
  const got = "status" in check ? `${answer.status}` : `${answer.status} none listed`;
  if (expected === "HOLE") {
    return problems.length ? { text: `HOLE ${got}${changed.length ? " (rows changed)" : ""}` } : { text: got, failure: "marked HOLE but answered as it should: the hole is fixed, update OPERATIONS" };
  }
  return problems.length ? { text: `FAIL ${got}`, failure: problems.join("; ") } : { text: got };
}

/** A compact JWS without its signature (ES256 signatures differ each time); any other text as it is. */
const unsigned = (text: string) => (/^[\w-]+\.[\w-]+\.[\w-]+$/.test(text) ? text.slice(0, text.lastIndexOf(".")) : text);

/** The cell of `attack` on `op`. */
async function cellOf(op: Operation, entry: Entry, attack: Attack): Promise<Cell> {
  const { declared } = op;
  const A = res.A;
  const bodyOf = (r: Resources) => (entry.body ? entry.body(r) : entry.reference ? entry.reference(r) : op.example);
  const paramsOf = (r: Resources): Params => entry.params?.(r) ?? {};
  const overridden = entry.expect?.[attack];

  if (attack === "noKey") {
    if (declared.caller === "public") return { text: "n/a: public route" };
    return attackCell(op, { path: pathOf(op, paramsOf(A)), key: null, body: bodyOf(A), headers: entry.headers?.(A) }, { status: [401], code: "UNAUTHENTICATED" }, overridden, "A has no such object");
  }
  if (attack === "publishable") {
    if (declared.caller === "public") return { text: "n/a: public route" };
    if (declared.caller === "browser") return { text: "n/a: browser-safe (see capability)" };
    return attackCell(op, { path: pathOf(op, paramsOf(A)), key: world.A.publishableKey, body: bodyOf(A), headers: entry.headers?.(A) }, { status: [401], code: "PUBLISHABLE_KEY_NOT_ALLOWED" }, overridden, "A has no such object");
  }
  if (attack === "otherPublishable") {
    if (declared.caller !== "browser" || !entry.capability) return { text: "n/a: not browser-safe" };
    // A's real capability (its id and its own client secret), under another seller's publishable key.
    const c = entry.capability(A, A, world.A);
    return attackCell(op, { path: pathOf(op, c.params), key: world.B.publishableKey, body: c.body, headers: c.headers }, { status: [404] }, overridden, "A has no such object");
  }
  if (attack === "capability") {
    if (!entry.capability) return { text: "n/a: no capability" };
    const c = entry.capability(A, res.S2, world.A);
    const key = declared.caller === "browser" ? world.A.publishableKey : null;
    return attackCell(op, { path: pathOf(op, c.params), key, body: c.body, headers: c.headers }, { status: [404] }, overridden, "A has no such object");
  }

  // Cross-party attacks: an attacker's secret key on a victim's objects.
  const [attacker, victim, victimParty] = {
    sellerB: [world.B, A, world.A],
    // The seller record S1 aims at is its company's own (a sub-seller sees neither its company nor a sibling).
    subOnCompany: [world.S1, { ...A, subSellerId: A.sellerId }, world.A],
    subOnSibling: [world.S1, res.S2, world.S2],
    testOnLive: [world.A, res.Alive, world.Alive],
    liveOnTest: [world.Alive, A, world.A],
  }[attack] as [Party, Resources, Party];
  const sameSeller = attacker.sellerId === victimParty.sellerId;
  const missing = victimParty.live ? `${victimParty.name} has none (sandbox-only)` : `${victimParty.name} has no such object`;
  const leakOf = idsOf(victim);
  // The webhook routes' 403 is for another seller's path; on the company's own path, an object of
  // the other mode is a 404, as an unknown id.
  // A "HOLE" cell is checked against the rule it breaks: it fails once the hole is fixed.
  const statusOverride = typeof overridden === "number" ? overridden : undefined;
  const denied = statusOverride ?? (sameSeller ? 404 : (entry.denied ?? 404));
  const status = (e: number) => ({ status: [e] });

  if (declared.testModeOnly && attacker.live) {
    // A live key finds no sandbox route at all.
    return attackCell(op, { path: pathOf(op, paramsOf(victim)), key: attacker.secretKey, body: bodyOf(victim) }, { status: [404] }, overridden, missing);
  }
  switch (entry.kind) {
    case "public": {
      if (!entry.publicView) return { text: `n/a: public, ${entry.why}` };
      // A stranger's key sees exactly what no key sees.
      const path = pathOf(op, paramsOf(victim));
      if (path === null) return { text: `n/a: ${missing}` };
      const anonymous = await (await send(op, path, null, undefined)).text();
      const cell = await attackCell(op, { path, key: attacker.secretKey }, { status: [200] }, overridden, missing);
      const withKey = await (await send(op, path, attacker.secretKey, undefined)).text();
      if (!cell.failure && unsigned(withKey) !== unsigned(anonymous)) return { text: `FAIL ${cell.text}`, failure: "a stranger's key sees more than no key" };
      return cell.failure ? cell : { text: `${cell.text} public view` };
    }
    case "create": {
      if (statusOverride !== undefined) return attackCell(op, { path: pathOf(op, {}), key: attacker.secretKey, body: bodyOf(victim) }, status(statusOverride), overridden, missing);
      if (!entry.reference) return { text: `n/a: ${entry.why}` };
      const body = entry.reference(victim);
      if (body === undefined) return { text: `n/a: ${missing}` };
      return attackCell(op, { path: pathOf(op, {}), key: attacker.secretKey, body }, { status: entry.referenceStatus ?? [404] }, overridden, missing);
    }
    case "list":
      if (statusOverride !== undefined) return attackCell(op, { path: pathOf(op, {}), key: attacker.secretKey }, status(statusOverride), overridden, missing);
      return attackCell(op, { path: pathOf(op, {}), key: attacker.secretKey }, { leakOf }, overridden, missing);
    case "seller":
      if (sameSeller) {
        // The company exists in both modes: its key reads its own seller-level objects, of its mode only.
        if (op.method !== "GET") return { text: "n/a: the company's own, in its key's mode" };
        return attackCell(op, { path: pathOf(op, paramsOf(victim)), key: attacker.secretKey }, { leakOf }, overridden, missing);
      }
      return attackCell(op, { path: pathOf(op, paramsOf(victim)), key: attacker.secretKey, body: bodyOf(victim) }, status(denied), overridden, missing);
    case "owned": {
      const body = entry.body ? entry.body(victim) : op.example;
      if (entry.body && body === undefined) return { text: `n/a: ${missing}` };
      return attackCell(op, { path: pathOf(op, paramsOf(victim)), key: attacker.secretKey, body, headers: entry.headers?.(victim) }, status(denied), overridden, missing);
    }
  }
}

/**
 * The control: seller A's own secret key on its own object reaches it (2xx, or 409/422 where the
 * object's state or the request refuses the move), so each 404 above is about who asks, not a
 * wrong path or body. It writes, so it runs after every attack: reads first, deletes last.
 */
async function controlCell(op: Operation, entry: Entry): Promise<Cell> {
  const A = res.A;
  const request = entry.control?.(A) ?? (entry.kind === "owned" || entry.kind === "seller" ? { params: entry.params?.(A) ?? {}, body: entry.body ? entry.body(A) : op.example, headers: entry.headers?.(A) } : null);
  if (!request) return { text: "n/a: names no object of A's" };
  const path = pathOf(op, request.params);
  if (path === null) return { text: "n/a: A has no such object" };
  const answer = await send(op, path, entry.control ? null : world.A.secretKey, request.body, request.headers);
  const reached = (answer.status >= 200 && answer.status < 300) || answer.status === 409 || answer.status === 422;
  return reached ? { text: `${answer.status}` } : { text: `FAIL ${answer.status}`, failure: `the owner does not reach its own object: ${(await answer.text()).slice(0, 200)}` };
}

const methodOrder = (m: string) => (m === "GET" ? 0 : m === "DELETE" ? 2 : 1);

describe("authorization matrix", () => {
  it("every operation of the OpenAPI document has an entry in the matrix's table", () => {
    const unknown = operations.filter((op) => !(op.operationId in OPERATIONS)).map((op) => `${op.operationId} (${op.method} ${op.path})`);
    expect(unknown, `add these operations to OPERATIONS in test/authorization-matrix.test.ts (how to build the owner's object, its path parameters, a valid body)`).toEqual([]);
    const stale = Object.keys(OPERATIONS).filter((id) => !operations.some((op) => op.operationId === id));
    expect(stale, "entries of OPERATIONS for operations the API no longer has").toEqual([]);
  });

  it("no attacker reaches, reads or changes another's object, on every operation", async () => {
    baseline = await snapshotRows(ctx);
    const rows: Array<{ op: Operation; cells: Cell[] }> = [];
    for (const op of operations) {
      const entry = OPERATIONS[op.operationId];
      if (!entry) continue;
      const cells: Cell[] = [];
      for (const attack of ATTACK_IDS) cells.push(await cellOf(op, entry, attack));
      rows.push({ op, cells });
    }
    for (const row of [...rows].sort((a, b) => methodOrder(a.op.method) - methodOrder(b.op.method))) {
      row.cells.push(await controlCell(row.op, OPERATIONS[row.op.operationId]!));
    }
    const columns = [...ATTACK_IDS, "owner"];

    const header = `| operation | ${columns.join(" | ")} |`;
    const lines = [
      "# Authorization matrix",
      "",
      ...ATTACK_IDS.map((a) => `- ${a}: ${ATTACKS[a]}`),
      "- owner (control, not counted as an attack): A's own sk_test on the same object reaches it",
      "",
      header,
      `|${" --- |".repeat(columns.length + 1)}`,
      ...rows.map(({ op, cells }) => `| ${op.operationId} (${op.method} ${op.path}) | ${cells.map((c) => c.text).join(" | ")} |`),
    ];
    const cells = rows.flatMap((r) => r.cells.slice(0, ATTACK_IDS.length));
    const tested = cells.filter((c) => !c.text.startsWith("n/a")).length;
    const holes = cells.filter((c) => c.text.startsWith("HOLE")).length;
    const size = `${rows.length} operations × ${ATTACK_IDS.length} attacks = ${cells.length} cells: ${tested} attacked, ${cells.length - tested} n/a, ${holes} known holes`;
    lines.push("", size);
    const report = lines.join("\n");
    console.log(report);
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/authorization-matrix.md", `${report}\n`);

    const failures = rows.flatMap(({ op, cells }) => cells.flatMap((c, i) => (c.failure ? [`${op.operationId} × ${columns[i]}: ${c.failure}`] : [])));
    expect(failures).toEqual([]);
    expect(rows.length).toBe(operations.length);
  }, 60_000);

  it("the row snapshot sees a write (so an unchanged snapshot above means nothing was written)", async () => {
    const before = await snapshotRows(ctx);
    const res1 = await ctx.app.request(`/v1/buyers/${res.A.buyerId}`, {
      method: "PATCH",
      headers: { "X-Api-Key": world.A.secretKey, "Content-Type": "application/json" },
      body: JSON.stringify({ phone: "11900000000" }),
    });
    expect(res1.status).toBe(200);
    expect(changedTables(before, await snapshotRows(ctx))).toContain("buyers");
  });
});
