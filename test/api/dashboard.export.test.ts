/**
 * The payments CSV (docs/dashboard.md, "Exporting payments"), byte for byte: a UTF-8 BOM, a pt-BR
 * header, `;` between cells, CRLF lines, money with a decimal comma, dates dd/mm/yyyy HH:MM:SS in
 * São Paulo's zone (America/Sao_Paulo, UTC−3), RFC 4180 quoting and the formula-injection guard;
 * the list's filters apply; the same permission as reading payments; another seller's payments
 * never appear.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { teamMembers } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { createCompanySeller } from "../../worker/domain/sellers";
import { csvCell, decimalComma } from "../../worker/lib/csv";
import { DashboardVisitor } from "../support/dashboard";
import { createTestContext, requester } from "../support/platform";
import { createPix, pay, type Ctx } from "../support/transactions";

let ctx: Ctx;
let owner: DashboardVisitor;

beforeEach(async () => {
  // 02:30 UTC on 1 March 2026 is still 28 February in São Paulo: the file must say so.
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-03-01T02:30:00.000Z");
  owner = new DashboardVisitor((path, init) => ctx.app.request(path, init), "http://pay.test");
  const [row] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
  expect((await owner.register((await createInvite(ctx.platform, ctx.seller.sellerId, row!.id)).inviteUrl)).status).toBe(201);
});

const HEADER = "ID;Criado em;Pago em;Status;Método;Valor (R$);Taxa (R$);Líquido (R$);Descrição;Comprador;E-mail;Documento;Cartão;Final do cartão;Parcelas;E2E PIX;Link de pagamento\r\n";

describe("the payments CSV", () => {
  it("is a BOM, a header and one `;` line per payment, newest first, in Brazilian formats", async () => {
    const plain = await createPix(ctx, { amount: 123456, description: "Caneca; azul", buyer: { name: "Ana \"Aninha\" Souza", documentType: "CPF", documentNumber: "52998224725", email: "ana@example.com" } });
    ctx.platform.clock.advance(60);
    const evil = await createPix(ctx, { amount: 5, description: "=HYPERLINK(\"http://evil.example\")", buyer: { name: "@Mal Feitor", documentType: "CPF", documentNumber: "39053344705", email: "mal@example.com" } });
    await pay(ctx, evil.id);
    await createPix(requester(ctx.app, await createCompanySeller(ctx.platform.db, { legalName: "Outra Ltda", email: "o@example.com", city: "Recife" }, ctx.platform.now())));

    const res = await owner.request("GET", "/dashboard/api/payments/export");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="pagamentos-test-2026-03-01.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const paid = (await (await ctx.get(`/v1/transactions/${evil.id}`)).json()) as { feeAmount: number; netAmount: number; paymentDetails: { endToEndId: string } };
    // The sandbox's payer bank gives a paid PIX its E2E id (sandbox-end-to-end-id.ts): the file carries it.
    expect(paid.paymentDetails.endToEndId).toMatch(/^E99999999\d{12}[A-Za-z0-9]{11}$/);
    expect(text).toBe(
      "\uFEFF" + HEADER +
        `${evil.id};28/02/2026 23:31:00;28/02/2026 23:31:00;PAID;PIX;0,05;${decimalComma(paid.feeAmount)};${decimalComma(paid.netAmount)};` +
        `"'=HYPERLINK(""http://evil.example"")";'@Mal Feitor;mal@example.com;***.533.447-**;;;;${paid.paymentDetails.endToEndId};\r\n` +
        `${plain.id};28/02/2026 23:30:00;;PENDING;PIX;1234,56;;;"Caneca; azul";"Ana ""Aninha"" Souza";ana@example.com;***.982.247-**;;;;;\r\n`,
    );
  });

  it("writes its dates on the seller's clock: UTC once the seller's time zone is UTC", async () => {
    const sale = await createPix(ctx, { description: "Fuso" });
    const settings = await ctx.patch(`/v1/sellers/${ctx.seller.sellerId}/settings`, { timeZone: "UTC" });
    expect(settings.status, await settings.clone().text()).toBe(200);
    try {
      const text = await (await owner.request("GET", "/dashboard/api/payments/export?description=Fuso")).text();
      const created = new Date((await (await ctx.get(`/v1/transactions/${sale.id}`)).json()).createdAt as string);
      const utc = `${created.toISOString().slice(8, 10)}/${created.toISOString().slice(5, 7)}/${created.toISOString().slice(0, 4)} ${created.toISOString().slice(11, 19)}`;
      const fields = text.split("\r\n")[1]!.split(";");
      expect([fields[0], fields[1], fields[3], fields[8]]).toEqual([sale.id, utc, "PENDING", "Fuso"]);
    } finally {
      await ctx.patch(`/v1/sellers/${ctx.seller.sellerId}/settings`, { timeZone: "America/Sao_Paulo" });
    }
  });

  it("takes the list's filters; a bad one is a 400 naming it", async () => {
    const jose = await createPix(ctx, { buyer: { name: "José Silva", documentType: "CPF", documentNumber: "39053344705", email: "jose@example.com" } });
    await createPix(ctx);
    const text = await (await owner.request("GET", "/dashboard/api/payments/export?document=390.533.447-05")).text();
    expect(text.split("\r\n").slice(1, -1).map((line) => line.split(";")[0])).toEqual([jose.id]);
    const bad = await owner.request("GET", "/dashboard/api/payments/export?cardLast4=x&page=2");
    expect(bad.status).toBe(400);
    expect(((await bad.json()).errors as Array<{ path: string }>).map((e) => e.path).sort()).toEqual(["cardLast4", "page"]);
  });

  it("needs a session that may read payments", async () => {
    const anonymous = new DashboardVisitor((path, init) => ctx.app.request(path, init), "http://pay.test");
    expect((await anonymous.request("GET", "/dashboard/api/payments/export")).status).toBe(401);
  });
});

describe("a CSV cell", () => {
  it("guards every formula start and quotes what RFC 4180 asks", () => {
    expect(["=1+1", "+55 11", "-2", "@SUM(A1)", "\tx", "\rx"].map(csvCell)).toEqual(["'=1+1", "'+55 11", "'-2", "'@SUM(A1)", "'\tx", "\"'\rx\""]);
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect([0, 5, 100, 123456].map(decimalComma)).toEqual(["0,00", "0,05", "1,00", "1234,56"]);
  });
});
