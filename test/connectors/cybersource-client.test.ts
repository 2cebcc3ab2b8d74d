/**
 * The Cybersource Payer Authentication connector (worker/connectors/cybersource/client.ts) against
 * the simulator over real HTTP: every call signed and checked (a wrong signature, digest or date
 * is a 401 the test sees), every body checked field by field, the card table's outcomes, the
 * step-up pages driven by plain form posts as a browser frame would, and the faults (502, a slow
 * answer, a closed port). Nothing the connector logs or throws may carry the PAN, the secret or a
 * signature.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCybersourceThreeDs, type CybersourceThreeDsConfig } from "../../worker/connectors/cybersource/client";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";
import { CHALLENGE_CODE, startCybersourceSimulator, type CybersourceSimulator } from "../../worker/connectors/cybersource/simulator/server";
import { ThreeDsRejectedError, ThreeDsUnavailableError, type ThreeDsBrowser, type ThreeDsCard, type ThreeDsServer } from "../../worker/lib/threeds-server";
import type { LogLine } from "../../worker/platform";
import { formOf } from "../../worker/connectors/cybersource/simulator/forms";

const CREDENTIALS = { merchantId: "gateway_sim", keyId: "5f4b1a2c-0d3e-4f5a-8b6c-7d8e9f0a1b2c", secretKey: randomBytes(32).toString("base64") };
const RETURN_URL = "https://pay.example.com/3ds/return/sess_123";
const BROWSER: ThreeDsBrowser = {
  deviceChannel: "BROWSER",
  httpAcceptContent: "text/html,application/xhtml+xml",
  httpBrowserLanguage: "pt-BR",
  httpBrowserJavaEnabled: "false",
  httpBrowserJavaScriptEnabled: "true",
  httpBrowserColorDepth: "24",
  httpBrowserScreenHeight: "844",
  httpBrowserScreenWidth: "390",
  httpBrowserTimeDifference: "180",
  userAgentBrowserValue: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
  ipAddress: "203.0.113.7",
};
const YEAR = String(new Date().getUTCFullYear() + 3);
/** Every card number used here: none may appear in a log line, an error or the simulator's log. */
const PANS = new Set<string>();
const card = (number: string, brand = number.startsWith("5") ? "MASTERCARD" : number.startsWith("65") ? "ELO" : "VISA"): ThreeDsCard => {
  PANS.add(number);
  return { number, expMonth: "01", expYear: YEAR, brand };
};

let sim: CybersourceSimulator;
/** Everything any connector here logged, threw or signed: checked for secrets at the end. */
const logs: LogLine[] = [];
const messages: string[] = [];
const signatures: string[] = [];
/** The simulator's request log, kept by the secrets test. */
const simLogs: string[] = [];

/** A client on the simulator over fetch, recording its log lines and the signatures it sent. */
function connect(overrides: Partial<CybersourceThreeDsConfig> = {}): ThreeDsServer {
  const transport = fetchTransport((url, init) => {
    const signature = new Headers(init.headers).get("signature");
    if (signature) signatures.push(/signature="([^"]+)"/.exec(signature)![1]!);
    return fetch(url, init);
  });
  return createCybersourceThreeDs({ baseUrl: sim.apiUrl, ...CREDENTIALS, pagesOrigin: sim.pagesOrigin, transport, log: (line) => logs.push(line), timeoutMs: 2_000, ...overrides });
}

/** The error `work` throws, kept for the secrets check. */
async function failure(work: Promise<unknown>): Promise<Error> {
  const err = await work.then(
    () => null,
    (e: unknown) => e as Error,
  );
  if (!err) throw new Error("expected the call to fail");
  messages.push(err.message);
  return err;
}

/** Setup then enrollment of `c` for 10.99 BRL. */
async function enroll(client: ThreeDsServer, c: ThreeDsCard, extra: Partial<Parameters<ThreeDsServer["enroll"]>[0]> = {}) {
  const setup = await client.setup({ reference: "sess_123", card: c });
  return client.enroll({ reference: "sess_123", referenceId: setup.referenceId, card: c, amount: 1099, currency: "BRL", returnUrl: RETURN_URL, browser: BROWSER, ...extra });
}

const apiCalls = () => sim.control.requests().filter((r) => r.side === "api");

beforeAll(async () => {
  sim = await startCybersourceSimulator(CREDENTIALS);
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.control.reset());

describe("frictionless", () => {
  it("Visa: AUTHENTICATED with its CAVV and ECI 05, from a body Cybersource accepts", async () => {
    const client = connect({ mcc: "5999" });
    const setup = await client.setup({ reference: "sess_123", card: card("4000000000001000") });
    expect(setup.deviceDataCollectionUrl).toBe(`${sim.pagesOrigin}/V1/Cruise/Collect`);
    expect(setup.accessToken.split(".")).toHaveLength(3);
    const result = await client.enroll({
      reference: "sess_123",
      referenceId: setup.referenceId,
      card: card("4000000000001000"),
      amount: 1099,
      currency: "BRL",
      returnUrl: RETURN_URL,
      browser: BROWSER,
      billTo: { firstName: "Maria", lastName: "Silva", address1: "Rua A, 1", locality: "São Paulo", administrativeArea: "SP", postalCode: "01001000", country: "BR", email: "maria@example.com" },
    });
    expect(result).toMatchObject({ status: "AUTHENTICATED", eci: "05", specificationVersion: "2.1.0" });
    if (result.status !== "AUTHENTICATED") throw new Error("unreachable");
    expect(result.cavv).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(result.xid).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(result.directoryServerTransactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.threeDsServerTransactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.authenticationTransactionId).toMatch(/^\w{20}$/);

    const [setupCall, enrollCall] = apiCalls();
    expect(setupCall).toMatchObject({ path: "/risk/v1/authentication-setups", status: 201 });
    expect(enrollCall).toMatchObject({ path: "/risk/v1/authentications", status: 201 });
    expect(enrollCall!.body).toEqual({
      clientReferenceInformation: { code: "sess_123" },
      orderInformation: {
        amountDetails: { currency: "BRL", totalAmount: "10.99" },
        billTo: { firstName: "Maria", lastName: "Silva", address1: "Rua A, 1", locality: "São Paulo", administrativeArea: "SP", postalCode: "01001000", country: "BR", email: "maria@example.com" },
      },
      paymentInformation: { card: { number: "400000******1000", expirationMonth: "01", expirationYear: YEAR, type: "001" } },
      consumerAuthenticationInformation: { referenceId: setup.referenceId, returnUrl: RETURN_URL, deviceChannel: "Browser", transactionMode: "S", acsWindowSize: "02", mcc: "5999" },
      deviceInformation: { ...BROWSER, deviceChannel: undefined, httpBrowserJavaEnabled: false, httpBrowserJavaScriptEnabled: true },
    });
  });

  it("Mastercard: the AAV (ucafAuthenticationData) as the CAVV, ECI 02, no xid; no mcc for a non-Visa card", async () => {
    const result = await enroll(connect({ mcc: "5999" }), card("5200000000001005"));
    expect(result).toMatchObject({ status: "AUTHENTICATED", eci: "02", xid: null, specificationVersion: "2.1.0" });
    expect(result.status === "AUTHENTICATED" && result.cavv).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    const body = apiCalls()[1]!.body as { paymentInformation: { card: { type: string } }; consumerAuthenticationInformation: Record<string, unknown> };
    expect(body.paymentInformation.card.type).toBe("002");
    expect(body.consumerAuthenticationInformation).not.toHaveProperty("mcc");
  });

  it("attempts: AUTHENTICATED with ECI 06 (Visa 2.2.0) and 01 (Mastercard)", async () => {
    expect(await enroll(connect(), card("4000000000002719"))).toMatchObject({ status: "AUTHENTICATED", eci: "06", specificationVersion: "2.2.0" });
    expect(await enroll(connect(), card("5200000000001021"))).toMatchObject({ status: "AUTHENTICATED", eci: "01" });
  });

  it("a frictionless failure is FAILED with Cybersource's reason", async () => {
    const result = await enroll(connect(), card("4000000000001018"));
    expect(result).toMatchObject({ status: "FAILED", reason: "CONSUMER_AUTHENTICATION_FAILED" });
    expect(result.authenticationTransactionId).toMatch(/^\w{20}$/);
  });

  it("AUTHENTICATION_SUCCESSFUL without an authentication (unavailable, lookup error) is FAILED, not AUTHENTICATED", async () => {
    expect(await enroll(connect(), card("4000000000001117"))).toMatchObject({ status: "FAILED", reason: "PARES_STATUS_U" });
    expect(await enroll(connect(), card("5200000000001120"))).toMatchObject({ status: "FAILED", reason: "VERES_ENROLLED_U" });
  });
});

describe("challenge", () => {
  /** Drives the step-up pages as the buyer's frame would: JWT in, code typed, form back to the return URL. */
  async function stepUp(stepUpUrl: string, accessToken: string, code: string, md?: string) {
    const opened = await fetch(stepUpUrl, { method: "POST", body: new URLSearchParams({ JWT: accessToken, ...(md !== undefined && { MD: md }) }) });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-security-policy")).toContain("frame-ancestors *");
    const challenge = formOf(await opened.text());
    const answered = await fetch(new URL(challenge.action, stepUpUrl), { method: "POST", body: new URLSearchParams({ ...challenge.fields, code }) });
    expect(answered.status).toBe(200);
    return formOf(await answered.text());
  }

  it("success: CHALLENGE, the step-up page posts TransactionId and MD to the return URL, then validate AUTHENTICATED", async () => {
    const client = connect();
    const enrolled = await enroll(client, card("4000000000001091"));
    if (enrolled.status !== "CHALLENGE") throw new Error(`expected a challenge, got ${enrolled.status}`);
    expect(enrolled.stepUpUrl).toBe(`${sim.pagesOrigin}/V2/Cruise/StepUp`);
    expect(enrolled.specificationVersion).toBe("2.1.0");

    const back = await stepUp(enrolled.stepUpUrl, enrolled.accessToken, CHALLENGE_CODE, "order-42");
    expect(back).toEqual({ action: RETURN_URL, method: "POST", fields: { TransactionId: enrolled.authenticationTransactionId, MD: "order-42" }, autoSubmits: true });

    const validated = await client.validate({ reference: "sess_123", authenticationTransactionId: enrolled.authenticationTransactionId, card: card("4000000000001091"), amount: 1099, currency: "BRL" });
    expect(validated).toMatchObject({ status: "AUTHENTICATED", authenticationTransactionId: enrolled.authenticationTransactionId, eci: "05", specificationVersion: "2.1.0" });
    expect(apiCalls().map((c) => `${c.path} ${c.status}`)).toEqual(["/risk/v1/authentication-setups 201", "/risk/v1/authentications 201", "/risk/v1/authentication-results 201"]);
  });

  it("Mastercard success validates with ECI 02; without MD the return carries MD=null, as Cardinal's", async () => {
    const client = connect();
    const enrolled = await enroll(client, card("5200000000001096"));
    if (enrolled.status !== "CHALLENGE") throw new Error("expected a challenge");
    expect((await stepUp(enrolled.stepUpUrl, enrolled.accessToken, CHALLENGE_CODE)).fields.MD).toBe("null");
    const validated = await client.validate({ reference: "sess_123", authenticationTransactionId: enrolled.authenticationTransactionId, card: card("5200000000001096"), amount: 1099, currency: "BRL" });
    expect(validated).toMatchObject({ status: "AUTHENTICATED", eci: "02", xid: null });
  });

  it("failure: the challenge-failure card, or a wrong code, validates FAILED", async () => {
    const client = connect();
    for (const [number, code] of [["4000000000001109", CHALLENGE_CODE], ["4000000000001091", "0000"]] as const) {
      const enrolled = await enroll(client, card(number));
      if (enrolled.status !== "CHALLENGE") throw new Error("expected a challenge");
      await stepUp(enrolled.stepUpUrl, enrolled.accessToken, code);
      const validated = await client.validate({ reference: "sess_123", authenticationTransactionId: enrolled.authenticationTransactionId, card: card(number), amount: 1099, currency: "BRL" });
      expect(validated).toEqual({ status: "FAILED", authenticationTransactionId: enrolled.authenticationTransactionId, reason: "CONSUMER_AUTHENTICATION_FAILED" });
    }
  });

  it("validate of an id Cybersource never issued is refused with its reason, naming the field", async () => {
    const err = await failure(connect().validate({ reference: "sess_123", authenticationTransactionId: "NoSuchTransaction000", card: card("4000000000001091"), amount: 1099, currency: "BRL" }));
    expect(err).toBeInstanceOf(ThreeDsRejectedError);
    expect(err).toMatchObject({ reason: "INVALID_DATA" });
    expect(err.message).toContain("consumerAuthenticationInformation.authenticationTransactionId");
  });
});

describe("refusals", () => {
  it("setup of an expired card: Cybersource's FAILED status is ThreeDsRejectedError EXPIRED_CARD", async () => {
    const err = await failure(connect().setup({ reference: "sess_123", card: { ...card("4000000000001000"), expYear: "2020" } }));
    expect(err).toBeInstanceOf(ThreeDsRejectedError);
    expect(err).toMatchObject({ reason: "EXPIRED_CARD" });
  });

  it("a wrong secret, or a date more than 5 minutes off, is a 401: ThreeDsRejectedError UNAUTHORIZED", async () => {
    const wrongSecret = await failure(connect({ secretKey: randomBytes(32).toString("base64") }).setup({ reference: "sess_123", card: card("4000000000001000") }));
    expect(wrongSecret).toBeInstanceOf(ThreeDsRejectedError);
    expect(wrongSecret).toMatchObject({ reason: "UNAUTHORIZED" });
    const stale = await failure(connect({ now: () => new Date(Date.now() - 6 * 60_000) }).setup({ reference: "sess_123", card: card("4000000000001000") }));
    expect(stale).toMatchObject({ reason: "UNAUTHORIZED" });
    expect(apiCalls().map((c) => [c.status, c.signatureProblem])).toEqual([
      [401, "signature does not match"],
      [401, "date is too far from now"],
    ]);
  });

  it("an enrollment whose referenceId is another card's setup is refused (400 INVALID_DATA)", async () => {
    const client = connect();
    const other = await client.setup({ reference: "sess_123", card: card("4000000000001000") });
    const err = await failure(client.enroll({ reference: "sess_123", referenceId: other.referenceId, card: card("4000000000001091"), amount: 1099, currency: "BRL", returnUrl: RETURN_URL, browser: BROWSER }));
    expect(err).toMatchObject({ reason: "INVALID_DATA" });
    expect(err.message).toContain("consumerAuthenticationInformation.referenceId");
  });

  it("a brand Cybersource does not authenticate, or a bad amount, is refused before anything is sent", async () => {
    const client = connect();
    expect(await failure(client.setup({ reference: "sess_123", card: card("6062825624254001", "HIPERCARD") }))).toMatchObject({ reason: "INVALID_REQUEST" });
    expect(await failure(client.enroll({ reference: "s", referenceId: "r", card: card("4000000000001000"), amount: 0, currency: "BRL", returnUrl: RETURN_URL, browser: BROWSER }))).toMatchObject({ reason: "INVALID_REQUEST" });
    expect(apiCalls()).toEqual([]);
  });

  it("pages on another origin than the configured one are refused: the buyer is never sent there", async () => {
    const err = await failure(connect({ pagesOrigin: "https://centinelapistag.cardinalcommerce.com" }).setup({ reference: "sess_123", card: card("4000000000001000") }));
    expect(err).toBeInstanceOf(ThreeDsRejectedError);
    expect(err).toMatchObject({ reason: "UNTRUSTED_PAGE_URL" });
  });
});

describe("unavailable", () => {
  it("502 SYSTEM_ERROR, before or after the work, is ThreeDsUnavailableError", async () => {
    const client = connect();
    sim.control.failNext();
    const before = await failure(client.setup({ reference: "sess_123", card: card("4000000000001000") }));
    expect(before).toBeInstanceOf(ThreeDsUnavailableError);
    expect(before.message).toContain("502 SYSTEM_ERROR");
    sim.control.failNext({ afterProcessing: true, reason: "SYSTEM_TIMEOUT" });
    expect(await failure(client.setup({ reference: "sess_123", card: card("4000000000001000") }))).toBeInstanceOf(ThreeDsUnavailableError);
    expect(apiCalls().map((c) => c.status)).toEqual([502, 502]);
    // The fault is spent: the next call goes through.
    await client.setup({ reference: "sess_123", card: card("4000000000001000") });
  });

  it("a slow answer past timeoutMs, and a port nobody listens on, are ThreeDsUnavailableError", async () => {
    sim.control.delayNext(1_000);
    const slow = await failure(connect({ timeoutMs: 300 }).setup({ reference: "sess_123", card: card("4000000000001000") }));
    expect(slow).toBeInstanceOf(ThreeDsUnavailableError);
    expect(slow.message).toContain("timed out after 300 ms");
    // Port 1 (tcpmux): nothing listens there on a test machine, so the connection is refused.
    const closed = await failure(connect({ baseUrl: "http://127.0.0.1:1" }).setup({ reference: "sess_123", card: card("4000000000001000") }));
    expect(closed).toBeInstanceOf(ThreeDsUnavailableError);
  });
});

describe("secrets", () => {
  it("one log line per call, and no log line, error message or simulator record carries a PAN, the secret or a signature", async () => {
    for (const list of [logs, messages, signatures, simLogs]) list.length = 0;
    PANS.clear();
    // Every kind of call and failure: success, challenge and validate, 400, 401, 502, timeout, not sent.
    const client = connect({ timeoutMs: 300 });
    await enroll(client, card("4000000000001000"));
    const challenged = await enroll(client, card("5200000000001096"));
    if (challenged.status !== "CHALLENGE") throw new Error("expected a challenge");
    await client.validate({ reference: "sess_123", authenticationTransactionId: challenged.authenticationTransactionId, card: card("5200000000001096"), amount: 1099, currency: "BRL" });
    await failure(client.enroll({ reference: "sess_123", referenceId: "unknown", card: card("6505290000001234"), amount: 1099, currency: "BRL", returnUrl: RETURN_URL, browser: BROWSER }));
    await failure(connect({ secretKey: randomBytes(32).toString("base64") }).setup({ reference: "sess_123", card: card("4000000000002503") }));
    sim.control.failNext();
    await failure(client.setup({ reference: "sess_123", card: card("4000000000001109") }));
    sim.control.delayNext(1_000);
    await failure(client.setup({ reference: "sess_123", card: card("5200000000002151") }));
    await failure(client.setup({ reference: "sess_123", card: card("6062825624254001", "HIPERCARD") }));
    simLogs.push(JSON.stringify(sim.control.requests()));

    expect(logs).toHaveLength(9); // the HIPERCARD setup was never sent
    expect(logs.every((line) => line.msg === "threeds.request" && line.threeds === "cybersource")).toBe(true);
    expect(messages).toHaveLength(5);
    expect(signatures).toHaveLength(9);
    const said = JSON.stringify(logs) + JSON.stringify(messages);
    for (const pan of PANS) expect(said).not.toContain(pan);
    expect(said).not.toContain(CREDENTIALS.secretKey);
    for (const signature of signatures) expect(said).not.toContain(signature);
    // The simulator's own request log keeps card numbers masked, first 6 and last 4.
    const kept = simLogs.join("\n");
    expect(kept).toContain("400000******1000");
    for (const pan of PANS) expect(kept).not.toContain(pan);
  });
});
