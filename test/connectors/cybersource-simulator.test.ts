/**
 * The Cybersource simulator's own checks, by raw signed requests (no connector): the 400 shape of
 * §1.9 for missing and invalid fields, the 401 of a bad signature or digest, the Cardinal pages
 * (device data collection posts `profile.completed` to its parent, run here in a VM as the
 * browser would run it; a step-up answers once), and the control API over HTTP. These are what
 * make a connector bug fail the client's tests instead of passing against a lenient simulator.
 */
import { randomBytes } from "node:crypto";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedHeaders } from "../../worker/connectors/cybersource/signing";
import { formOf } from "../../worker/connectors/cybersource/simulator/forms";
import { CHALLENGE_CODE, startCybersourceSimulator, type CybersourceSimulator } from "../../worker/connectors/cybersource/simulator/server";

const CREDENTIALS = { merchantId: "gateway_sim", keyId: "0e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b", secretKey: randomBytes(32).toString("base64") };
const YEAR = String(new Date().getUTCFullYear() + 3);
const CARD = { number: "4000000000001091", expirationMonth: "01", expirationYear: YEAR, type: "001" };
const DEVICE = {
  httpAcceptContent: "text/html",
  httpBrowserLanguage: "pt-BR",
  httpBrowserJavaEnabled: false,
  httpBrowserColorDepth: "24",
  httpBrowserScreenHeight: "844",
  httpBrowserScreenWidth: "390",
  httpBrowserTimeDifference: "180",
  userAgentBrowserValue: "Mozilla/5.0",
};

let sim: CybersourceSimulator;

/** POSTs `body` to the API, signed unless `tamper` says otherwise. */
async function call(path: string, body: unknown, tamper: { headers?: Record<string, string>; sentBody?: string } = {}) {
  const text = JSON.stringify(body);
  const headers = await signedHeaders({ method: "POST", url: `${sim.apiUrl}${path}`, body: text, date: new Date(), ...CREDENTIALS });
  const response = await fetch(`${sim.apiUrl}${path}`, { method: "POST", headers: { ...headers, "Content-Type": "application/json;charset=utf-8", ...tamper.headers }, body: tamper.sentBody ?? text });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const setup = (card: Record<string, string> = CARD) => call("/risk/v1/authentication-setups", { clientReferenceInformation: { code: "t1" }, paymentInformation: { card } });

function enrollBody(referenceId: string, device: Record<string, unknown> = DEVICE) {
  return {
    orderInformation: { amountDetails: { currency: "BRL", totalAmount: "10.99" } },
    paymentInformation: { card: CARD },
    consumerAuthenticationInformation: { referenceId, returnUrl: "https://shop.example/back", deviceChannel: "Browser" },
    deviceInformation: device,
  };
}

/** POSTs a form to a page and answers status, CSP and HTML. */
async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields) });
  return { status: response.status, csp: response.headers.get("content-security-policy") ?? "", html: await response.text() };
}

/** Runs the page's inline script as a framed page would, answering what it posted to its parent. */
function runScript(page: { csp: string; html: string }): Array<{ message: unknown; targetOrigin: unknown }> {
  const match = /<script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(page.html);
  if (!match) throw new Error("no inline script");
  // The CSP allows exactly this script: by its nonce, nothing else.
  expect(page.csp).toContain(`script-src 'nonce-${match[1]}'`);
  expect(page.csp).toContain("frame-ancestors *");
  expect(page.csp).toContain("default-src 'none'");
  const posted: Array<{ message: unknown; targetOrigin: unknown }> = [];
  runInNewContext(match[2]!, { window: { parent: { postMessage: (message: unknown, targetOrigin: unknown) => posted.push({ message, targetOrigin }) } } });
  return posted;
}

beforeAll(async () => {
  sim = await startCybersourceSimulator(CREDENTIALS);
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.control.reset());

describe("API checks", () => {
  it("a missing field is the 400 of §1.9, naming the field", async () => {
    const answer = await setup({ expirationMonth: "01", expirationYear: YEAR, type: "001" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      submitTimeUtc: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      status: "INVALID_REQUEST",
      reason: "MISSING_FIELD",
      message: "Encountered a Payer Authentication problem. Payer could not be setup.",
      details: [{ field: "paymentInformation.card.number", reason: "MISSING_FIELD" }],
    });
  });

  it("invalid data: a PAN failing Luhn, a type that does not fit the number, Java flags as text", async () => {
    expect((await setup({ ...CARD, number: "4000000000001092" })).body).toMatchObject({ reason: "INVALID_DATA", details: [{ field: "paymentInformation.card.number", reason: "INVALID_DATA" }] });
    expect((await setup({ ...CARD, type: "002" })).body.details).toEqual([{ field: "paymentInformation.card.type", reason: "INVALID_DATA" }]);
    const { referenceId } = (await setup()).body.consumerAuthenticationInformation;
    const answer = await call("/risk/v1/authentications", enrollBody(referenceId, { ...DEVICE, httpBrowserJavaEnabled: "false" }));
    expect(answer).toMatchObject({ status: 400, body: { reason: "INVALID_DATA", details: [{ field: "deviceInformation.httpBrowserJavaEnabled", reason: "INVALID_DATA" }] } });
  });

  it("the browser's backup fields are all required until device data collection ran, then the port's five suffice", async () => {
    const { referenceId, accessToken, deviceDataCollectionUrl } = (await setup()).body.consumerAuthenticationInformation;
    const { httpBrowserColorDepth: _c, httpBrowserTimeDifference: _t, httpBrowserJavaEnabled: _j, ...five } = DEVICE;
    const before = await call("/risk/v1/authentications", enrollBody(referenceId, five));
    expect(before.status).toBe(400);
    expect(before.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["deviceInformation.httpBrowserColorDepth", "deviceInformation.httpBrowserJavaEnabled", "deviceInformation.httpBrowserTimeDifference"]);
    await postForm(deviceDataCollectionUrl, { JWT: accessToken });
    expect((await call("/risk/v1/authentications", enrollBody(referenceId, five))).body.status).toBe("PENDING_AUTHENTICATION");
  });

  it("a bad digest, a missing signature or another merchant is 401, and nothing is done", async () => {
    const body = { paymentInformation: { card: CARD } };
    const badDigest = await call("/risk/v1/authentication-setups", body, { sentBody: JSON.stringify({ paymentInformation: { card: { ...CARD, number: "4000000000001000" } } }) });
    expect(badDigest).toEqual({ status: 401, body: { response: { rmsg: "Authentication Failed" } } });
    expect((await call("/risk/v1/authentication-setups", body, { headers: { signature: "" } })).status).toBe(401);
    expect((await call("/risk/v1/authentication-setups", body, { headers: { "v-c-merchant-id": "someone_else" } })).status).toBe(401);
    expect(sim.control.requests().map((r) => r.signatureProblem)).toEqual(["digest does not match the body", "missing or malformed signature header", "v-c-merchant-id is not this merchant"]);
  });

  it("validate of an unknown id is 400; of an unanswered challenge, FAILED (not completed) and the step-up is then closed", async () => {
    const unknown = await call("/risk/v1/authentication-results", { orderInformation: { amountDetails: { currency: "BRL", totalAmount: "10.99" } }, paymentInformation: { card: CARD }, consumerAuthenticationInformation: { authenticationTransactionId: "unknown" } });
    expect(unknown).toMatchObject({ status: 400, body: { details: [{ field: "consumerAuthenticationInformation.authenticationTransactionId", reason: "INVALID_DATA" }] } });

    const { referenceId } = (await setup()).body.consumerAuthenticationInformation;
    const enrolled = (await call("/risk/v1/authentications", enrollBody(referenceId))).body;
    const { authenticationTransactionId, stepUpUrl, accessToken } = enrolled.consumerAuthenticationInformation;
    const validated = await call("/risk/v1/authentication-results", { orderInformation: { amountDetails: { currency: "BRL", totalAmount: "10.99" } }, paymentInformation: { card: CARD }, consumerAuthenticationInformation: { authenticationTransactionId } });
    expect(validated.body).toMatchObject({ status: "AUTHENTICATION_FAILED", consumerAuthenticationInformation: { authenticationResult: "9", paresStatus: "N" } });
    expect((await postForm(stepUpUrl, { JWT: accessToken })).status).toBe(400);
  });

  it("an unknown path is 404", async () => {
    expect((await call("/pts/v2/payments", {})).status).toBe(404);
  });
});

describe("Cardinal pages", () => {
  it("device data collection posts profile.completed with the session id to its parent (any origin, as Cardinal)", async () => {
    const { referenceId, accessToken, deviceDataCollectionUrl } = (await setup()).body.consumerAuthenticationInformation;
    expect(new URL(deviceDataCollectionUrl).origin).toBe(sim.pagesOrigin);
    const page = await postForm(deviceDataCollectionUrl, { JWT: accessToken });
    expect(page.status).toBe(200);
    const posted = runScript(page);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.targetOrigin).toBe("*");
    expect(JSON.parse(posted[0]!.message as string)).toEqual({ MessageType: "profile.completed", "Session Id": referenceId, Status: true });
  });

  it("a tampered or foreign JWT makes it post Status false", async () => {
    const { accessToken, deviceDataCollectionUrl } = (await setup()).body.consumerAuthenticationInformation;
    const [header, payload] = (accessToken as string).split(".");
    const forged = `${header}.${payload}.${randomBytes(32).toString("base64url")}`;
    expect(JSON.parse(runScript(await postForm(deviceDataCollectionUrl, { JWT: forged }))[0]!.message as string)).toMatchObject({ Status: false });
  });

  it("a step-up answers once: the page's second submit is refused, and a setup JWT opens no step-up", async () => {
    const { referenceId, accessToken: setupToken } = (await setup()).body.consumerAuthenticationInformation;
    const { stepUpUrl, accessToken } = (await call("/risk/v1/authentications", enrollBody(referenceId))).body.consumerAuthenticationInformation;
    expect((await postForm(stepUpUrl, { JWT: setupToken })).status).toBe(400);
    const page = await postForm(stepUpUrl, { JWT: accessToken });
    expect(page.csp).toContain("form-action 'self'");
    const form = formOf(page.html);
    const first = await postForm(new URL(form.action, stepUpUrl).href, { ...form.fields, code: CHALLENGE_CODE });
    expect(first.csp).toContain("form-action https://shop.example");
    expect(formOf(first.html)).toMatchObject({ action: "https://shop.example/back", method: "POST", autoSubmits: true });
    expect((await postForm(new URL(form.action, stepUpUrl).href, { ...form.fields, code: CHALLENGE_CODE })).status).toBe(400);
    expect(sim.control.challenges()).toEqual([{ id: expect.any(String), card: "400000******1091", scenario: "challenge-success", result: "Y" }]);
  });
});

describe("control API over HTTP", () => {
  it("fail-next makes the next calls 502 SYSTEM_ERROR before any check; requests counts them", async () => {
    await fetch(`${sim.controlUrl}/fail-next`, { method: "POST", body: JSON.stringify({ count: 2 }) });
    expect(await setup()).toEqual({ status: 502, body: { submitTimeUtc: expect.any(String), status: "SERVER_ERROR", reason: "SYSTEM_ERROR", message: "Error - General system failure." } });
    expect((await call("/risk/v1/authentication-setups", {}, { headers: { signature: "" } })).status).toBe(502);
    expect((await setup()).status).toBe(201);
    const requests = (await (await fetch(`${sim.controlUrl}/requests`)).json()) as Array<{ status: number }>;
    expect(requests.map((r) => r.status)).toEqual([502, 502, 201]);
  });

  it("fail-next after processing does the work and loses the answer: the challenge exists though the call was 502", async () => {
    const { referenceId } = (await setup()).body.consumerAuthenticationInformation;
    sim.control.failNext({ afterProcessing: true, path: "/risk/v1/authentications", reason: "SYSTEM_TIMEOUT" });
    expect(await call("/risk/v1/authentications", enrollBody(referenceId))).toMatchObject({ status: 502, body: { reason: "SYSTEM_TIMEOUT" } });
    expect(sim.control.challenges()).toEqual([expect.objectContaining({ scenario: "challenge-success", result: "PENDING" })]);
  });
});
