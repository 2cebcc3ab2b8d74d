/** The sandbox 3DS server over HTTP: setup, authenticate (frictionless, challenge, failed), the challenge page, challenge-result. */
import { beforeEach, describe, expect, it } from "vitest";
import { threedsSessions } from "../../worker/db/schema";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { authenticateBody, cardInput, runThreeDs, submitChallenge } from "../support/cards";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-11-22T12:00:00Z");
});

describe("3DS flow", () => {
  it("setup answers a session with the device-data page and the routed acquirer", async () => {
    const res = await ctx.post("/v1/transactions/threeds/setup", { card: cardInput("4111111111111111") });
    expect(res.status).toBe(200);
    const setup = await res.json();
    expect(setup).toEqual({
      code: "SETUP_COMPLETED",
      accessToken: expect.any(String),
      deviceDataCollectionUrl: `http://pay.test/3ds/device-data/${setup.referenceId}`,
      referenceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      cardAcquirer: "sandbox-alpha",
    });
    const elo = await (await ctx.post("/v1/transactions/threeds/setup", { card: cardInput("6362970000457013") })).json();
    expect(elo.cardAcquirer).toBe("sandbox-beta");
    const page = await ctx.app.request(new URL(setup.deviceDataCollectionUrl).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(page.headers.get("x-frame-options")).toBeNull();
    expect(await page.text()).toContain("pay:3ds:device-data");
  });

  it("frictionless: AUTHENTICATION_SUCCESSFUL with cavv, xid (Visa), eci and the transaction ids", async () => {
    const run = await runThreeDs(ctx.send, ctx.app, cardInput("4111111111111111"), 5000);
    expect(run.auth).toMatchObject({ code: "AUTHENTICATION_SUCCESSFUL", cavv: expect.any(String), xid: expect.any(String), eci: "05", specificationVersion: "2.2.0" });
    const mc = await runThreeDs(ctx.send, ctx.app, cardInput("5555555555554444"), 5000);
    expect(mc.auth).toMatchObject({ code: "AUTHENTICATION_SUCCESSFUL", xid: null, eci: "02" });
    // Only a digest of the CAVV is kept.
    expect(JSON.stringify(await ctx.platform.db.select().from(threedsSessions))).not.toContain(run.auth.cavv);
  });

  it("challenge: the page takes the sandbox code, sends the browser back, and challenge-result has the cavv", async () => {
    const card = cardInput("4000000000003220");
    const setup = await (await ctx.post("/v1/transactions/threeds/setup", { card })).json();
    const auth = await (await ctx.post("/v1/transactions/threeds/authenticate", authenticateBody(setup, card, 7000))).json();
    expect(auth).toMatchObject({ code: "PENDING_CHALLENGE", stepUpUrl: `http://pay.test/3ds/challenge/${auth.authenticationTransactionId}` });
    expect(auth).not.toHaveProperty("cavv");
    // Asking for the result before the buyer finished is a 409.
    await expectProblem(await ctx.post("/v1/transactions/threeds/challenge-result", { requestId: setup.requestId, authenticationTransactionId: auth.authenticationTransactionId }), 409, "INVALID_STATE_TRANSITION");
    const done = await submitChallenge(ctx.app, auth.stepUpUrl, "123456");
    expect(done.status).toBe(200);
    const html = await done.text();
    expect(html).toContain("pay:3ds:challenge-complete");
    expect(html).toContain("https://loja.example.com/checkout/3ds-return?authenticationTransactionId=");
    expect(html).toContain("status=AUTHENTICATION_SUCCESSFUL");
    const result = await (await ctx.post("/v1/transactions/threeds/challenge-result", { requestId: setup.requestId, authenticationTransactionId: auth.authenticationTransactionId })).json();
    expect(result).toMatchObject({ status: "AUTHENTICATION_SUCCESSFUL", cavv: expect.any(String), xid: expect.any(String), secureVersion: "2.2.0" });
    // The page is single-use.
    expect((await ctx.app.request(new URL(auth.stepUpUrl).pathname)).status).toBe(404);
  });

  it("challenge failure (wrong code) and authentication failure end without a cavv", async () => {
    const challenged = await runThreeDs(ctx.send, ctx.app, cardInput("4000000000003220"), 7000, { code: "000000" });
    expect(challenged.ok).toBe(false);
    expect(challenged.result).toMatchObject({ status: "AUTHENTICATION_FAILED", cavv: null });
    const failed = await runThreeDs(ctx.send, ctx.app, cardInput("4000000000001018"), 7000);
    expect(failed.ok).toBe(false);
    expect(failed.auth).toMatchObject({ code: "AUTHENTICATION_FAILED" });
    expect(failed.auth).not.toHaveProperty("cavv");
  });

  it("authenticate checks every required field, the session and the card", async () => {
    const card = cardInput("4111111111111111");
    const setup = await (await ctx.post("/v1/transactions/threeds/setup", { card })).json();
    const body = authenticateBody(setup, card, 5000);
    for (const [field, value] of [["returnUrl", "not-a-url"], ["deviceChannel", "PHONE"], ["paymentMethod", "PIX"]] as const) {
      const problem = await expectProblem(await ctx.post("/v1/transactions/threeds/authenticate", { ...body, [field]: value }), 400, "VALIDATION_FAILED");
      expect(problem.errors[0].path).toBe(field);
    }
    const { ipAddress: _ip, ...device } = body.deviceInformation;
    let problem = await expectProblem(await ctx.post("/v1/transactions/threeds/authenticate", { ...body, deviceInformation: device }), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("deviceInformation.ipAddress");
    const { email: _email, ...billing } = body.billing;
    problem = await expectProblem(await ctx.post("/v1/transactions/threeds/authenticate", { ...body, billing }), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("billing.email");
    problem = await expectProblem(await ctx.post("/v1/transactions/threeds/authenticate", { ...body, card: cardInput("5555555555554444") }), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("card");
    await expectProblem(await ctx.post("/v1/transactions/threeds/authenticate", { ...body, referenceId: crypto.randomUUID() }), 404, "RESOURCE_NOT_FOUND");
    expect((await ctx.post("/v1/transactions/threeds/authenticate", body)).status).toBe(200);
    await expectProblem(await ctx.post("/v1/transactions/threeds/authenticate", body), 409, "INVALID_STATE_TRANSITION");
  });

  it("setup refuses bad card data with the field named", async () => {
    const problem = await expectProblem(await ctx.post("/v1/transactions/threeds/setup", { card: cardInput("4111111111111112") }), 400, "VALIDATION_FAILED");
    expect(problem.errors[0]).toMatchObject({ path: "card.number", code: "luhn_failed" });
  });
});

describe("deviceChannel as other gateways spell it", () => {
  it("Browser, browser, BRW and 02 mean BROWSER; App and 01 mean APP; 03 means 3RI: answered canonically", async () => {
    const spellings: Array<[string, string]> = [["Browser", "BROWSER"], ["browser", "BROWSER"], ["BRW", "BROWSER"], ["02", "BROWSER"], ["App", "APP"], ["01", "APP"], ["3ri", "3RI"], ["03", "3RI"]];
    for (const [sent, canonical] of spellings) {
      const setup = await (await ctx.post("/v1/transactions/threeds/setup", { card: cardInput("4111111111111111") })).json();
      const res = await ctx.post("/v1/transactions/threeds/authenticate", { ...authenticateBody(setup, cardInput("4111111111111111"), 5000), deviceChannel: sent });
      expect(res.status, `${sent}: ${await res.clone().text()}`).toBe(200);
      expect(await res.json()).toMatchObject({ code: "AUTHENTICATION_SUCCESSFUL", deviceChannel: canonical });
    }
  });

  it("an unknown channel is a 400 naming deviceChannel", async () => {
    const setup = await (await ctx.post("/v1/transactions/threeds/setup", { card: cardInput("4111111111111111") })).json();
    const problem = await expectProblem(await ctx.post("/v1/transactions/threeds/authenticate", { ...authenticateBody(setup, cardInput("4111111111111111"), 5000), deviceChannel: "PHONE" }), 400, "VALIDATION_FAILED");
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(["deviceChannel"]);
  });
});

describe("the challenge page's amount", () => {
  it("uses the currency's ISO 4217 exponent: JPY 150000 is ¥150,000, KWD 1500 is 1.500, BRL 1990 is R$19.90", async () => {
    const card = cardInput("4000000000003220");
    for (const [amount, currency, shown] of [[150000, "JPY", "¥150,000"], [1500, "KWD", "KWD\u00a01.500"], [1990, "BRL", "R$19.90"]] as const) {
      const setup = await (await ctx.post("/v1/transactions/threeds/setup", { card })).json();
      const auth = await (await ctx.post("/v1/transactions/threeds/authenticate", { ...authenticateBody(setup, card, amount), currency })).json();
      expect(auth.code).toBe("PENDING_CHALLENGE");
      const page = await (await ctx.app.request(new URL(auth.stepUpUrl).pathname)).text();
      expect(page).toContain(`<strong>${shown}</strong>`);
    }
  });
});
