/**
 * Every 2xx JSON response of /v1 has an example that validates against its schema and holds no
 * placeholder (what the /docs reference shows; issue 31). And every request body in /openapi.json
 * has an example the API accepts as it is: Scalar's "try it"
 * and generated SDK samples send these. Each operation's example is sent, on a fresh test platform,
 * with the seller's secret key (as Scalar would) and must get one of the operation's documented
 * 2xx answers.
 *
 * An operation whose example needs more gets a fixture in FIXTURES: the ids of its path; the few
 * body fields that name a resource (their placeholder UUIDs are replaced by real ids, nothing else
 * of the body changes; a card token's placeholder `tok_…` likewise); the state its success needs (a PAID transaction to refund); or its own
 * headers (a checkout session is paid with its client secret, without a key). An operation that is
 * in neither the table nor the 2xx fails here, naming the answer it got.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { approvedPixAutomaticoSubscription } from "./support/pix-automatico-db";
import { describe, expect, it } from "vitest";
import { authenticateBody, cardInput, payWithThreeDs, runThreeDs, submitChallenge } from "./support/cards";
import { createLink, openSession } from "./support/payment-links";
import { createTestContext } from "./support/platform";
import { cardSale, webhookFor } from "./support/settlements";
import { companyFeePlan, sellerBody } from "./support/sellers";
import { plan, subscribe, subscriber, testClock } from "./support/subscriptions";
import { createBuyer, paidCharge, pixBody, type Ctx } from "./support/transactions";

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

interface Operation {
  method: string;
  path: string;
  operationId: string;
  example: unknown;
  successes: number[];
}

/** What a fixture prepares for one operation's request. */
interface Prepared {
  /** The path's parameters. */
  path?: Record<string, string>;
  /** Body fields that name a resource: the example's placeholder UUID (or card token), replaced by this id. */
  ids?: Record<string, string>;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Send the seller's secret key (default true); false for a public route. */
  key?: boolean;
}

type Fixture = (ctx: Ctx, example: any) => Promise<Prepared>;

/** A sub-seller of the context's company in `status`, created and moved through the API. */
async function subSeller(ctx: Ctx, status: "PENDING" | "ACTIVE" | "SUSPENDED"): Promise<string> {
  const planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
  const res = await ctx.post("/v1/sellers", sellerBody(planId));
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = await res.json();
  if (status === "PENDING") return id;
  expect((await ctx.post(`/v1/sandbox/sellers/${id}/kyc`, { decision: "approved" })).status).toBe(200);
  if (status === "SUSPENDED") expect((await ctx.post(`/v1/sellers/${id}/suspend`, {})).status).toBe(200);
  return id;
}

/** setup → authenticate of `card` with the secret key, as a seller's server runs them. */
async function authenticated(ctx: Ctx, card: unknown) {
  const setup = await (await ctx.post("/v1/transactions/threeds/setup", { card })).json();
  const res = await ctx.post("/v1/transactions/threeds/authenticate", authenticateBody(setup, card, 1050));
  expect(res.status, await res.clone().text()).toBe(200);
  return { setup, auth: await res.json() };
}

/** A buyer with a card that paid with 3DS, and a CREDIT_CARD subscription of theirs to a new plan (ACTIVE, charged at once). */
async function cardSubscription(ctx: Ctx) {
  const { buyerId, cardToken } = await subscriber(ctx, "4111111111111111");
  const sub = await subscribe(ctx, { planId: (await plan(ctx)).id, buyerId, paymentMethod: "CREDIT_CARD", cardToken });
  return { sub, buyerId };
}

/** The fixture of every operation whose example cannot succeed on an empty seller. */
const FIXTURES: Record<string, Fixture> = {
  updateBuyer: async (ctx) => ({ path: { buyerId: await createBuyer(ctx) } }),
  tokenizeCard: async (ctx) => ({ ids: { buyerId: await createBuyer(ctx) } }),
  createRefund: async (ctx) => ({ path: { id: (await paidCharge(ctx, 1050)).id } }),
  // A card transaction left for the buyer's browser (pendingAction), its 3DS done: confirm charges it.
  confirmTransaction: async (ctx) => {
    const res = await ctx.post("/v1/transactions", { ...pixBody(), paymentMethod: "CREDIT_CARD" });
    expect(res.status, await res.clone().text()).toBe(201);
    const tx = await res.json();
    const run = await runThreeDs(ctx.send, ctx.app, cardInput("4111111111111111"), tx.amount, {
      extra: { transactionId: tx.id, clientSecret: tx.pendingAction.clientSecret },
    });
    expect(run.ok, JSON.stringify(run)).toBe(true);
    return { path: { id: tx.id } };
  },
  // Authenticate continues the session setup opened for the same card.
  threeDsAuthenticate: async (ctx, example) => {
    const setup = await (await ctx.post("/v1/transactions/threeds/setup", { card: example.card })).json();
    return { ids: { requestId: setup.requestId, referenceId: setup.referenceId } };
  },
  // The outcome of a challenge the buyer completed (a challenge test card, code 123456).
  threeDsChallengeResult: async (ctx) => {
    const { setup, auth } = await authenticated(ctx, cardInput("4000000000003220"));
    expect(auth.code).toBe("PENDING_CHALLENGE");
    await submitChallenge(ctx.app, auth.stepUpUrl, "123456");
    return { ids: { requestId: setup.requestId, authenticationTransactionId: auth.authenticationTransactionId } };
  },
  createWebhook: async (ctx) => ({ path: { sellerId: ctx.seller.sellerId } }),
  updateWebhook: async (ctx) => ({ path: { sellerId: ctx.seller.sellerId, webhookId: await webhookFor(ctx, ctx.seller.sellerId, ["TRANSACTION_PAID"]) } }),
  replayWebhookEvents: async (ctx) => ({ path: { sellerId: ctx.seller.sellerId, webhookId: await webhookFor(ctx, ctx.seller.sellerId, ["TRANSACTION_PAID"]) } }),
  updateNotificationSettings: async (ctx) => ({ path: { sellerId: ctx.seller.sellerId } }),
  updateSellerSettings: async (ctx) => ({ path: { sellerId: ctx.seller.sellerId } }),
  createSeller: async (ctx) => ({ ids: { feePlanId: await companyFeePlan(ctx.platform.db, ctx.seller.sellerId) } }),
  sandboxDecideKyc: async (ctx) => ({ path: { sellerId: await subSeller(ctx, "PENDING") } }),
  decideSellerKyc: async (ctx) => ({ path: { sellerId: await subSeller(ctx, "PENDING") } }),
  suspendSeller: async (ctx) => ({ path: { sellerId: await subSeller(ctx, "ACTIVE") } }),
  reactivateSeller: async (ctx) => ({ path: { sellerId: await subSeller(ctx, "SUSPENDED") } }),
  addTeamMember: async (ctx) => ({ path: { sellerId: ctx.seller.sellerId } }),
  sandboxOpenChargeback: async (ctx) => ({ path: { id: (await cardSale(ctx, 1050)).id } }),
  updatePaymentLink: async (ctx) => ({ path: { id: (await createLink(ctx)).id } }),
  // A card subscription needs the buyer's token of a card that paid with 3DS.
  createSubscription: async (ctx) => {
    const { buyerId, cardToken } = await subscriber(ctx, "4111111111111111");
    return { ids: { planId: (await plan(ctx)).id, buyerId, cardToken: cardToken! } };
  },
  // Another card of the same buyer's, authenticated by its own 3DS payment.
  updateSubscription: async (ctx) => {
    const { sub, buyerId } = await cardSubscription(ctx);
    const sale = await payWithThreeDs(ctx, "5555555555554444", { buyerId, amount: 100 });
    return { path: { id: sub.id }, ids: { cardToken: sale.cardToken } };
  },
  // At the period's end: an ACTIVE subscription.
  cancelSubscription: async (ctx) => ({ path: { id: (await cardSubscription(ctx)).sub.id } }),
  // An approved PIX Automático subscription (written directly until its creation API merges).
  sandboxSetPixAutomaticoNextCharge: async (ctx) => {
    const { buyerId } = await subscriber(ctx);
    const p = await plan(ctx, { paymentMethods: ["PIX"] });
    const { subscriptionId } = await approvedPixAutomaticoSubscription(ctx.platform.db, { sellerId: ctx.seller.sellerId, buyerId, plan: p, at: ctx.platform.now().toISOString() });
    return { path: { id: subscriptionId } };
  },
  // A clock frozen before the example's time (the example of createTestClock).
  advanceTestClock: async (ctx) => ({ path: { id: (await testClock(ctx, "2027-01-31T12:00:00Z")).id } }),
  // Public: a buyer pays an open session with its client secret (here in the header), no key.
  payCheckoutSession: async (ctx) => {
    const session = await openSession(ctx.app, (await createLink(ctx)).id);
    return { path: { id: session.id }, headers: { "X-Client-Secret": session.clientSecret }, key: false };
  },
};

/** Every operation of the document that takes a request body. */
function operationsWithBodies(doc: any): Operation[] {
  return Object.entries<any>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]?.requestBody).map((method) => {
      const op = item[method];
      return {
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        example: op.requestBody.content["application/json"]?.example,
        successes: Object.keys(op.responses).filter((status) => /^2\d\d$/.test(status)).map(Number),
      };
    }),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A placeholder id: a UUID, or a card token (`tok_` and 32 letters or digits, as the vault makes them). */
const PLACEHOLDER = new RegExp(`${UUID.source}|^tok_[0-9A-Za-z]{32}$`, "i");

/** The example with its resource ids replaced: each must be a placeholder id in the example. */
function withIds(operationId: string, example: unknown, ids: Record<string, string> = {}) {
  const body = structuredClone(example) as Record<string, unknown>;
  for (const [field, id] of Object.entries(ids)) {
    expect(body[field], `${operationId}: the example's ${field} is a placeholder id`).toMatch(PLACEHOLDER);
    body[field] = id;
  }
  return body;
}

const doc = await (await (await createTestContext()).app.request("/openapi.json")).json();
const operations = operationsWithBodies(doc);

describe("request body examples in /openapi.json", () => {
  it("every operation with a request body has a whole-body example", () => {
    expect(operations.length).toBeGreaterThanOrEqual(24);
    expect(operations.filter((op) => op.example === undefined).map((op) => op.operationId)).toEqual([]);
  });

  it("every fixture belongs to an operation with a request body", () => {
    const ids = new Set(operations.map((op) => op.operationId));
    expect(Object.keys(FIXTURES).filter((id) => !ids.has(id))).toEqual([]);
  });

  for (const op of operations) {
    it(`${op.operationId}: ${op.method} ${op.path} accepts its example`, async () => {
      const ctx = await createTestContext();
      const prepared = (await FIXTURES[op.operationId]?.(ctx, op.example)) ?? {};
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = prepared.path?.[name];
        if (value === undefined) throw new Error(`${op.operationId}: no fixture for the path's {${name}}: add one to FIXTURES`);
        return value;
      });
      const res = await ctx.app.request(path, {
        method: op.method,
        headers: { "Content-Type": "application/json", ...(prepared.key === false ? {} : { "X-Api-Key": ctx.seller.apiKey }), ...prepared.headers },
        body: JSON.stringify(withIds(op.operationId, op.example, prepared.ids)),
      });
      expect(op.successes, `${op.operationId}: ${res.status} ${await res.clone().text()}`).toContain(res.status);
    });
  }
});

/** Every JSON response of a 2xx of /v1, and every problem+json of an error: the operation, the status and its schema. */
function successResponses(document: any): Array<{ where: string; schema: any; example: unknown }> {
  return Object.entries<any>(document.paths)
    .filter(([path]) => path.startsWith("/v1/"))
    .flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).flatMap((method) =>
        Object.entries<any>(item[method].responses)
          .filter(([status, response]) => (/^2\d\d$/.test(status) && response.content?.["application/json"]) || response.content?.["application/problem+json"])
          .map(([status, response]) => {
            const media = response.content["application/json"] ?? response.content["application/problem+json"];
            return { where: `${item[method].operationId} ${status}`, schema: media.schema, example: media.example ?? exampleOf(document, media.schema) };
          }),
      ),
    );
}

/** What a reference reader shows for a schema: its own example, a $ref's, or (one of several shapes) its first branch's. */
function exampleOf(document: any, schema: any): unknown {
  if (schema?.example !== undefined) return schema.example;
  if (schema?.$ref) return exampleOf(document, document.components.schemas[schema.$ref.split("/").at(-1)]);
  if (schema?.anyOf) return exampleOf(document, schema.anyOf[0]);
  return undefined;
}

/** The placeholders a generator writes where a schema has no example: each found is named by its JSON path. */
function placeholders(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => placeholders(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => placeholders(v, `${path}.${k}`));
  const key = path.split(".").at(-1)!;
  const out: string[] = [];
  if (value === "string" || value === "") out.push(`${path}: "${value}"`);
  // 1 is what a generator writes for an integer (a centavo is no realistic price); 0 is a real figure (nothing refunded yet).
  if (/(^|[a-z])(amount|Amount|Cents)$|^(amount|volume|fees|net)$/.test(key) && value === 1) out.push(`${path}: ${value}`);
  if (/^currency$/.test(key) && value !== "BRL") out.push(`${path}: ${String(value)}`);
  // Ids are UUIDs, but for the few with a prefix of their kind (a vault's `vault_…`).
  if (/(^id|Id)$/.test(key) && typeof value === "string" && !UUID.test(value) && !/^[a-z]+_[0-9A-Za-z-]{16,}$/.test(value)) out.push(`${path}: ${value} is no UUID`);
  if (/At$/.test(key) && value !== null && !(typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(value))) out.push(`${path}: ${String(value)} is no ISO date-time`);
  return out;
}

describe("response examples in /openapi.json (the reference shows them instead of `\"amount\": 1, \"currency\": \"string\"`)", () => {
  const responses = successResponses(doc);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: "openapi.json" });

  it("every 2xx JSON response and every problem+json of /v1 has an example", () => {
    expect(responses.filter((r) => / 2\d\d$/.test(r.where)).length).toBeGreaterThanOrEqual(70);
    expect(responses.filter((r) => r.example === undefined).map((r) => r.where)).toEqual([]);
  });

  it("each example validates against its response's schema", () => {
    const invalid = responses.filter((r) => r.example !== undefined).flatMap((r) => {
      const schema = JSON.parse(JSON.stringify(r.schema).replaceAll('"#/components/', '"openapi.json#/components/'));
      const validate = ajv.compile(schema);
      return validate(r.example) ? [] : [`${r.where}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(invalid).toEqual([]);
  });

  it("every component schema's own example validates against it too (a branch of a response's anyOf, an item of a page)", () => {
    const invalid = Object.entries<any>(doc.components.schemas)
      .filter(([, schema]) => schema.example !== undefined)
      .flatMap(([name, schema]) => {
        const validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
        return validate(schema.example) ? [] : [`${name}: ${ajv.errorsText(validate.errors)}`];
      });
    expect(invalid).toEqual([]);
  });

  it("no example holds a placeholder: amounts in minor units, BRL, UUID ids, ISO dates", () => {
    expect(responses.flatMap((r) => placeholders(r.example).map((p) => `${r.where} ${p}`))).toEqual([]);
  });

  it("the validator does reject an example that breaks its schema (so the check above can fail)", () => {
    const transaction = responses.find((r) => r.where === "getTransaction 200")!;
    const validate = ajv.compile({ $ref: "openapi.json#/components/schemas/Transaction" });
    expect(validate(transaction.example)).toBe(true);
    expect(validate({ ...(transaction.example as object), amount: "19,90" })).toBe(false);
  });

  it("the placeholder check itself catches what a generator writes", () => {
    const flagged = placeholders({ id: "string", amount: 1, currency: "string", createdAt: "string", feeAmount: 20, refundedAmount: 0, status: "PAID" });
    expect(new Set(flagged.map((p) => p.split(":")[0]))).toEqual(new Set(["$.id", "$.amount", "$.currency", "$.createdAt"]));
  });
});
