/**
 * The Cielo simulator on its own, over HTTP as any client would reach it: what it checks (the
 * merchant's headers, a sale's fields), what it answers (the sandbox's digits, capture and void
 * state changes, the query host's three reads) and its control API under /__sim/. The connector's
 * tests rely on these behaviours; here each is pinned without the connector in between.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startCieloSimulator, type CieloSimulator } from "../../worker/connectors/cielo/simulator/server";

const KEY = "SIMKEY0123456789ABCDEFGHIJKLMNOPQRSTUVWX";
let sim: CieloSimulator;

interface Reply {
  status: number;
  /** Cielo's JSON, read field by field in each case. */
  body: any;
}

async function call(host: "api" | "query", method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const response = await fetch(`${host === "api" ? sim.apiUrl : sim.queryUrl}${path}`, {
    method,
    headers: { "Content-Type": "application/json", MerchantId: sim.merchantId, MerchantKey: KEY, RequestId: crypto.randomUUID(), ...opts.headers },
    ...(opts.body !== undefined && { body: typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function saleBody(overrides: { card?: Record<string, unknown>; payment?: Record<string, unknown>; root?: Record<string, unknown> } = {}) {
  return {
    MerchantOrderId: `order${Math.floor(Math.random() * 1e9)}`,
    Customer: { Name: "Comprador Teste" },
    Payment: {
      Type: "CreditCard",
      Amount: 10_000,
      Installments: 1,
      Capture: false,
      CreditCard: { CardNumber: "4024007153763191", Holder: "Teste Holder", ExpirationDate: "12/2030", SecurityCode: "123", Brand: "Visa", ...overrides.card },
      ...overrides.payment,
    },
    ...overrides.root,
  };
}

const codesOf = (reply: Reply) => (reply.body as Array<{ Code: number }>).map((e) => e.Code);

beforeAll(async () => {
  sim = await startCieloSimulator({ merchantId: crypto.randomUUID(), merchantKey: KEY });
});
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

describe("the merchant's headers", () => {
  const CASES: Array<[string, Record<string, string>, number]> = [
    ["no MerchantId", { MerchantId: "" }, 101],
    ["a MerchantId that is no GUID", { MerchantId: "merchant-1" }, 114],
    ["another merchant's MerchantId", { MerchantId: crypto.randomUUID() }, 115],
    ["no MerchantKey", { MerchantKey: "" }, 131],
    ["a wrong MerchantKey", { MerchantKey: KEY.replace("S", "T") }, 132],
  ];
  for (const [what, headers, code] of CASES) {
    it(`${what}: 401 with Cielo's error ${code}, on either host, nothing created`, async () => {
      expect(await call("api", "POST", "/1/sales/", { body: saleBody(), headers })).toEqual({ status: 401, body: [expect.objectContaining({ Code: code })] });
      expect((await call("query", "GET", "/1/sales?merchantOrderId=x", { headers })).status).toBe(401);
      expect(sim.control.sales()).toEqual([]);
    });
  }

  it("a sale's body must be JSON (415 otherwise); the request log keeps no MerchantKey", async () => {
    expect((await call("api", "POST", "/1/sales/", { body: saleBody(), headers: { "Content-Type": "text/plain" } })).status).toBe(415);
    const [request] = sim.control.requests();
    expect(request).toMatchObject({ hasMerchantKey: true, merchantId: sim.merchantId });
    expect(JSON.stringify(sim.control.requests())).not.toContain(KEY);
  });
});

describe("POST /1/sales/ validation", () => {
  const CASES: Array<[string, Parameters<typeof saleBody>[0], number[]]> = [
    ["MerchantOrderId with a hyphen", { root: { MerchantOrderId: "order-1" } }, [122]],
    ["no Installments", { payment: { Installments: 0 } }, [123]],
    ["an expiry that is not MM/YYYY", { card: { ExpirationDate: "13/2030" } }, [126]],
    ["no expiry", { card: { ExpirationDate: undefined } }, [125]],
    ["a holder with digits", { card: { Holder: "Teste 2" } }, [214]],
    ["a holder of 26 characters", { card: { Holder: "A".repeat(26) } }, [117]],
    ["no card number", { card: { CardNumber: undefined } }, [118]],
    ["a card number with letters", { card: { CardNumber: "4024abc153763191" } }, [213]],
    ["no brand", { card: { Brand: undefined } }, [182]],
    ["a brand Cielo does not take", { card: { Brand: "UnionPay" } }, [185]],
    ["Authenticate without ReturnUrl", { payment: { Authenticate: true, ExternalAuthentication: { Cavv: "AAAB", Eci: "5", Version: "2", ReferenceId: crypto.randomUUID() } } }, [163]],
    ["a zero amount", { payment: { Amount: 0 } }, [108]],
    ["Recurrent with 3 installments", { payment: { Recurrent: true, Installments: 3 } }, [179]],
  ];
  for (const [what, overrides, codes] of CASES) {
    it(`${what}: 400 [${codes.join(", ")}]`, async () => {
      const reply = await call("api", "POST", "/1/sales/", { body: saleBody(overrides) });
      expect(reply.status).toBe(400);
      expect(codesOf(reply)).toEqual(codes);
      expect(sim.control.sales()).toEqual([]);
    });
  }

  const AUTH: Array<[string, Record<string, unknown>, RegExp]> = [
    ["no Eci", { Cavv: "AAAB", Version: "2", ReferenceId: crypto.randomUUID() }, /Eci is required/],
    ["Eci with two digits", { Cavv: "AAAB", Eci: "05", Version: "2", ReferenceId: crypto.randomUUID() }, /Eci is invalid/],
    ["version 2 without ReferenceId", { Cavv: "AAAB", Eci: "5", Version: "2" }, /ReferenceId is required/],
    ["an authenticated ECI without Cavv", { Eci: "5", Version: "2", ReferenceId: crypto.randomUUID() }, /Cavv is required/],
  ];
  for (const [what, ext, message] of AUTH) {
    it(`ExternalAuthentication with ${what} is refused`, async () => {
      const reply = await call("api", "POST", "/1/sales/", { body: saleBody({ payment: { Authenticate: true, ReturnUrl: "https://shop.example/return", ExternalAuthentication: ext } }) });
      expect(reply).toEqual({ status: 400, body: [{ Code: 0, Message: expect.stringMatching(message) }] });
    });
  }

  it("a valid external authentication is echoed back", async () => {
    const ext = { Cavv: "AAABB2gHA1B5EFNjWQcDAAAAAAB=", Xid: "Uk5ZanBHcWw2RjRCbEN5dGtiMTB=", Eci: "5", Version: "2", ReferenceID: crypto.randomUUID() };
    const reply = await call("api", "POST", "/1/sales/", { body: saleBody({ payment: { Authenticate: true, ReturnUrl: "https://shop.example/return", ExternalAuthentication: ext } }) });
    expect(reply.status).toBe(201);
    expect(reply.body.Payment.ExternalAuthentication).toEqual(ext);
  });
});

describe("sales, captures, voids and queries", () => {
  it("Capture false: Authorized (1, ReturnCode 4); captured once (2, ReturnCode 6); a second capture is 308", async () => {
    const created = await call("api", "POST", "/1/sales/", { body: saleBody() });
    expect(created.status).toBe(201);
    expect(created.body.Payment).toMatchObject({ Status: 1, ReturnCode: "4", Provider: "Simulado", CreditCard: { CardNumber: "402400******3191" } });
    expect(created.body.Payment.CreditCard).not.toHaveProperty("SecurityCode");
    const id = created.body.Payment.PaymentId as string;
    expect(created.body.Payment.Links.map((l: { Rel: string }) => l.Rel)).toEqual(["self", "capture", "void"]);
    expect(await call("api", "PUT", `/1/sales/${id}/capture?amount=8000`)).toMatchObject({ status: 200, body: { Status: 2, ReturnCode: "6" } });
    expect(codesOf(await call("api", "PUT", `/1/sales/${id}/capture`))).toEqual([308]);
    expect((await call("query", "GET", `/1/sales/${id}`)).body.Payment).toMatchObject({ Status: 2, CapturedAmount: 8000 });
  });

  it("an uncaptured sale is voided whole only (a partial is ReturnCode 41); a declined one not at all (309)", async () => {
    const id = (await call("api", "POST", "/1/sales/", { body: saleBody() })).body.Payment.PaymentId;
    expect(await call("api", "PUT", `/1/sales/${id}/void?amount=100`)).toMatchObject({ status: 200, body: { Status: 1, ReturnCode: "41" } });
    expect(await call("api", "PUT", `/1/sales/${id}/void`)).toMatchObject({ status: 200, body: { Status: 10, ReturnCode: "9" } });
    const declined = await call("api", "POST", "/1/sales/", { body: saleBody({ card: { CardNumber: "4024007153763192" } }) });
    expect(declined.body.Payment).toMatchObject({ Status: 3, ReturnCode: "05", ReturnMessage: "Not Authorized" });
    expect(codesOf(await call("api", "PUT", `/1/sales/${declined.body.Payment.PaymentId}/void`))).toEqual([309]);
    expect((await call("api", "PUT", `/1/sales/${crypto.randomUUID()}/void`)).status).toBe(404);
  });

  it("a sale from an earlier day, voided whole, is Refunded (11)", async () => {
    const id = (await call("api", "POST", "/1/sales/", { body: saleBody({ payment: { Capture: true } }) })).body.Payment.PaymentId;
    sim.control.age(id, 2);
    expect(await call("api", "PUT", `/1/sales/${id}/void`)).toMatchObject({ body: { Status: 11, ReturnCode: "9" } });
    expect((await call("query", "GET", `/1/sales/${id}`)).body.Payment).toMatchObject({ Status: 11, VoidedAmount: 10_000 });
  });

  it("the query host reads by PaymentId, by merchantOrderId (ReceveidDate, as Cielo spells it) and by acquirer TID; the transaction host serves no reads", async () => {
    const body = saleBody({ payment: { Capture: true } });
    const sale = (await call("api", "POST", "/1/sales/", { body })).body.Payment;
    expect((await call("query", "GET", `/1/sales/${sale.PaymentId}`)).body.MerchantOrderId).toBe(body.MerchantOrderId);
    const byOrder = await call("query", "GET", `/1/sales?merchantOrderId=${body.MerchantOrderId}`);
    expect(byOrder).toEqual({ status: 200, body: { Payment: [{ PaymentId: sale.PaymentId, ReceveidDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) }] } });
    expect((await call("query", "GET", `/1/sales/acquirerTid/${sale.Tid}`)).body.Payment.PaymentId).toBe(sale.PaymentId);
    expect((await call("query", "GET", "/1/sales?merchantOrderId=nothing")).status).toBe(404);
    expect((await call("query", "GET", `/1/sales/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call("api", "GET", `/1/sales/${sale.PaymentId}`)).status).toBe(404);
    expect((await call("query", "POST", "/1/sales/", { body })).status).toBe(404);
  });
});

describe("the control API over HTTP", () => {
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sim.controlUrl}${path}`, { method, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  it("fail-next before: 503 and no sale; after: the sale made, its answer a 503; the sales list masks the card", async () => {
    expect((await control("POST", "/fail-next", { operation: "sale", mode: "before" })).status).toBe(204);
    expect((await call("api", "POST", "/1/sales/", { body: saleBody() })).status).toBe(503);
    expect((await control("GET", "/sales")).body.count).toBe(0);
    await control("POST", "/fail-next", { operation: "sale", mode: "after", status: 500 });
    expect((await call("api", "POST", "/1/sales/", { body: saleBody() })).status).toBe(500);
    const listed = await control("GET", "/sales");
    expect(listed.body.count).toBe(1);
    expect(listed.body.sales[0].sale.Payment.CreditCard.CardNumber).toBe("402400******3191");
    expect(JSON.stringify(await control("GET", "/requests"))).not.toContain("4024007153763191");
  });

  it("next-status makes a Pending sale; settling it notifies nobody without a URL and changes its status; voids are counted", async () => {
    await control("POST", "/sales/next-status", { status: 12 });
    const id = (await call("api", "POST", "/1/sales/", { body: saleBody() })).body.Payment.PaymentId;
    expect((await call("query", "GET", `/1/sales/${id}`)).body.Payment.Status).toBe(12);
    expect((await control("POST", `/sales/${id}/status`, { status: 2 })).status).toBe(204);
    expect((await call("query", "GET", `/1/sales/${id}`)).body.Payment).toMatchObject({ Status: 2, ReturnCode: "6" });
    await call("api", "PUT", `/1/sales/${id}/void?amount=100`);
    expect((await control("GET", "/voids")).body).toEqual({ count: 1, voids: [expect.objectContaining({ paymentId: id, amount: 100, applied: true, returnCode: "0" })] });
    expect((await control("POST", "/fail-next", { operation: "refund" })).status).toBe(400);
    expect((await control("POST", "/reset")).status).toBe(204);
    expect((await control("GET", "/sales")).body.count).toBe(0);
  });
});
