/**
 * Finding a payment the way support is asked (issue 31, item 3; docs/dashboard.md, "Finding a
 * payment"): by the buyer's name (any case, without accents, by its beginning), the CPF/CNPJ typed
 * with or without punctuation (through its blind index: no row is opened), the description, the
 * payment link, the PIX E2E id and the card's last 4 digits; on the dashboard and on /v1. Another
 * seller's payment with the same name and document is never found; rows older than the search
 * keys are found once the backfill has indexed them.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { buyers, teamMembers, transactions } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { createCompanySeller } from "../../worker/domain/sellers";
import { backfillSearchKeys } from "../../worker/domain/transactions/search-backfill";
import { runScheduledJob } from "../../worker/jobs/scheduled";
import { payWithThreeDs } from "../support/cards";
import { DashboardVisitor } from "../support/dashboard";
import { VALID_CNPJ } from "../support/fixtures";
import { createLink, payLinkByPix } from "../support/payment-links";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createBuyer, createPix, type Ctx } from "../support/transactions";

let ctx: Ctx;
let owner: DashboardVisitor;
const ORIGIN = "http://pay.test";
const JOSE = { name: "José Conceição Araújo", documentType: "CPF", documentNumber: "39053344705", email: "jose@example.com" };

beforeEach(async () => {
  ctx = await createTestContext();
  owner = new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);
  const [row] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
  expect((await owner.register((await createInvite(ctx.platform, ctx.seller.sellerId, row!.id)).inviteUrl)).status).toBe(201);
});

/** The ids the dashboard's search answers for `query`, newest first. */
async function found(query: string): Promise<string[]> {
  const res = await owner.request("GET", `/dashboard/api/payments?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).items.map((t: { id: string }) => t.id);
}

/** A second company whose buyer has the same name and CPF as this seller's. */
async function otherSellersTwin() {
  const seller = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now());
  return createPix(requester(ctx.app, seller), { buyer: JOSE, description: "Pedido 777 da outra loja" });
}

describe("the dashboard's payments search", () => {
  it("finds by name without case or accents, by its beginning; never another seller's", async () => {
    const jose = await createPix(ctx, { buyer: JOSE });
    const maria = await createPix(ctx);
    const twin = await otherSellersTwin();
    expect(await found("name=jose")).toEqual([jose.id]);
    expect(await found(`name=${encodeURIComponent("JOSÉ  conceiçao")}`)).toEqual([jose.id]);
    expect(await found("name=maria%20da%20s")).toEqual([maria.id]);
    expect(await found("name=araujo")).toEqual([]);
    expect(await found("name=jose")).not.toContain(twin.id);
  });

  it("finds by CPF/CNPJ typed with or without punctuation, also a saved buyer's; never another seller's", async () => {
    const jose = await createPix(ctx, { buyer: JOSE });
    const company = await createPix(ctx, { buyer: { name: "Empresa Ltda", documentType: "CNPJ", documentNumber: VALID_CNPJ, email: "fin@empresa.example.com" } });
    const buyerId = await createBuyer(ctx, { documentNumber: "39053344705" });
    ctx.platform.clock.advance(60);
    const saved = await createPix(ctx, { buyer: undefined, buyerId });
    await otherSellersTwin();
    expect(await found("document=39053344705")).toEqual([saved.id, jose.id]);
    expect(await found(`document=${encodeURIComponent("390.533.447-05")}`)).toEqual([saved.id, jose.id]);
    expect(await found(`document=${encodeURIComponent("11.222.333/0001-81")}`)).toEqual([company.id]);
    expect(await found("document=52998224725")).toEqual([]);
    // The digest, not the document, is what the row holds.
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, jose.id));
    expect(row!.customerDocumentDigest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain("39053344705");
  });

  it("finds by description text, payment link, PIX E2E id and card last 4", async () => {
    const order = await createPix(ctx, { description: "Pedido #1234 — Caneca" });
    await createPix(ctx, { description: "Pedido #9999" });
    const link = await createLink(ctx);
    const viaLink = await payLinkByPix(ctx.app, link.id);
    const e2e = "E18236120202611271200s0abcdefghi";
    await ctx.platform.db.update(transactions).set({ pixEndToEndId: e2e }).where(eq(transactions.id, order.id));
    const card = await payWithThreeDs({ send: ctx.send, app: ctx.app }, "4111111111111111");
    await otherSellersTwin();
    expect(await found("description=1234")).toEqual([order.id]);
    expect(await found("description=CANECA")).toEqual([order.id]);
    expect(await found("description=777")).toEqual([]);
    expect(await found(`paymentLinkId=${link.id}`)).toEqual([viaLink.transaction.id]);
    expect(await found(`endToEndId=${e2e}`)).toEqual([order.id]);
    expect(await found("cardLast4=1111")).toEqual([card.id]);
    expect(await found("cardLast4=1111&status=PENDING")).toEqual([]);
  });

  it("refuses a search it cannot run, naming the parameter", async () => {
    const bad = await expectProblem(await owner.request("GET", "/dashboard/api/payments?document=123.456&cardLast4=12a4&endToEndId=E2E-1&name=%20-%20"), 400, "VALIDATION_FAILED");
    expect(bad.errors.map((e: { path: string }) => e.path).sort()).toEqual(["cardLast4", "document", "endToEndId", "name"]);
  });
});

describe("the same search on /v1", () => {
  it("GET /v1/transactions takes the search keys; another seller's key finds nothing of ours", async () => {
    const jose = await createPix(ctx, { buyer: JOSE });
    await createPix(ctx);
    const twin = await otherSellersTwin();
    const page = await (await ctx.get(`/v1/transactions?document=${encodeURIComponent("390.533.447-05")}&name=jos`)).json();
    expect(page.items.map((t: { id: string }) => t.id)).toEqual([jose.id]);
    expect(page.totalItems).toBe(1);
    const bad = await expectProblem(await ctx.get("/v1/transactions?document=1"), 400, "VALIDATION_FAILED");
    expect(bad.errors[0].path).toBe("document");
    expect(twin.id).not.toBe(jose.id);
  });
});

describe("rows older than the search keys", () => {
  it("are found once the scheduled job has indexed them (the backfill then finds none left)", async () => {
    const jose = await createPix(ctx, { buyer: JOSE });
    const buyerId = await createBuyer(ctx, { documentNumber: "39053344705" });
    ctx.platform.clock.advance(60);
    const saved = await createPix(ctx, { buyer: undefined, buyerId });
    // As a database migrated to 0022 has them: no keys yet.
    await ctx.platform.db.update(transactions).set({ customerNameSearch: null, customerDocumentDigest: null });
    expect(await found("document=39053344705")).toEqual([]);
    expect((await runScheduledJob(ctx.platform)).sweeps["payments.searchIndex"]).toBe(2);
    expect(await found("document=39053344705")).toEqual([saved.id, jose.id]);
    expect(await found("name=jose%20c")).toEqual([jose.id]);
    expect(await backfillSearchKeys(ctx.platform)).toBe(0);
  });

  it("a row the vault cannot open does not stop the others: it is indexed without its document, the sweep does not fail", async () => {
    const damagedBuyer = await createBuyer(ctx, { documentNumber: "39053344705" });
    const damaged = await createPix(ctx, { buyer: JOSE });
    ctx.platform.clock.advance(60);
    const fine = await createPix(ctx, { buyer: { ...JOSE, name: "José Conceição Filho" } });
    await ctx.platform.db.update(transactions).set({ customerNameSearch: null, customerDocumentDigest: null });
    await ctx.platform.db.update(buyers).set({ documentDigest: null });
    // Sealed under a key this installation no longer has, as the vault sees it: unreadable.
    await ctx.platform.db.update(buyers).set({ pii: "v1.gone.AAAA.BBBB" }).where(eq(buyers.id, damagedBuyer));
    await ctx.platform.db.update(transactions).set({ customerPii: "v1.gone.AAAA.BBBB" }).where(eq(transactions.id, damaged.id));
    const run = await runScheduledJob(ctx.platform);
    expect(run.sweeps["payments.searchIndex"]).toBe(3);
    expect(await found("document=39053344705")).toEqual([fine.id]);
    expect(await found("name=jose%20c")).toEqual([fine.id, damaged.id]);
    expect(await backfillSearchKeys(ctx.platform)).toBe(0);
  });
});
