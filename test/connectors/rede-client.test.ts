/**
 * The Rede connector (worker/connectors/rede/) against the Rede simulator over real HTTP: sales
 * with external 3DS and merchant-initiated renewals, every mapped decline, answers lost in each
 * way a network loses them, OAuth2 and Basic credentials, and refunds without a second refund.
 * After every test: no log line, error or outcome carried the PAN, the integration key or a token.
 */
import { createServer, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRedeAcquirer, redeReferenceOf, RedeAuthError, type RedeClientConfig } from "../../worker/connectors/rede/client";
import { startRedeSimulator, type RedeSimulator } from "../../worker/connectors/rede/simulator/server";
import type { CustomerInitiatedSale, MerchantInitiatedSale } from "../../worker/lib/acquirer";
import type { LogLine } from "../../worker/platform";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";

const PV = "10000850";
const KEY = "eb3c322b84ff475c95abb16673659664";
const PAN = "5448280000000007";
const CAVV = "AAABBJg0VhI0VniQEjRWAAAAAAA=";
const DS_ID = "f25084f0-5b16-4c0a-ae5d-b24808a95e4b";

let sim: RedeSimulator;
/** What every client of a test logged, the Authorization headers it sent, and what it answered. */
let seen: { logs: LogLine[]; authorizations: string[]; outputs: unknown[] };

beforeAll(async () => {
  sim = await startRedeSimulator({ pv: PV, integrationKey: KEY });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(async () => {
  seen = { logs: [], authorizations: [], outputs: [] };
  await sim.control.reset();
});
afterEach(() => {
  const tokens = seen.authorizations.filter((a) => a.startsWith("Bearer ")).map((a) => a.slice(7));
  const text = JSON.stringify([seen.logs, seen.outputs]);
  for (const secret of [PAN, PAN.slice(6, 12), KEY, btoa(`${PV}:${KEY}`), ...tokens]) expect(text).not.toContain(secret);
});

/** A client on the simulator (Basic unless `tokenUrl`), recording its logs and credentials. */
function connect(overrides: Partial<RedeClientConfig> = {}) {
  const rede = createRedeAcquirer({
    apiUrl: sim.apiUrl,
    pv: PV,
    integrationKey: KEY,
    transport: fetchTransport((url, init) => {
      seen.authorizations.push(new Headers(init.headers).get("authorization") ?? "");
      return fetch(url, init);
    }),
    log: (line) => seen.logs.push(line),
    timeoutMs: 2_000,
    ...overrides,
  });
  // Every outcome and error is kept for the afterEach's check.
  const keep = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => async (...args: A) => {
    try {
      const out = await fn(...args);
      seen.outputs.push(out);
      return out;
    } catch (err) {
      seen.outputs.push(String(err), (err as Error).stack);
      throw err;
    }
  };
  return { ...rede, authorize: keep(rede.authorize), concludeRefund: keep(rede.concludeRefund), getTransaction: keep(rede.getTransaction) };
}

function cit(overrides: Partial<CustomerInitiatedSale> = {}): CustomerInitiatedSale {
  return {
    initiatedBy: "CUSTOMER",
    transactionId: crypto.randomUUID(),
    amount: 20099,
    currency: "BRL",
    pan: PAN,
    expMonth: "07",
    expYear: String(new Date().getFullYear() + 2),
    holderName: "John Snow",
    brand: "MASTERCARD",
    installments: 3,
    recurring: false,
    threeDs: { cavv: CAVV, eci: "02", version: "2.2.0", xid: "MDAwMDAwMDAwMDAwMDAwMDAwMDE=", dsTransactionId: DS_ID },
    ...overrides,
  };
}

function mit(overrides: Partial<MerchantInitiatedSale> = {}): MerchantInitiatedSale {
  const { threeDs: _, ...base } = cit();
  return { ...base, initiatedBy: "MERCHANT", installments: 1, recurring: true, ...overrides };
}

const creates = async () => (await sim.control.requests()).filter((r) => r.operation === "create");
const lastCreate = async () => (await creates()).at(-1)!;

describe("sales", () => {
  it("a customer-initiated sale with Cybersource's 3DS is authorized and captured, in e.Rede's fields", async () => {
    const sale = cit();
    const outcome = await connect().authorize(sale);
    const [held] = await sim.control.transactions();
    expect(outcome).toEqual({ status: "APPROVED", authorizationCode: expect.stringMatching(/^\d{6}$/), reference: held!.tid });
    const request = await lastCreate();
    expect(request).toMatchObject({ method: "POST", path: "/v1/transactions", auth: "basic", status: 200, returnCode: "00" });
    expect(request.headers).toMatchObject({ "content-type": "application/json; charset=utf8", accept: "application/json", "transaction-response": "brand-return-opened" });
    expect(request.body).toEqual({
      capture: true,
      kind: "credit",
      reference: sale.transactionId.replace(/-/g, "").slice(0, 16),
      amount: 20099,
      installments: 3,
      cardHolderName: "John Snow",
      cardNumber: "544828******0007",
      expirationMonth: 7,
      expirationYear: Number(sale.expYear),
      threeDSecure: { embedded: false, onFailure: "decline", cavv: CAVV, eci: "02", xid: sale.threeDs.xid, threeDIndicator: "2", DirectoryServerTransactionId: DS_ID },
    });
    expect(held).toMatchObject({ status: "Approved", amount: 20099, capture: { amount: 20099 }, subscription: false, storageCard: null });
  });

  it("a merchant-initiated renewal carries no 3DS and says subscription, a stored credential used again", async () => {
    expect(await connect().authorize(mit())).toMatchObject({ status: "APPROVED" });
    const { body } = await lastCreate();
    expect(body).toMatchObject({ subscription: true, storageCard: 2, installments: 1, capture: true });
    expect(body).not.toHaveProperty("threeDSecure");
  });

  it("the first, customer-initiated sale of a subscription says subscription and a credential stored now", async () => {
    expect(await connect().authorize(cit({ recurring: true }))).toMatchObject({ status: "APPROVED" });
    expect((await lastCreate()).body).toMatchObject({ subscription: true, storageCard: 1, threeDSecure: { embedded: false } });
  });

  const DECLINES: [string, string, boolean][] = [
    ["101", "card_declined", false], ["102", "card_declined", false], ["103", "do_not_honor", false], ["104", "do_not_honor", false],
    ["105", "card_blocked", true], ["106", "processing_error", false], ["107", "do_not_honor", false], ["108", "card_declined", false],
    ["109", "card_declined", true], ["110", "card_declined", true], ["111", "insufficient_funds", false], ["112", "expired_card", true],
    ["113", "suspected_fraud", false], ["114", "card_declined", true], ["115", "card_declined", false], ["116", "card_declined", false],
    ["118", "card_blocked", true], ["119", "card_declined", false], ["121", "processing_error", false], ["123", "card_blocked", true],
    ["124", "processing_error", false],
  ];
  it.each(DECLINES)("Rede's %s is the gateway's %s (hard: %s)", async (returnCode, code, hard) => {
    const outcome = await connect().authorize(cit({ pan: `5448280000000${returnCode}` }));
    const [held] = await sim.control.transactions();
    expect(held).toMatchObject({ status: "Denied", returnCode });
    expect(outcome).toEqual({ status: "DECLINED", code, message: expect.any(String), ...(hard && { hard: true }), reference: held!.tid });
  });

  it("a field Rede refuses is processing_error, not hard, logged with its code and no values", async () => {
    const outcome = await connect().authorize(cit({ threeDs: { cavv: CAVV, eci: null, version: "2.2.0" } }));
    expect(outcome).toMatchObject({ status: "DECLINED", code: "processing_error" });
    expect(outcome).not.toHaveProperty("hard");
    expect(seen.logs.find((l) => l.msg === "rede.sale_refused")).toMatchObject({ level: "error", acquirer: "rede", returnCode: "20", returnMessage: "eci: Required parameter missing." });
    expect(await sim.control.transactions()).toEqual([]);
  });

  it("a currency other than BRL is not sent: another acquirer may take it", async () => {
    expect(await connect().authorize(cit({ currency: "USD" }))).toEqual({ status: "UNAVAILABLE" });
    expect(await sim.control.requests()).toEqual([]);
  });
});

describe("answers lost", () => {
  it("503 before Rede created anything: the query by reference finds none, UNAVAILABLE", async () => {
    await sim.control.failNext("create", "before");
    const sale = cit();
    expect(await connect().authorize(sale)).toEqual({ status: "UNAVAILABLE" });
    expect(await sim.control.transactions()).toEqual([]);
    const query = (await sim.control.requests()).find((r) => r.operation === "query");
    expect(query).toMatchObject({ path: "/v1/transactions", query: { reference: redeReferenceOf(sale.transactionId) }, status: 404 });
  });

  it("created, then the answer lost to a 503: APPROVED from the query, one sale", async () => {
    await sim.control.failNext("create", "after");
    const outcome = await connect().authorize(cit());
    const held = await sim.control.transactions();
    expect(held).toHaveLength(1);
    expect(outcome).toEqual({ status: "APPROVED", authorizationCode: expect.stringMatching(/^\d{6}$/), reference: held[0]!.tid });
  });

  it("created, then no answer until the timeout: APPROVED from the query", async () => {
    await sim.control.failNext("create", "hang");
    const outcome = await connect({ timeoutMs: 300 }).authorize(cit());
    expect(outcome).toMatchObject({ status: "APPROVED", reference: (await sim.control.transactions())[0]!.tid });
  });

  it("a declined sale whose answer was lost is the decline the query reads", async () => {
    await sim.control.failNext("create", "after");
    expect(await connect().authorize(cit({ pan: "5448280000000111" }))).toMatchObject({ status: "DECLINED", code: "insufficient_funds" });
  });

  it("the answer lost and the query failing too: UNKNOWN, never a failover", async () => {
    await sim.control.failNext("create", "after");
    await sim.control.failNext("query", "before");
    expect(await connect().authorize(cit())).toEqual({ status: "UNKNOWN" });
    expect(await sim.control.transactions()).toHaveLength(1);
  });

  it("a retry of a sale already made is Rede's 122, answered with what the first got", async () => {
    const rede = connect();
    const sale = cit();
    const first = await rede.authorize(sale);
    const again = await rede.authorize(sale);
    expect(again).toEqual(first);
    expect((await lastCreate()).returnCode).toBe("122");
    expect(await sim.control.transactions()).toHaveLength(1);
  });

  it("Rede unreachable (nothing listens): UNAVAILABLE, so the other acquirer is tried", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    expect(await connect({ apiUrl: `http://127.0.0.1:${port}/v1` }).authorize(cit())).toEqual({ status: "UNAVAILABLE" });
  });
});

describe("credentials", () => {
  const tokenCalls = async () => (await sim.control.requests()).filter((r) => r.operation === "token");

  it("OAuth2: one token for many calls, sent as a bearer", async () => {
    const rede = connect({ tokenUrl: sim.tokenUrl });
    expect(await rede.authorize(cit())).toMatchObject({ status: "APPROVED" });
    expect(await rede.authorize(cit())).toMatchObject({ status: "APPROVED" });
    expect(await tokenCalls()).toEqual([expect.objectContaining({ method: "POST", auth: "basic", body: { grant_type: "client_credentials" }, status: 200 })]);
    expect((await creates()).map((r) => r.auth)).toEqual(["bearer", "bearer"]);
  });

  it("OAuth2: a token Rede no longer takes is refreshed once on the 401, and the sale goes through", async () => {
    const rede = connect({ tokenUrl: sim.tokenUrl });
    await rede.authorize(cit());
    await sim.control.expireTokens();
    expect(await rede.authorize(cit())).toMatchObject({ status: "APPROVED" });
    expect(await tokenCalls()).toHaveLength(2);
    expect((await creates()).map((r) => r.status)).toEqual([200, 401, 200]);
  });

  it("OAuth2 with a wrong key: UNAVAILABLE, logged as a configuration to fix, nothing sent", async () => {
    const rede = connect({ tokenUrl: sim.tokenUrl, integrationKey: "0".repeat(32) });
    expect(await rede.authorize(cit())).toEqual({ status: "UNAVAILABLE" });
    expect(seen.logs.find((l) => l.msg === "rede.auth_refused")).toMatchObject({ level: "error", acquirer: "rede" });
    expect(await creates()).toEqual([]);
    await expect(rede.getTransaction("1")).rejects.toBeInstanceOf(RedeAuthError);
  });

  it("Basic with a wrong key: UNAVAILABLE, no sale", async () => {
    expect(await connect({ integrationKey: "f".repeat(32) }).authorize(cit())).toEqual({ status: "UNAVAILABLE" });
    expect((await creates()).map((r) => [r.auth, r.status])).toEqual([["invalid", 401]]);
    expect(await sim.control.transactions()).toEqual([]);
  });
});

describe("lookups", () => {
  it("getTransaction and findByReference read the query's nested shape; unknown is null", async () => {
    const rede = connect();
    const sale = cit();
    const { reference: tid } = (await rede.authorize(sale)) as { reference: string };
    const held = await rede.getTransaction(tid);
    expect(held).toMatchObject({ tid, reference: redeReferenceOf(sale.transactionId), status: "Approved", returnCode: "00", amount: 20099, cardBin: "544828", last4: "0007", capturedAmount: 20099, refunds: [] });
    expect(held!.authorizationCode).toMatch(/^\d{6}$/);
    expect(await rede.findByReference(redeReferenceOf(sale.transactionId))).toEqual({ ...held, returnMessage: expect.any(String) });
    expect(await rede.getTransaction("99999999999999999999")).toBeNull();
    expect(await rede.findByReference("0123456789abcdef")).toBeNull();
  });
});

describe("refunds", () => {
  /** An approved sale of 1000 cents; its tid. */
  async function sold(rede = connect()) {
    const sale = cit({ amount: 1000 });
    const outcome = (await rede.authorize(sale)) as { reference: string };
    return { sale, tid: outcome.reference, rede };
  }
  const refund = (transactionId: string, amount: number, refundedBefore: number, acquirerReference?: string) => ({ refundId: crypto.randomUUID(), transactionId, amount, refundedBefore, acquirerReference });

  it("a partial refund and then the rest are COMPLETED; one more cent is FAILED in words", async () => {
    const { sale, tid, rede } = await sold();
    expect(await rede.concludeRefund(refund(sale.transactionId, 400, 0, tid))).toEqual({ status: "COMPLETED" });
    expect(await rede.concludeRefund(refund(sale.transactionId, 600, 400, tid))).toEqual({ status: "COMPLETED" });
    expect((await sim.control.refunds()).map((r) => r.amount)).toEqual([400, 600]);
    expect(await rede.concludeRefund(refund(sale.transactionId, 1, 1000, tid))).toEqual({ status: "FAILED", reason: "the sale is already fully refunded at Rede" });
  });

  it("above the sale's balance: FAILED, nothing refunded", async () => {
    const { sale, tid, rede } = await sold();
    expect(await rede.concludeRefund(refund(sale.transactionId, 1001, 0, tid))).toEqual({ status: "FAILED", reason: "the amount is more than what remains of the sale at Rede" });
    expect(await sim.control.refunds()).toEqual([]);
  });

  it("without Rede's tid, the sale is found by its reference", async () => {
    const { sale, tid, rede } = await sold();
    expect(await rede.concludeRefund(refund(sale.transactionId, 250, 0))).toEqual({ status: "COMPLETED" });
    expect(await sim.control.refunds()).toEqual([expect.objectContaining({ tid, amount: 250 })]);
  });

  it.each(["after", "hang"] as const)("a refund whose answer was lost (%s) is PENDING, and asked again is COMPLETED without a second refund", async (mode) => {
    const { sale, tid, rede } = await sold(connect({ timeoutMs: 300 }));
    await rede.concludeRefund(refund(sale.transactionId, 100, 0, tid));
    await sim.control.failNext("refund", mode);
    const lost = refund(sale.transactionId, 300, 100, tid);
    expect(await rede.concludeRefund(lost)).toEqual({ status: "PENDING" });
    expect(await rede.concludeRefund(lost)).toEqual({ status: "COMPLETED" });
    expect((await sim.control.refunds()).map((r) => r.amount)).toEqual([100, 300]);
    expect((await sim.control.requests()).filter((r) => r.operation === "refund")).toHaveLength(2);
  });

  it("Rede down before refunding: PENDING, and the next ask refunds once", async () => {
    const { sale, tid, rede } = await sold();
    await sim.control.failNext("refund", "before");
    const asked = refund(sale.transactionId, 500, 0, tid);
    expect(await rede.concludeRefund(asked)).toEqual({ status: "PENDING" });
    expect(await rede.concludeRefund(asked)).toEqual({ status: "COMPLETED" });
    expect((await sim.control.refunds()).map((r) => r.amount)).toEqual([500]);
  });

  it("Rede's refunded total off the gateway's by another amount: PENDING for an operator, nothing sent", async () => {
    const { sale, tid, rede } = await sold();
    await rede.concludeRefund(refund(sale.transactionId, 200, 0, tid)); // made, but the gateway believes nothing was refunded
    expect(await rede.concludeRefund(refund(sale.transactionId, 300, 0, tid))).toEqual({ status: "PENDING" });
    expect(seen.logs.find((l) => l.msg === "rede.refund_mismatch")).toMatchObject({ tid, refundedAtRede: 200, refundedBefore: 0, amount: 300 });
    expect((await sim.control.refunds()).map((r) => r.amount)).toEqual([200]);
  });
});
