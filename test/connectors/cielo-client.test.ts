/**
 * The Cielo connector (worker/connectors/cielo/) against the Cielo simulator over real HTTP: the
 * simulator checks the merchant's headers and every field of a sale as Cielo does (a request it
 * refuses fails the case), answers by the sandbox's last-digit rules, and can fail calls before or
 * after doing their work, or withhold the answer. Every log line and error of the run is kept and
 * searched for the card numbers and the MerchantKey at the end.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCieloAcquirer, type CieloAcquirer, type CieloClientConfig } from "../../worker/connectors/cielo/client";
import { startCieloSimulator, type CieloSimulator } from "../../worker/connectors/cielo/simulator/server";
import { orderIdOf, type CardSale, type CustomerInitiatedSale, type MerchantInitiatedSale, type SaleOutcome } from "../../worker/lib/acquirer";
import type { LogLine } from "../../worker/platform";
import { fetchTransport, type FetchLike } from "../../worker/connectors/http/fetch-transport";

const MERCHANT_KEY = "SIMKEY0123456789ABCDEFGHIJKLMNOPQRSTUVWX";
const RETURN_URL = "https://pay.example.com/cards/return";
/** Every card number a case sends, and every log line and error message of the run. */
const pans = new Set<string>();
const logs: LogLine[] = [];
const errors: string[] = [];
/** What the simulator kept of each case (its request log and sales), before the next case resets it. */
const simRecords: string[] = [];

let sim: CieloSimulator;

function connect(overrides: Partial<CieloClientConfig> = {}, target: CieloSimulator = sim): CieloAcquirer {
  return createCieloAcquirer({
    apiUrl: target.apiUrl,
    queryUrl: target.queryUrl,
    merchantId: target.merchantId,
    merchantKey: target.merchantKey,
    returnUrl: RETURN_URL,
    transport: fetchTransport(),
    log: (line) => logs.push(line),
    lookupDelayMs: 0,
    ...overrides,
  });
}

/** A 16-digit card number ending in `last` (the sandbox's result digit). */
function pan(last: string, prefix = "4000"): string {
  const number = `${prefix}${String(Math.floor(Math.random() * 1e11)).padStart(11, "0")}${last}`;
  pans.add(number);
  return number;
}

function customerSale(overrides: Partial<CustomerInitiatedSale> = {}): CustomerInitiatedSale {
  return {
    initiatedBy: "CUSTOMER",
    transactionId: crypto.randomUUID(),
    amount: 15_700,
    currency: "BRL",
    pan: pan("1"),
    expMonth: "12",
    expYear: "2030",
    holderName: "José da Silva-Ñúñez Júnior Neto",
    brand: "VISA",
    installments: 1,
    recurring: false,
    threeDs: { cavv: "AAABB2gHA1B5EFNjWQcDAAAAAAB=", eci: "05", version: "2.2.0", xid: null, dsTransactionId: crypto.randomUUID() },
    ...overrides,
  };
}

function renewal(overrides: Partial<MerchantInitiatedSale> = {}): MerchantInitiatedSale {
  return { initiatedBy: "MERCHANT", transactionId: crypto.randomUUID(), amount: 4_990, currency: "BRL", pan: pan("0", "5200"), expMonth: "03", expYear: "2031", holderName: "Maria Souza", brand: "MASTERCARD", installments: 1, recurring: true, ...overrides };
}

/** Authorizes, keeping any error's message for the leak check. */
async function authorize(client: CieloAcquirer, sale: CardSale): Promise<SaleOutcome> {
  try {
    return await client.authorize(sale);
  } catch (err) {
    errors.push(String(err));
    throw err;
  }
}

/** The sale the simulator holds for a transaction (its Cielo view, card masked). */
function saleAtSim(transactionId: string) {
  const found = sim.control.sales().filter((s) => (s.sale as { MerchantOrderId: string }).MerchantOrderId === orderIdOf(transactionId));
  expect(found).toHaveLength(1);
  return found[0]!.sale as { Payment: Record<string, unknown> & { CreditCard: Record<string, unknown> } };
}

const salePosts = () => sim.control.requests().filter((r) => r.method === "POST");
const appliedVoids = () => sim.control.voids().filter((v) => v.applied);

beforeAll(async () => {
  sim = await startCieloSimulator({ merchantId: crypto.randomUUID(), merchantKey: MERCHANT_KEY });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.control.reset());
afterEach(() => void simRecords.push(JSON.stringify([sim.control.requests(), sim.control.sales(), sim.control.voids()])));

describe("authorize", () => {
  it("a customer-initiated sale carries Cybersource's 3DS result as ExternalAuthentication, captured at once: APPROVED with the PaymentId", async () => {
    const sale = customerSale();
    const outcome = await authorize(connect(), sale);
    const held = saleAtSim(sale.transactionId);
    expect(outcome).toEqual({ status: "APPROVED", authorizationCode: held.Payment.AuthorizationCode, reference: held.Payment.PaymentId });
    expect(held.Payment).toMatchObject({ Type: "CreditCard", Amount: 15_700, Currency: "BRL", Country: "BRA", Installments: 1, Capture: true, Authenticate: true, ReturnUrl: RETURN_URL, Status: 2, ReturnCode: "6" });
    // Cielo documents Eci as one digit: Cybersource's "05" goes as "5"; the DS transaction id is the ReferenceId.
    expect(held.Payment.ExternalAuthentication).toEqual({ Cavv: sale.threeDs.cavv, Eci: "5", Version: "2", ReferenceId: sale.threeDs.dsTransactionId });
    expect(held.Payment.CreditCard).toEqual({ CardNumber: `${sale.pan.slice(0, 6)}******${sale.pan.slice(-4)}`, Holder: "Jose da Silva Nunez Junio", ExpirationDate: "12/2030", Brand: "Visa" });
    expect(held.Payment).not.toHaveProperty("SoftDescriptor");
    expect(held.Payment).not.toHaveProperty("InitiatedTransactionIndicator");
    const [post] = salePosts();
    expect(post).toMatchObject({ host: "api", path: "/1/sales/", merchantId: sim.merchantId, hasMerchantKey: true });
    expect(post!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the first charge of a subscription says card-on-file First (C1); a renewal is merchant-initiated: M1/Subscription, card-on-file Used, no 3DS, no CVV", async () => {
    const first = customerSale({ recurring: true, brand: "MASTERCARD", pan: pan("4", "5200"), threeDs: { cavv: "kAABBBBBBBBBBBBBBBBBBBBBBBB=", eci: "02", version: "2.1.0", xid: "Uk5ZanBHcWw2RjRCbEN5dGtiMTB=", dsTransactionId: crypto.randomUUID() } });
    expect((await authorize(connect(), first)).status).toBe("APPROVED");
    const firstHeld = saleAtSim(first.transactionId).Payment;
    expect(firstHeld.CreditCard.CardOnFile).toEqual({ Usage: "First", Reason: "Recurring" });
    expect(firstHeld.InitiatedTransactionIndicator).toEqual({ Category: "C1", Subcategory: "Subscription" });
    expect(firstHeld.ExternalAuthentication).toMatchObject({ Eci: "2", Xid: first.threeDs.xid, Version: "2" });

    const next = renewal();
    expect(await authorize(connect(), next)).toMatchObject({ status: "APPROVED" });
    const held = saleAtSim(next.transactionId).Payment;
    expect(held).toMatchObject({ Authenticate: false, Recurrent: true, Capture: true, Installments: 1 });
    expect(held.InitiatedTransactionIndicator).toEqual({ Category: "M1", Subcategory: "Subscription" });
    expect(held.CreditCard.CardOnFile).toEqual({ Usage: "Used", Reason: "Recurring" });
    expect(held).not.toHaveProperty("ExternalAuthentication");
    expect(held).not.toHaveProperty("ReturnUrl");
    expect(sim.control.sales().every((s) => !s.securityCodeSent)).toBe(true);
  });

  // The sandbox's last digits (Cielo "Credit card in sandbox"); 9 is approved for an even amount here.
  const DIGITS: Array<[string, string, number, string, boolean]> = [
    ["2", "VISA", 15_700, "do_not_honor", false],
    // 57: ABECS "not allowed for the card", IRREVERSIBLE for Visa, REVERSIBLE for Mastercard (the sandbox calls it Expired Card).
    ["3", "VISA", 15_700, "card_declined", true],
    ["3", "MASTERCARD", 15_700, "card_declined", false],
    ["5", "VISA", 15_700, "card_blocked", false],
    ["6", "VISA", 15_700, "processing_error", false],
    ["7", "VISA", 15_700, "card_blocked", true],
    ["8", "VISA", 15_700, "card_declined", false],
    ["9", "VISA", 15_701, "processing_error", false],
  ];
  for (const [digit, brand, amount, code, hard] of DIGITS) {
    it(`a ${brand} card ending in ${digit} (amount ${amount}) is DECLINED ${code}${hard ? ", hard" : ""}`, async () => {
      const sale = customerSale({ pan: pan(digit, brand === "VISA" ? "4000" : "5200"), brand, amount });
      const outcome = await authorize(connect(), sale);
      const held = saleAtSim(sale.transactionId).Payment;
      expect(outcome).toMatchObject({ status: "DECLINED", code, hard, reference: held.PaymentId });
      expect((outcome as { message: string }).message).toContain(`Cielo return code ${held.ReturnCode}`);
    });
  }

  it("a card ending in 9 is approved for an even amount", async () => {
    expect(await authorize(connect(), customerSale({ pan: pan("9"), amount: 2_000 }))).toMatchObject({ status: "APPROVED" });
  });

  it("a brand Cielo does not take is DECLINED card_declined, hard, and nothing is sent", async () => {
    expect(await authorize(connect(), customerSale({ brand: "UNIONPAY" }))).toMatchObject({ status: "DECLINED", code: "card_declined", hard: true });
    expect(sim.control.requests()).toEqual([]);
  });

  it("a 503 before Cielo did anything: the query host has no sale for the order, so UNAVAILABLE (another acquirer may try)", async () => {
    sim.control.failNext("sale", 1, { mode: "before", status: 503 });
    const sale = customerSale();
    expect(await authorize(connect(), sale)).toEqual({ status: "UNAVAILABLE" });
    expect(sim.control.sales()).toEqual([]);
    expect(sim.control.requests().map((r) => `${r.host} ${r.method} ${r.path} ${r.query.merchantOrderId ?? ""}`.trim())).toEqual([
      "api POST /1/sales/",
      `query GET /1/sales ${orderIdOf(sale.transactionId)}`,
    ]);
  });

  it("the sale made and its answer lost (a 502 after): APPROVED as the query finds it, and only one sale exists", async () => {
    sim.control.failNext("sale", 1, { mode: "after", status: 502 });
    const sale = customerSale();
    const outcome = await authorize(connect(), sale);
    const held = saleAtSim(sale.transactionId);
    expect(outcome).toEqual({ status: "APPROVED", authorizationCode: held.Payment.AuthorizationCode, reference: held.Payment.PaymentId });
    expect(salePosts()).toHaveLength(1);
  });

  it("the sale made and no answer before the timeout: APPROVED from the query, never a second POST", async () => {
    sim.control.failNext("sale", 1, { mode: "hang" });
    const sale = customerSale();
    expect(await authorize(connect({ timeoutMs: 300 }), sale)).toMatchObject({ status: "APPROVED" });
    expect(salePosts()).toHaveLength(1);
    expect(logs.some((l) => l.msg === "acquirer.request" && l.error === "timeout")).toBe(true);
  });

  it("a declined sale whose answer was lost is DECLINED as the query finds it", async () => {
    sim.control.failNext("sale", 1, { mode: "after" });
    expect(await authorize(connect(), customerSale({ pan: pan("2") }))).toMatchObject({ status: "DECLINED", code: "do_not_honor" });
  });

  it("the answer lost and the query host failing too: UNKNOWN (routing must not fail over)", async () => {
    sim.control.failNext("sale", 1, { mode: "after" });
    sim.control.failNext("query", 5, { status: 503 });
    expect(await authorize(connect(), customerSale())).toEqual({ status: "UNKNOWN" });
    expect(sim.control.sales()).toHaveLength(1);
    expect(logs.some((l) => l.msg === "acquirer.sale_lookup" && l.outcome === "UNKNOWN")).toBe(true);
  });

  it("a wrong MerchantKey (401): UNAVAILABLE, logged as a configuration error with Cielo's code, nothing created", async () => {
    const outcome = await authorize(connect({ merchantKey: "WRONGKEY0123456789ABCDEFGHIJKLMNOPQRSTUV" }), customerSale());
    expect(outcome).toEqual({ status: "UNAVAILABLE" });
    expect(sim.control.sales()).toEqual([]);
    expect(logs.filter((l) => l.msg === "acquirer.configuration_error").at(-1)).toMatchObject({ level: "error", status: 401, codes: [132] });
  });

  it("a request Cielo refuses (400 with its error array) is DECLINED processing_error, not hard, its codes logged", async () => {
    const outcome = await authorize(connect(), customerSale({ expMonth: "13" }));
    expect(outcome).toMatchObject({ status: "DECLINED", code: "processing_error", hard: false });
    expect(logs.filter((l) => l.msg === "acquirer.sale_rejected").at(-1)).toMatchObject({ codes: [126] });
    expect(sim.control.sales()).toEqual([]);
  });

  it("3DS data Cielo's ExternalAuthentication cannot carry (no DS transaction id for version 2) is refused before sending", async () => {
    const outcome = await authorize(connect(), customerSale({ threeDs: { cavv: "AAABB2gHA1B5EFNjWQcDAAAAAAB=", eci: "05", version: "2.2.0", dsTransactionId: null } }));
    expect(outcome).toMatchObject({ status: "DECLINED", code: "processing_error", hard: false });
    expect(sim.control.requests()).toEqual([]);
  });

  it("a Pending sale is read again by its PaymentId: settled meanwhile, APPROVED; still pending, UNKNOWN", async () => {
    sim.control.nextStatus(12, 2);
    // The transport settles the sale between the POST's answer and the connector's second look.
    const settling: FetchLike = async (url, init) => {
      if (url.startsWith(sim.queryUrl)) sim.control.settle(url.split("/").at(-1)!, 2);
      return fetch(url, init);
    };
    expect(await authorize(connect({ transport: fetchTransport(settling) }), customerSale())).toMatchObject({ status: "APPROVED" });
    expect(await authorize(connect(), customerSale())).toEqual({ status: "UNKNOWN" });
  });
});

describe("authorize, when Cielo refuses a repeated MerchantOrderId (302)", () => {
  let strict: CieloSimulator;
  beforeAll(async () => {
    strict = await startCieloSimulator({ merchantId: crypto.randomUUID(), merchantKey: MERCHANT_KEY, rejectDuplicateOrderIds: true });
  });
  afterAll(() => strict.close());

  it("a second attempt of the same transaction finds the first's sale instead of failing it", async () => {
    const sale = customerSale();
    const first = await authorize(connect({}, strict), sale);
    const second = await authorize(connect({}, strict), sale);
    expect(second).toEqual(first);
    expect(strict.control.sales()).toHaveLength(1);
  });
});

describe("concludeRefund", () => {
  async function approvedSale(amount = 10_000): Promise<{ transactionId: string; reference: string }> {
    const sale = customerSale({ amount });
    const outcome = await authorize(connect(), sale);
    if (outcome.status !== "APPROVED" || !outcome.reference) throw new Error("the sale was not approved");
    return { transactionId: sale.transactionId, reference: outcome.reference };
  }

  it("a partial then the rest: COMPLETED twice, Cielo's VoidedAmount summing both and the sale Voided", async () => {
    const { transactionId, reference } = await approvedSale();
    const client = connect();
    expect(await client.concludeRefund({ refundId: "r1", transactionId, amount: 3_000, acquirerReference: reference, refundedBefore: 0 })).toEqual({ status: "COMPLETED" });
    expect((await client.getSale(reference))?.status).toBe(2);
    expect(await client.concludeRefund({ refundId: "r2", transactionId, amount: 7_000, acquirerReference: reference, refundedBefore: 3_000 })).toEqual({ status: "COMPLETED" });
    expect(await client.getSale(reference)).toMatchObject({ status: 10, voidedAmount: 10_000, capturedAmount: 10_000 });
    expect(appliedVoids().map((v) => v.amount)).toEqual([3_000, 7_000]);
  });

  it("without the acquirer's reference, the sale is found by the transaction's order id", async () => {
    const { transactionId, reference } = await approvedSale();
    expect(await connect().concludeRefund({ refundId: "r1", transactionId, amount: 2_500, refundedBefore: 0 })).toEqual({ status: "COMPLETED" });
    expect(appliedVoids()).toEqual([expect.objectContaining({ paymentId: reference, amount: 2_500 })]);
  });

  it("a void whose answer was lost is PENDING; asked again with refundedBefore it is COMPLETED without a second void", async () => {
    const { transactionId, reference } = await approvedSale();
    sim.control.failNext("void", 1, { mode: "after", status: 503 });
    const refund = { refundId: "r1", transactionId, amount: 4_000, acquirerReference: reference, refundedBefore: 0 };
    expect(await connect().concludeRefund(refund)).toEqual({ status: "PENDING" });
    expect(await connect().concludeRefund(refund)).toEqual({ status: "COMPLETED" });
    expect(appliedVoids()).toHaveLength(1);
    expect(sim.control.requests().filter((r) => r.path.endsWith("/void"))).toHaveLength(1);
  });

  it("a void with no answer before the timeout is PENDING, then COMPLETED from the sale's VoidedAmount", async () => {
    const { transactionId, reference } = await approvedSale();
    sim.control.failNext("void", 1, { mode: "hang" });
    const refund = { refundId: "r1", transactionId, amount: 10_000, acquirerReference: reference, refundedBefore: 0 };
    expect(await connect({ timeoutMs: 300 }).concludeRefund(refund)).toEqual({ status: "PENDING" });
    expect(await connect().concludeRefund(refund)).toEqual({ status: "COMPLETED" });
    expect(appliedVoids()).toHaveLength(1);
  });

  it("a void refused before it was made (503) is sent again on the next attempt", async () => {
    const { transactionId, reference } = await approvedSale();
    sim.control.failNext("void", 1, { mode: "before" });
    const refund = { refundId: "r1", transactionId, amount: 1_000, acquirerReference: reference, refundedBefore: 0 };
    expect(await connect().concludeRefund(refund)).toEqual({ status: "PENDING" });
    expect(await connect().concludeRefund(refund)).toEqual({ status: "COMPLETED" });
    expect(appliedVoids()).toHaveLength(1);
  });

  it("more than the sale's balance is FAILED with Cielo's reason; more than the sale itself too", async () => {
    const { transactionId, reference } = await approvedSale();
    const client = connect();
    expect(await client.concludeRefund({ refundId: "r1", transactionId, amount: 6_000, acquirerReference: reference, refundedBefore: 0 })).toEqual({ status: "COMPLETED" });
    const balance = await client.concludeRefund({ refundId: "r2", transactionId, amount: 5_000, acquirerReference: reference, refundedBefore: 6_000 });
    expect(balance).toEqual({ status: "FAILED", reason: expect.stringMatching(/remaining balance.*return code 55/) });
    const above = await client.concludeRefund({ refundId: "r3", transactionId, amount: 10_001, acquirerReference: reference, refundedBefore: 6_000 });
    expect(above).toEqual({ status: "FAILED", reason: expect.stringMatching(/above the sale's original amount.*return code 102/) });
    expect(appliedVoids()).toHaveLength(1);
  });

  it("Cielo's voided total matching none of the gateway's refunds is FAILED for an operator, and nothing is sent", async () => {
    const { transactionId, reference } = await approvedSale();
    await connect().concludeRefund({ refundId: "r1", transactionId, amount: 3_000, acquirerReference: reference, refundedBefore: 0 });
    const outcome = await connect().concludeRefund({ refundId: "r2", transactionId, amount: 5_000, acquirerReference: reference, refundedBefore: 1_000 });
    expect(outcome).toMatchObject({ status: "FAILED", reason: expect.stringContaining("operator") });
    expect(appliedVoids()).toHaveLength(1);
  });

  it("a declined sale cannot be voided (309): FAILED; an unknown PaymentId: FAILED", async () => {
    const sale = customerSale({ pan: pan("2") });
    const declined = await authorize(connect(), sale);
    const reference = (declined as { reference: string }).reference;
    expect(await connect().concludeRefund({ refundId: "r1", transactionId: sale.transactionId, amount: 100, acquirerReference: reference, refundedBefore: 0 })).toEqual({
      status: "FAILED",
      reason: expect.stringContaining("309"),
    });
    expect(await connect().concludeRefund({ refundId: "r2", transactionId: crypto.randomUUID(), amount: 100, acquirerReference: crypto.randomUUID(), refundedBefore: 0 })).toMatchObject({ status: "FAILED" });
  });

  it("the query host down: PENDING, and no void is sent blind", async () => {
    const { transactionId, reference } = await approvedSale();
    sim.control.failNext("query", 1);
    expect(await connect().concludeRefund({ refundId: "r1", transactionId, amount: 1_000, acquirerReference: reference, refundedBefore: 0 })).toEqual({ status: "PENDING" });
    expect(sim.control.voids()).toEqual([]);
  });
});

describe("concludeRefund, when Cielo enforces its pause between voids of a sale", () => {
  let paced: CieloSimulator;
  beforeAll(async () => {
    paced = await startCieloSimulator({ merchantId: crypto.randomUUID(), merchantKey: MERCHANT_KEY, voidIntervalMs: 60_000 });
  });
  afterAll(() => paced.close());

  it("ReturnCode 10 (a pending request with the same data) is PENDING, asked again later", async () => {
    const client = connect({}, paced);
    const sale = customerSale();
    const outcome = await authorize(client, sale);
    const reference = (outcome as { reference: string }).reference;
    expect(await client.concludeRefund({ refundId: "r1", transactionId: sale.transactionId, amount: 100, acquirerReference: reference, refundedBefore: 0 })).toEqual({ status: "COMPLETED" });
    expect(await client.concludeRefund({ refundId: "r2", transactionId: sale.transactionId, amount: 100, acquirerReference: reference, refundedBefore: 100 })).toEqual({ status: "PENDING" });
  });
});

describe("reads and notifications", () => {
  let receiver: Server;
  let receiverUrl: string;
  const received: Array<{ headers: IncomingHttpHeaders; body: unknown }> = [];
  let refuseNext = 0;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        res.writeHead(refuseNext-- > 0 ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cielo/notifications`;
  });
  afterAll(async () => {
    sim.control.configureNotifications(undefined);
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("getSale and findSaleByOrder read the sale; an unknown one is null", async () => {
    const sale = customerSale();
    const client = connect();
    const outcome = await authorize(client, sale);
    const reference = (outcome as { reference: string }).reference;
    const read = await client.getSale(reference);
    expect(read).toMatchObject({ paymentId: reference, merchantOrderId: orderIdOf(sale.transactionId), status: 2, amount: 15_700, capturedAmount: 15_700, voidedAmount: 0 });
    expect(await client.findSaleByOrder(orderIdOf(sale.transactionId))).toEqual(read);
    expect(await client.getSale(crypto.randomUUID())).toBeNull();
    expect(await client.findSaleByOrder("0123456789abcdef0123456789abcdef")).toBeNull();
  });

  it("a void posts Cielo's notification (PaymentId, ChangeType 1) with the configured headers, retried after a refusal", async () => {
    sim.control.configureNotifications(receiverUrl, { "X-Cielo-Token": "notif-secret-1" });
    received.length = 0;
    refuseNext = 1;
    const sale = customerSale();
    const outcome = await authorize(connect(), sale);
    const reference = (outcome as { reference: string }).reference;
    await connect().concludeRefund({ refundId: "r1", transactionId: sale.transactionId, amount: 500, acquirerReference: reference, refundedBefore: 0 });
    await sim.control.notificationsIdle();
    expect(received).toHaveLength(2);
    for (const delivery of received) {
      expect(delivery.body).toEqual({ PaymentId: reference, ChangeType: 1 });
      expect(delivery.headers["x-cielo-token"]).toBe("notif-secret-1");
      expect(delivery.headers["content-type"]).toBe("application/json");
    }
    expect(sim.control.notifications()).toEqual([expect.objectContaining({ outcome: "delivered", attempts: 2, statuses: [500, 200] })]);
  });
});

describe("secrets", () => {
  it("no log line, error or simulator record of the run carries a card number or the MerchantKey", () => {
    expect(pans.size).toBeGreaterThan(10);
    expect(logs.length).toBeGreaterThan(20);
    expect(simRecords.join("")).toContain("******");
    const text = JSON.stringify([logs, errors, simRecords]);
    for (const number of pans) expect(text).not.toContain(number);
    expect(text).not.toContain(MERCHANT_KEY);
  });
});
