import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sellers, transactions } from "../../worker/db/schema";
import { SANDBOX_PIX_KEY } from "../../worker/domain/pix/receiver-key";
import { readBrCode } from "../support/brcode-reader";
import { verifyJws } from "../support/jws-verify";
import { VALID_CPF } from "../support/fixtures";
import { createTestContext } from "../support/platform";
import { decodePng, decodeSvg } from "../support/qr";
import { createBuyer, createPix, getTx, pay, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

/** The path part of a URL this service handed out. */
const pathOf = (url: string) => url.replace("http://pay.test", "");

describe("POST /v1/transactions (PIX)", () => {
  it("creates a PENDING charge with a BR Code, a QR URL and an expiry (201)", async () => {
    const res = await ctx.post("/v1/transactions", {
      paymentMethod: "PIX",
      amount: 1050,
      currency: "BRL",
      description: "Pedido 42",
      buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: VALID_CPF, email: "maria@example.com" },
    });
    expect(res.status).toBe(201);
    const tx = await res.json();
    expect(tx).toMatchObject({
      status: "PENDING",
      paymentMethod: "PIX",
      amount: 1050,
      currency: "BRL",
      description: "Pedido 42",
      livemode: false,
      buyerId: null,
      customer: { name: "Maria da Silva", email: "maria@example.com", document: "***.982.247-**" },
      createdAt: "2026-01-15T12:00:00.000Z",
      updatedAt: "2026-01-15T12:00:00.000Z",
      paidAt: null,
      refunds: [],
      pendingAction: null,
      feeAmount: null,
      netAmount: null,
    });
    expect(tx.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(tx.paymentDetails.expiresAt).toBe("2026-01-15T13:00:00.000Z");
    expect(tx.paymentDetails.qrCodeUrl).toMatch(/^http:\/\/pay\.test\/pix\/qr\/[0-9A-Za-z]{25}$/);
    // No key sent: the server made one, and says so in the body and the header.
    expect(tx.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("idempotency-key")).toBe(tx.idempotencyKey);

    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row).toMatchObject({ sellerId: ctx.seller.sellerId, livemode: false, feePercentBps: 99, feeFixedAmount: 0 });
    expect(row?.customer).toEqual({ name: "Maria da Silva", email: "maria@example.com", documentType: "CPF", document: "***.982.247-**" });
    expect(JSON.stringify(row)).not.toContain(VALID_CPF);
    expect(JSON.parse(await ctx.platform.vault.open(row!.customerPii))).toMatchObject({ documentNumber: VALID_CPF });
    expect(row?.pixTxid).toMatch(/^[0-9A-Za-z]{32}$/);
  });

  it("the qrCode is a dynamic BR Code with the amount, the location URL and the seller's name", async () => {
    const tx = await createPix(ctx, { amount: 123456 });
    const code = readBrCode(tx.paymentDetails.qrCode);
    const locationId = tx.paymentDetails.qrCodeUrl.split("/").at(-1);
    expect(code).toMatchObject({
      pointOfInitiation: "12",
      gui: "br.gov.bcb.pix",
      url: `pay.test/pix/loc/${locationId}`,
      amount: "1234.56",
      currency: "986",
      country: "BR",
      merchantName: "Loja Teste Ltda",
      merchantCity: "Sao Paulo",
      txid: "***",
    });
    expect(code.key).toBeUndefined();
  });

  it("uses the seller's fantasy name and city when it has them", async () => {
    await ctx.platform.db.update(sellers).set({ fantasyName: "Padaria São João", city: "Florianópolis" }).where(eq(sellers.id, ctx.seller.sellerId));
    const code = readBrCode((await createPix(ctx)).paymentDetails.qrCode);
    expect(code.merchantName).toBe("Padaria Sao Joao");
    expect(code.merchantCity).toBe("Florianopolis");
  });

  it("serves the QR image as SVG and PNG, both decoding to the qrCode, without a key", async () => {
    const tx = await createPix(ctx);
    const svg = await ctx.app.request(pathOf(tx.paymentDetails.qrCodeUrl));
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(decodeSvg(await svg.text())).toBe(tx.paymentDetails.qrCode);
    const png = await ctx.app.request(`${pathOf(tx.paymentDetails.qrCodeUrl)}?format=png`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(decodePng(new Uint8Array(await png.arrayBuffer()))).toBe(tx.paymentDetails.qrCode);
  });

  it("the location URL serves the charge as a JWS that verifies against the published JWKS", async () => {
    const tx = await createPix(ctx, { expirationSeconds: 600 });
    const url = readBrCode(tx.paymentDetails.qrCode).url!;
    const res = await ctx.app.request(`/${url.split("/").slice(1).join("/")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/jose");
    const jws = await res.text();
    const header = JSON.parse(atob(jws.split(".")[0]!.replace(/-/g, "+").replace(/_/g, "/")));
    expect(header).toMatchObject({ alg: "ES256", jku: "http://pay.test/pix/jwks.json" });

    const jwks = await (await ctx.app.request("/pix/jwks.json")).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0].d).toBeUndefined();
    const payload = (await verifyJws(jwks.keys[0], jws)) as Record<string, any>;
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(payload).toEqual({
      calendario: { criacao: "2026-01-15T12:00:00.000Z", apresentacao: "2026-01-15T12:00:00.000Z", expiracao: 600 },
      txid: row!.pixTxid,
      revisao: 0,
      status: "ATIVA",
      devedor: { nome: "Maria da Silva", cpf: "***.982.247-**" },
      valor: { original: "10.50" },
      // No key configured: a test charge names the sandbox's receiving key, never an internal id.
      chave: SANDBOX_PIX_KEY,
      solicitacaoPagador: "Pedido 42",
      infoAdicionais: [{ nome: "Ambiente", valor: "SANDBOX - cobranca de teste, nao pague" }],
    });
  });

  it("the location's status follows the charge (paid → CONCLUIDA)", async () => {
    const tx = await createPix(ctx);
    await pay(ctx, tx.id);
    const url = readBrCode(tx.paymentDetails.qrCode).url!;
    const jws = await (await ctx.app.request(url.slice("pay.test".length))).text();
    const jwks = await (await ctx.app.request("/pix/jwks.json")).json();
    expect(((await verifyJws(jwks.keys[0], jws)) as { status: string }).status).toBe("CONCLUIDA");
  });

  it("takes the customer from a buyer of the seller, and returns its buyerId", async () => {
    const buyerId = await createBuyer(ctx, { name: "João Souza", email: "joao@example.com" });
    const tx = await createPix(ctx, { buyer: undefined, buyerId });
    expect(tx.buyerId).toBe(buyerId);
    expect(tx.customer).toEqual({ name: "João Souza", email: "joao@example.com", document: "***.982.247-**" });
  });

  it("accepts an inline buyer with a CNPJ and no email", async () => {
    const tx = await createPix(ctx, { buyer: { name: "ACME Ltda", documentType: "CNPJ", documentNumber: "11222333000181" } });
    expect(tx.customer).toEqual({ name: "ACME Ltda", email: null, document: "**.222.333/0001-**" });
  });

  it.each([
    [60, "2026-01-15T12:01:00.000Z"],
    [86400, "2026-01-16T12:00:00.000Z"],
  ])("expirationSeconds %i → expiresAt %s", async (seconds, expiresAt) => {
    const tx = await createPix(ctx, { expirationSeconds: seconds });
    expect(tx.paymentDetails.expiresAt).toBe(expiresAt);
  });

  it("normalises a lower-case currency code", async () => {
    expect((await createPix(ctx, { currency: "brl" })).currency).toBe("BRL");
  });
});

describe("GET /v1/transactions/{id}", () => {
  it("returns the transaction exactly as created", async () => {
    const tx = await createPix(ctx);
    expect(await getTx(ctx, tx.id)).toEqual(tx);
  });

  it("after payment: PAID, paidAt, fee and net", async () => {
    const tx = await createPix(ctx, { amount: 1050 });
    ctx.platform.clock.advance(30);
    const paid = await pay(ctx, tx.id);
    expect(paid).toMatchObject({ status: "PAID", paidAt: "2026-01-15T12:00:30.000Z", feeAmount: 10, netAmount: 1040 });
    expect(await getTx(ctx, tx.id)).toEqual(paid);
  });
});

describe("POST /v1/transactions/{id}/cancel", () => {
  it("cancels a PENDING charge", async () => {
    const tx = await createPix(ctx);
    ctx.platform.clock.advance(5);
    const res = await ctx.post(`/v1/transactions/${tx.id}/cancel`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: "CANCELLED",
      cancelledAt: "2026-01-15T12:00:05.000Z",
      cancellationReason: "REQUESTED",
      updatedAt: "2026-01-15T12:00:05.000Z",
      paidAt: null,
    });
  });
});
