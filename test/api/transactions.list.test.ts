import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { createPix, pay, type Ctx } from "../support/transactions";

let ctx: Ctx;
const ids: string[] = []; // creation order
beforeAll(async () => {
  ctx = await createTestContext();
  for (let i = 0; i < 5; i++) {
    ids.push((await createPix(ctx, { amount: 1000 + i })).id);
    ctx.platform.clock.advance(1);
  }
  // Two created in the same millisecond: the id breaks the tie.
  ids.push((await createPix(ctx, { amount: 2000 })).id, (await createPix(ctx, { amount: 2001 })).id);
  await pay(ctx, ids[1]!);
  await pay(ctx, ids[3]!);
});

async function list(query: string) {
  const res = await ctx.get(`/v1/transactions${query}`);
  expect(res.status).toBe(200);
  return res.json();
}

/** The expected newest-first order: by createdAt, then id, both descending. */
function newestFirst() {
  const tied = ids.slice(5).sort().reverse();
  return [...tied, ...ids.slice(0, 5).reverse()];
}

describe("GET /v1/transactions", () => {
  it("lists newest first with a stable tie-break, in the page envelope", async () => {
    const page = await list("");
    expect(page.items.map((t: { id: string }) => t.id)).toEqual(newestFirst());
    expect(page).toMatchObject({ page: 0, size: 20, totalItems: 7, totalPages: 1, hasNext: false, hasPrevious: false, isFirst: true, isLast: true });
  });

  it("pages with zero-based page and size, never overlapping", async () => {
    const pages = [await list("?page=0&size=3"), await list("?page=1&size=3"), await list("?page=2&size=3")];
    expect(pages.flatMap((p) => p.items.map((t: { id: string }) => t.id))).toEqual(newestFirst());
    expect(pages[0]).toMatchObject({ totalItems: 7, totalPages: 3, hasNext: true, hasPrevious: false, isFirst: true, isLast: false });
    expect(pages[1]).toMatchObject({ hasNext: true, hasPrevious: true, isFirst: false, isLast: false });
    expect(pages[2]).toMatchObject({ hasNext: false, hasPrevious: true, isFirst: false, isLast: true });
    expect(pages[2].items).toHaveLength(1);
  });

  it("nextCursor walks the same pages as page numbers, with exact hasNext and a page count that follows", async () => {
    const walked: string[] = [];
    let page = await list("?size=3");
    const seen = [page];
    while (page.nextCursor) {
      page = await list(`?size=3&cursor=${page.nextCursor}`);
      seen.push(page);
    }
    for (const p of seen) walked.push(...p.items.map((t: { id: string }) => t.id));
    expect(walked).toEqual(newestFirst());
    expect(seen.map((p) => p.page)).toEqual([0, 1, 2]);
    expect(seen.map((p) => p.hasNext)).toEqual([true, true, false]);
    expect(seen.every((p) => p.totalItems === 7)).toBe(true);
    expect(seen[2]).toMatchObject({ isLast: true, nextCursor: null });
    // A cursor from a page number continues from there.
    const second = await list("?page=1&size=3");
    expect((await list(`?size=3&cursor=${second.nextCursor}`)).items).toEqual(seen[2].items);
  });

  it("a cursor walk with a status filter stays within that status", async () => {
    const first = await list("?status=PAID&size=1");
    const second = await list(`?status=PAID&size=1&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((t: { id: string }) => t.id).sort()).toEqual([ids[1], ids[3]].sort());
    expect(second).toMatchObject({ totalItems: 2, hasNext: false, nextCursor: null });
  });

  it("a page and its cursor follow the creation times, not the order rows were written in", async () => {
    // Written newest first (the clock moved back before each): the table's own order is the
    // reverse of the list's, so items, cursor and hasNext must all come from the index order.
    const back = await createTestContext();
    const written: string[] = [];
    for (let i = 0; i < 5; i++) {
      back.platform.clock.set(new Date(Date.UTC(2026, 0, 15, 12, 0, 10 - i)));
      written.push((await createPix(back, { amount: 3000 + i })).id);
    }
    const first = await (await back.get("/v1/transactions?size=2")).json();
    expect(first.items.map((t: { id: string }) => t.id)).toEqual(written.slice(0, 2));
    const second = await (await back.get(`/v1/transactions?size=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((t: { id: string }) => t.id)).toEqual(written.slice(2, 4));
    expect(second).toMatchObject({ hasNext: true });
    const last = await (await back.get(`/v1/transactions?size=2&cursor=${second.nextCursor}`)).json();
    expect(last).toMatchObject({ items: [{ id: written[4] }], hasNext: false, nextCursor: null });
  });

  it("a seller with nothing yet has an empty first page and a total of 0, as does an absent status", async () => {
    const fresh = await createTestContext();
    expect(await (await fresh.get("/v1/transactions")).json()).toMatchObject({ items: [], totalItems: 0, totalPages: 0, nextCursor: null });
    expect(await list("?status=REFUNDED")).toMatchObject({ items: [], totalItems: 0 });
  });

  it("a page past the end is empty, not an error", async () => {
    const page = await list("?page=9&size=3");
    expect(page).toMatchObject({ items: [], page: 9, totalItems: 7, totalPages: 3, hasNext: false, isLast: true });
  });

  it("size=100 is allowed; size=1 pages one at a time", async () => {
    expect((await list("?size=100")).items).toHaveLength(7);
    expect(await list("?size=1&page=6")).toMatchObject({ totalPages: 7, isLast: true, hasNext: false });
  });

  it("filters by status", async () => {
    const paid = await list("?status=PAID");
    expect(paid.items.map((t: { id: string }) => t.id)).toEqual([ids[3], ids[1]]);
    expect(paid.items.every((t: { status: string }) => t.status === "PAID")).toBe(true);
    expect(paid.totalItems).toBe(2);
    expect((await list("?status=PENDING")).totalItems).toBe(5);
    expect((await list("?status=REFUNDED")).items).toEqual([]);
  });

  it("items are the same Transaction as GET, document masked", async () => {
    const [first] = (await list("?status=PAID&size=1")).items;
    expect(first).toEqual(await (await ctx.get(`/v1/transactions/${first.id}`)).json());
    expect(first.customer.document).toBe("***.982.247-**");
  });

  it.each([
    ["size=101", "size", "100"],
    ["size=0", "size", "at least 1"],
    ["page=-1", "page", "plain decimal integer"],
    ["page=1.5", "page", "plain decimal integer"],
    ["page=0x10", "page", "plain decimal integer"],
    ["size=1e3", "size", "plain decimal integer"],
    ["size=+5", "size", "plain decimal integer"],
    ["page=%2010", "page", "plain decimal integer"],
    ["cursor=nonsense", "cursor", "nextCursor"],
    ["status=SETTLED", "status", "PENDING"],
  ])("%s → 400 naming %s", async (query, path, words) => {
    const res = await ctx.get(`/v1/transactions?${query}`);
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors[0]).toMatchObject({ path, in: "query" });
    expect(problem.errors[0].message).toContain(words);
  });
});
