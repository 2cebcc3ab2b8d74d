import { beforeEach, describe, expect, it } from "vitest";
import { verifyJws } from "../support/jws-verify";
import { EXPIRE_BATCH } from "../../worker/domain/transactions/expire-transactions";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createPix, getTx, pay, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

const expireSweep = async () => (await ctx.platform.runScheduled()).sweeps["transactions.expire"];

describe("expiry: a PIX whose QR code expired is cancelled by the scheduled job", () => {
  it("nothing happens before expiresAt; at expiresAt the charge is CANCELLED (EXPIRED)", async () => {
    const tx = await createPix(ctx, { expirationSeconds: 120 });
    ctx.platform.clock.advance(119);
    expect(await expireSweep()).toBe(0);
    expect((await getTx(ctx, tx.id)).status).toBe("PENDING");
    ctx.platform.clock.advance(1);
    expect(await expireSweep()).toBe(1);
    expect(await getTx(ctx, tx.id)).toMatchObject({
      status: "CANCELLED",
      cancellationReason: "EXPIRED",
      cancelledAt: "2026-01-15T12:02:00.000Z",
      updatedAt: "2026-01-15T12:02:00.000Z",
    });
    expect(await expireSweep()).toBe(0); // idempotent
  });

  it("paid and cancelled charges are left alone", async () => {
    const paid = await createPix(ctx, { expirationSeconds: 60 });
    await pay(ctx, paid.id);
    const cancelled = await createPix(ctx, { expirationSeconds: 60 });
    await ctx.post(`/v1/transactions/${cancelled.id}/cancel`);
    ctx.platform.clock.advance(3600);
    expect(await expireSweep()).toBe(0);
    expect((await getTx(ctx, paid.id)).status).toBe("PAID");
    expect((await getTx(ctx, cancelled.id)).cancellationReason).toBe("REQUESTED");
  });

  it("an expired charge cannot be paid, even before the sweep runs: 409 TRANSACTION_EXPIRED with expiresAt", async () => {
    const tx = await createPix(ctx, { expirationSeconds: 60 });
    ctx.platform.clock.advance(60);
    const res = await ctx.post(`/v1/sandbox/transactions/${tx.id}/pay`);
    const problem = await expectProblem(res, 409, "TRANSACTION_EXPIRED");
    expect(problem).toMatchObject({ currentStatus: "CANCELLED", expiresAt: "2026-01-15T12:01:00.000Z", type: "http://pay.test/docs/errors#TRANSACTION_EXPIRED" });
    expect(problem.detail).toContain("expired");
  });

  it("the location then says the PSP removed the charge", async () => {
    const tx = await createPix(ctx, { expirationSeconds: 60 });
    ctx.platform.clock.advance(60);
    await expireSweep();
    const jws = await (await ctx.app.request(new URL(tx.paymentDetails.qrCodeUrl).pathname.replace("/qr/", "/loc/"))).text();
    const jwks = await (await ctx.app.request("/pix/jwks.json")).json();
    expect(((await verifyJws(jwks.keys[0], jws)) as { status: string }).status).toBe("REMOVIDA_PELO_PSP");
  });

  it(`works through the whole backlog in one run, ${EXPIRE_BATCH} per batch`, async () => {
    for (let i = 0; i < 2 * EXPIRE_BATCH + 5; i++) await createPix(ctx, { expirationSeconds: 60 });
    ctx.platform.clock.advance(60);
    expect(await expireSweep()).toBe(2 * EXPIRE_BATCH + 5);
    expect(await expireSweep()).toBe(0);
    const events = await ctx.platform.client.execute("select count(*) as n from events where type = 'TRANSACTION_CANCELLED'");
    expect(events.rows[0]!.n).toBe(2 * EXPIRE_BATCH + 5);
  });
});

describe("expiry is true at once, before any sweep", () => {
  it("GET shows CANCELLED (EXPIRED) the moment the QR code expires, with its one event", async () => {
    const tx = await createPix(ctx, { expirationSeconds: 60 });
    ctx.platform.clock.advance(60);
    expect(await getTx(ctx, tx.id)).toMatchObject({ status: "CANCELLED", cancellationReason: "EXPIRED", cancelledAt: "2026-01-15T12:01:00.000Z" });
    expect(await expireSweep()).toBe(0); // nothing left for the sweep
    const events = await ctx.platform.client.execute("select count(*) as n from events where type = 'TRANSACTION_CANCELLED'");
    expect(events.rows[0]!.n).toBe(1);
  });

  it("the list shows it expired, under the right status filter and count", async () => {
    const tx = await createPix(ctx, { expirationSeconds: 60 });
    ctx.platform.clock.advance(60);
    const pending = await (await ctx.get("/v1/transactions?status=PENDING")).json();
    expect(pending).toMatchObject({ items: [], totalItems: 0 });
    const cancelled = await (await ctx.get("/v1/transactions?status=CANCELLED")).json();
    expect(cancelled.items.map((t: { id: string }) => t.id)).toEqual([tx.id]);
    expect(cancelled.items[0].cancellationReason).toBe("EXPIRED");
  });

  it("the signed location says REMOVIDA_PELO_PSP, never ATIVA, past expiresAt", async () => {
    const tx = await createPix(ctx, { expirationSeconds: 60 });
    ctx.platform.clock.advance(60);
    const jws = await (await ctx.app.request(new URL(tx.paymentDetails.qrCodeUrl).pathname.replace("/qr/", "/loc/"))).text();
    const jwks = await (await ctx.app.request("/pix/jwks.json")).json();
    expect(((await verifyJws(jwks.keys[0], jws)) as { status: string }).status).toBe("REMOVIDA_PELO_PSP");
  });

  it("cancelling an expired charge records EXPIRED, not REQUESTED, and the cancel is refused", async () => {
    const tx = await createPix(ctx, { expirationSeconds: 60 });
    ctx.platform.clock.advance(61);
    const res = await ctx.post(`/v1/transactions/${tx.id}/cancel`);
    expect(res.status).toBe(409);
    expect((await res.json()).currentStatus).toBe("CANCELLED");
    expect((await getTx(ctx, tx.id)).cancellationReason).toBe("EXPIRED");
  });
});
