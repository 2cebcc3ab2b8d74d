/**
 * A route's declared request headers (Idempotency-Key, X-Client-Secret) are read by name, never
 * by walking every header of the request (worker/http/request-headers.ts): on the Node host a walk
 * builds a whole web Headers per request. The handlers see the same validated values, a bad header
 * is the same 400 naming it, and the OpenAPI document still lists them.
 */
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { transactions } from "../worker/db/schema";
import { createTestContext, requester } from "./support/platform";
import { expectProblem } from "./support/problem";
import { createLink, openSession, paySession } from "./support/payment-links";
import { createPix, paidCharge, pixBody, refund, type Ctx } from "./support/transactions";

/** Headers that answer reads by name and fail the request if anything walks them. */
class ByNameOnly extends Headers {
  override forEach(): never {
    throw new Error("the request's headers were walked");
  }
  override entries(): never {
    throw new Error("the request's headers were walked");
  }
  override keys(): never {
    throw new Error("the request's headers were walked");
  }
  override values(): never {
    throw new Error("the request's headers were walked");
  }
  override [Symbol.iterator](): never {
    throw new Error("the request's headers were walked");
  }
}

let ctx: Ctx;
/**
 * The app, sent requests whose headers can only be read by name. A body carries its
 * Content-Length, as every HTTP client's does: a body of unknown length is re-wrapped by the
 * body guard's streaming limit, which copies the headers (http/body.ts).
 */
let byName: { request: (path: string, init?: RequestInit) => Promise<Response> };
beforeAll(async () => {
  ctx = await createTestContext();
  byName = {
    request: async (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (typeof init.body === "string") headers.set("Content-Length", String(new TextEncoder().encode(init.body).length));
      const request = new Request(`http://localhost${path}`, { ...init, headers });
      Object.defineProperty(request, "headers", { value: new ByNameOnly(request.headers) });
      return ctx.app.fetch(request);
    },
  };
});

describe("declared request headers are read by name", () => {
  it("a create with an Idempotency-Key stores under the key and replays it, without walking the headers", async () => {
    const send = requester(byName, ctx.seller);
    const headers = { "Idempotency-Key": `by-name-${crypto.randomUUID()}` };
    const first = await send.post("/v1/transactions", pixBody(), headers);
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await send.post("/v1/transactions", pixBody(), headers);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
  });

  it("a refund (a path id beside the header) and the checkout view (X-Client-Secret) read theirs by name", async () => {
    const send = requester(byName, ctx.seller);
    const paid = await paidCharge(ctx, 1000);
    const key = { "Idempotency-Key": `refund-${crypto.randomUUID()}` };
    const refunded = await refund(send, paid.id, 400, key);
    expect(refunded.status, await refunded.clone().text()).toBe(201);
    const again = await refund(send, paid.id, 400, key);
    expect([again.status, again.headers.get("Idempotent-Replayed")]).toEqual([200, "true"]);
    expect(await again.text()).toBe(await refunded.text());

    const tx = await createPix(ctx);
    const view = await send.get(`/v1/transactions/${tx.id}/checkout`, { "X-Client-Secret": tx.clientSecret });
    expect(view.status, await view.clone().text()).toBe(200);
    expect(await view.json()).toMatchObject({ id: tx.id, status: "PENDING" });
    const wrong = await send.get(`/v1/transactions/${tx.id}/checkout`, { "X-Client-Secret": "nope" });
    expect(wrong.status).toBe(404);
  });

  it("a checkout session is read and paid with its headers read by name, the pay's key replaying", async () => {
    const link = await createLink(ctx);
    const session = await openSession(ctx.app, link.id);
    const read = await byName.request(`/v1/checkout-sessions/${session.id}`, { headers: { "X-Client-Secret": session.clientSecret } });
    expect(read.status, await read.clone().text()).toBe(200);
    const key = { "Idempotency-Key": `pay-${crypto.randomUUID()}` };
    const paid = await paySession(byName, session, {}, key);
    expect(paid.status, await paid.clone().text()).toBe(201);
    const replay = await paySession(byName, session, {}, key);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe(await paid.text());
  });
});

describe("a bad declared header is a 400 naming it", () => {
  it("an empty, spaced or non-ASCII Idempotency-Key, with nothing written", async () => {
    const charges = async () => (await ctx.platform.db.select({ n: count() }).from(transactions))[0]!.n;
    const before = await charges();
    for (const bad of ["", "with space", "ç-not-ascii"]) {
      const problem = await expectProblem(await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": bad }), 400, "VALIDATION_FAILED");
      expect(problem.errors).toEqual([expect.objectContaining({ path: "idempotency-key", in: "header" })]);
    }
    expect(await charges()).toBe(before);
  });

  it("an X-Client-Secret over 200 characters, on the checkout view", async () => {
    const tx = await createPix(ctx);
    const problem = await expectProblem(await ctx.get(`/v1/transactions/${tx.id}/checkout`, { "X-Client-Secret": "s".repeat(201) }), 400, "VALIDATION_FAILED");
    expect(problem.errors).toEqual([expect.objectContaining({ path: "x-client-secret", in: "header" })]);
  });
});

describe("the OpenAPI document lists the declared headers", () => {
  it("with their schema, once per operation", async () => {
    const doc = (await (await ctx.app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean; schema: Record<string, unknown> }> }>>;
    };
    const headersOf = (path: string, method: string) => (doc.paths[path]![method]!.parameters ?? []).filter((p) => p.in === "header");
    const key = { in: "header", name: "idempotency-key", required: false, schema: expect.objectContaining({ type: "string", minLength: 1, maxLength: 255 }) };
    const secret = { in: "header", name: "x-client-secret", required: false, schema: expect.objectContaining({ type: "string", maxLength: 200 }) };
    expect(headersOf("/v1/transactions", "post")).toEqual([expect.objectContaining(key)]);
    expect(headersOf("/v1/transactions/{id}/refunds", "post")).toEqual([expect.objectContaining(key)]);
    expect(headersOf("/v1/transactions/{id}/checkout", "get")).toEqual([expect.objectContaining(secret)]);
    expect(headersOf("/v1/checkout-sessions/{id}", "get")).toEqual([expect.objectContaining(secret)]);
    expect(headersOf("/v1/checkout-sessions/{id}/pay", "post")).toEqual([expect.objectContaining(secret), expect.objectContaining(key)]);
    // The path's id is still documented beside them.
    expect(doc.paths["/v1/transactions/{id}/refunds"]!.post!.parameters).toContainEqual(expect.objectContaining({ in: "path", name: "id", required: true }));
  });
});
