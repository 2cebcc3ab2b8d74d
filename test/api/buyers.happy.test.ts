import { beforeEach, describe, expect, it } from "vitest";
import { buyers } from "../../worker/db/schema";
import { eq } from "drizzle-orm";
import { buyerBody, VALID_CNPJ, VALID_CPF } from "../support/fixtures";
import { createTestContext } from "../support/platform";

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeEach(async () => {
  ctx = await createTestContext();
});

describe("buyers: create, read, update", () => {
  it("creates a buyer (201), masks the document, stores the digits", async () => {
    const res = await ctx.post("/v1/buyers", buyerBody());
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({
      name: "Maria da Silva",
      documentType: "CPF",
      documentNumber: "***.982.247-**",
      email: "maria@example.com",
      phone: "11987654321",
      address: { street: "Avenida Paulista", complement: "apto 12", state: "SP", zipCode: "01310100", country: "BR" },
      createdAt: "2026-01-15T12:00:00.000Z",
      updatedAt: "2026-01-15T12:00:00.000Z",
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await ctx.platform.db.select().from(buyers).where(eq(buyers.id, body.id));
    // At rest the document, phone and address are sealed: none of them is in the row in clear.
    expect(JSON.stringify(row)).not.toContain(VALID_CPF);
    expect(JSON.stringify(row)).not.toContain("11987654321");
    expect(JSON.stringify(row)).not.toContain("Paulista");
    expect(row?.pii).toMatch(/^v1\./);
    expect(JSON.parse(await ctx.platform.vault.open(row!.pii))).toMatchObject({ documentNumber: VALID_CPF, phone: "11987654321" });
    expect(row?.sellerId).toBe(ctx.seller.sellerId);
  });

  it("masks a CNPJ as **.345.678/0001-**", async () => {
    const res = await ctx.post("/v1/buyers", buyerBody({ documentType: "CNPJ", documentNumber: VALID_CNPJ }));
    expect(res.status).toBe(201);
    expect((await res.json()).documentNumber).toBe("**.222.333/0001-**");
  });

  it("accepts an alphanumeric CNPJ (Receita Federal, 2026)", async () => {
    const res = await ctx.post("/v1/buyers", buyerBody({ documentType: "CNPJ", documentNumber: "12ABC34501DE35" }));
    expect(res.status).toBe(201);
  });

  it("reads a buyer back with GET", async () => {
    const created = await (await ctx.post("/v1/buyers", buyerBody())).json();
    const res = await ctx.get(`/v1/buyers/${created.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(created);
  });

  it("PATCH changes only the sent fields and bumps updatedAt", async () => {
    const created = await (await ctx.post("/v1/buyers", buyerBody())).json();
    ctx.platform.clock.advance(60);
    const res = await ctx.patch(`/v1/buyers/${created.id}`, { phone: "21912345678" });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated).toEqual({ ...created, phone: "21912345678", updatedAt: "2026-01-15T12:01:00.000Z" });
  });

  it("PATCH replaces the address whole (an omitted complement is cleared)", async () => {
    const created = await (await ctx.post("/v1/buyers", buyerBody())).json();
    const address = {
      street: "Rua XV de Novembro",
      number: "50",
      neighborhood: "Centro",
      city: "Curitiba",
      state: "pr",
      zipCode: "80020310",
      country: "br",
    };
    const res = await ctx.patch(`/v1/buyers/${created.id}`, { address, name: "Maria S." });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.address).toEqual({ ...address, state: "PR", country: "BR", complement: null });
    expect(body.name).toBe("Maria S.");
    expect(body.email).toBe(created.email);
  });

  it("PATCH without a body is a 400 saying a body is needed (with or without a Content-Type)", async () => {
    const created = await (await ctx.post("/v1/buyers", buyerBody())).json();
    for (const headers of [{}, { "Content-Type": "application/json" }] as Array<Record<string, string>>) {
      const res = await ctx.app.request(`/v1/buyers/${created.id}`, { method: "PATCH", headers: { "X-Api-Key": ctx.seller.apiKey, ...headers } });
      expect(res.status).toBe(400);
      const problem = await res.json();
      expect(problem).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "$", in: "body", code: "required" }] });
    }
  });

  it("PATCH with an empty object changes nothing", async () => {
    const created = await (await ctx.post("/v1/buyers", buyerBody())).json();
    ctx.platform.clock.advance(60);
    const res = await ctx.patch(`/v1/buyers/${created.id}`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(created);
  });

  it("accepts a foreign address without Brazilian rules", async () => {
    const res = await ctx.post(
      "/v1/buyers",
      buyerBody({
        address: { street: "Main St", number: "1", neighborhood: "Downtown", city: "Austin", state: "TX", zipCode: "73301", country: "US" },
      }),
    );
    expect(res.status).toBe(201);
  });

  it("lists the seller's buyers newest first in the page envelope", async () => {
    for (const name of ["A", "B", "C"]) {
      await ctx.post("/v1/buyers", buyerBody({ name }));
      ctx.platform.clock.advance(1);
    }
    const res = await ctx.get("/v1/buyers?page=0&size=2");
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page.items.map((b: { name: string }) => b.name)).toEqual(["C", "B"]);
    expect(page).toMatchObject({ page: 0, size: 2, totalItems: 3, totalPages: 2, hasNext: true, hasPrevious: false, isFirst: true, isLast: false });
    const second = await (await ctx.get("/v1/buyers?page=1&size=2")).json();
    expect(second.items.map((b: { name: string }) => b.name)).toEqual(["A"]);
    expect(second).toMatchObject({ hasNext: false, hasPrevious: true, isFirst: false, isLast: true });
    // The cursor of the first page reads the same second page; the total comes from the counters.
    const viaCursor = await (await ctx.get(`/v1/buyers?size=2&cursor=${page.nextCursor}`)).json();
    expect(viaCursor.items).toEqual(second.items);
    expect(viaCursor).toMatchObject({ page: 1, totalItems: 3, nextCursor: null });
  });

  it("finds a buyer by its id in upper case too (a UUID is case-insensitive)", async () => {
    const created = await (await ctx.post("/v1/buyers", buyerBody())).json();
    const upper = created.id.toUpperCase();
    const read = await ctx.get(`/v1/buyers/${upper}`);
    expect(read.status).toBe(200);
    expect((await read.json()).id).toBe(created.id);
    const patched = await ctx.patch(`/v1/buyers/${upper}`, { name: "Maria S." });
    expect(patched.status).toBe(200);
    expect((await patched.json()).name).toBe("Maria S.");
  });
});
