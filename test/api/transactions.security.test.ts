import { beforeAll, describe, expect, it } from "vitest";
import { events } from "../../worker/db/schema";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { VALID_CPF } from "../support/fixtures";
import { createTestContext, requester, TEST_LIVE_ACQUIRER } from "../support/platform";
import { createPix, pay, pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
let tx: { id: string; paymentDetails: { qrCodeUrl: string } };
let live: ReturnType<typeof requester>;
beforeAll(async () => {
  // Live mode needs a live acquirer and a receiving PIX key; the hosts ship neither.
  ctx = await createTestContext({ acquirers: { live: TEST_LIVE_ACQUIRER }, config: { pixReceiverKey: "pix@loja.example.com" } });
  tx = await createPix(ctx);
  // The same seller's live keys (rotating live keys leaves the test keys alone).
  const liveKeys = await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live");
  live = requester(ctx.app, liveKeys!);
});

describe("transactions: authentication", () => {
  it("401 without a key, on every transaction route", async () => {
    for (const [method, path] of [
      ["POST", "/v1/transactions"],
      ["GET", "/v1/transactions"],
      ["GET", `/v1/transactions/${tx.id}`],
      ["POST", `/v1/transactions/${tx.id}/cancel`],
      ["POST", `/v1/transactions/${tx.id}/refunds`],
      ["POST", `/v1/sandbox/transactions/${tx.id}/pay`],
    ]) {
      const res = await ctx.app.request(path!, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("a publishable key cannot create, read, cancel, refund or pay", async () => {
    const pk = { "X-Api-Key": ctx.seller.publishableKey };
    for (const res of [
      await ctx.post("/v1/transactions", pixBody(), pk),
      await ctx.get(`/v1/transactions/${tx.id}`, pk),
      await ctx.post(`/v1/transactions/${tx.id}/cancel`, undefined, pk),
      await ctx.post(`/v1/transactions/${tx.id}/refunds`, {}, pk),
      await ctx.post(`/v1/sandbox/transactions/${tx.id}/pay`, undefined, pk),
    ]) {
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe("PUBLISHABLE_KEY_NOT_ALLOWED");
    }
  });
});

describe("transactions: only the owner sees them", () => {
  it("another seller gets 404 on GET, cancel, refund and pay, and an empty list", async () => {
    const stranger = requester(ctx.app, await createCompanySeller(ctx.platform.db, { legalName: "Outra", email: "o@example.com" }, ctx.platform.now()));
    for (const res of [
      await stranger.get(`/v1/transactions/${tx.id}`),
      await stranger.post(`/v1/transactions/${tx.id}/cancel`),
      await stranger.post(`/v1/transactions/${tx.id}/refunds`, {}),
      await stranger.post(`/v1/sandbox/transactions/${tx.id}/pay`),
    ]) {
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("RESOURCE_NOT_FOUND");
    }
    expect((await (await stranger.get("/v1/transactions")).json()).totalItems).toBe(0);
    expect((await (await ctx.get(`/v1/transactions/${tx.id}`)).json()).status).toBe("PENDING");
  });
});

describe("test mode and live mode are separate worlds", () => {
  it("a live key does not see test transactions, and a test key does not see live ones", async () => {
    expect((await live.get(`/v1/transactions/${tx.id}`)).status).toBe(404);
    const created = await live.post("/v1/transactions", pixBody());
    expect(created.status).toBe(201);
    const liveTx = await created.json();
    expect(liveTx.livemode).toBe(true);
    expect((await ctx.get(`/v1/transactions/${liveTx.id}`)).status).toBe(404);
    expect((await (await live.get("/v1/transactions")).json()).items.map((t: { id: string }) => t.id)).toEqual([liveTx.id]);
    expect((await (await ctx.get("/v1/transactions")).json()).items.some((t: { id: string }) => t.id === liveTx.id)).toBe(false);
  });

  it("every sandbox route is a 404 ROUTE_NOT_FOUND for a live key, even on its own live charge", async () => {
    const liveTx = await (await live.post("/v1/transactions", pixBody())).json();
    for (const path of [`/v1/sandbox/transactions/${liveTx.id}/pay`, `/v1/sandbox/transactions/${tx.id}/pay`, "/v1/sandbox/anything"]) {
      const res = await live.post(path);
      expect(res.status).toBe(404);
      const problem = await res.json();
      expect(problem.code).toBe("ROUTE_NOT_FOUND");
      expect(problem.detail).toBe(`No route POST ${path}.`);
    }
    expect((await live.get(`/v1/transactions/${liveTx.id}`)).status).toBe(200);
    expect((await (await live.get(`/v1/transactions/${liveTx.id}`)).json()).status).toBe("PENDING");
  });
});

describe("the document is masked everywhere", () => {
  it("in the create response, GET, the list, events and the public location", async () => {
    const created = await createPix(ctx);
    await pay(ctx, created.id);
    const texts = [
      JSON.stringify(created),
      await (await ctx.get(`/v1/transactions/${created.id}`)).text(),
      await (await ctx.get("/v1/transactions")).text(),
      JSON.stringify(await ctx.platform.db.select().from(events)),
    ];
    for (const text of texts) {
      expect(text).not.toContain(VALID_CPF);
      expect(text).toContain("***.982.247-**");
    }
    const locationId = created.paymentDetails.qrCodeUrl.split("/").at(-1);
    const jws = await (await ctx.app.request(`/pix/loc/${locationId}`)).text();
    const payload = atob(jws.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"));
    expect(payload).not.toContain(VALID_CPF);
  });
});

describe("public PIX URLs", () => {
  it("need no key, and answer 404 for unknown or malformed location ids", async () => {
    const locationId = tx.paymentDetails.qrCodeUrl.split("/").at(-1)!;
    expect(locationId).toMatch(/^[0-9A-Za-z]{25}$/);
    expect((await ctx.app.request(`/pix/qr/${locationId}`)).status).toBe(200);
    expect((await ctx.app.request(`/pix/loc/${locationId}`)).status).toBe(200);
    for (const path of ["/pix/qr/" + "A".repeat(32), "/pix/loc/" + "A".repeat(32), "/pix/qr/short", "/pix/loc/'%20or%201=1"]) {
      const res = await ctx.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("may be fetched from any origin (payer apps, the checkout widget)", async () => {
    const res = await ctx.app.request(new URL(tx.paymentDetails.qrCodeUrl).pathname, { headers: { Origin: "https://shop.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("an unknown image format is a 400", async () => {
    const res = await ctx.app.request(`${new URL(tx.paymentDetails.qrCodeUrl).pathname}?format=gif`);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ path: "format", in: "query" });
  });
});

describe("the access log", () => {
  it("never records a PIX location or QR id (a capability), only that one was used", async () => {
    const locationId = tx.paymentDetails.qrCodeUrl.split("/").at(-1)!;
    ctx.platform.logs.length = 0;
    await ctx.app.request(`/pix/loc/${locationId}`);
    await ctx.app.request(`/pix/qr/${locationId}?format=png`);
    const lines = ctx.platform.logs.filter((l) => l.msg === "request");
    expect(lines.map((l) => l.path)).toEqual(["/pix/loc/{redacted}", "/pix/qr/{redacted}"]);
    expect(JSON.stringify(ctx.platform.logs)).not.toContain(locationId);
  });
});
