import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";

let doc: any;
beforeAll(async () => {
  const ctx = await createTestContext();
  doc = await (await ctx.app.request("/openapi.json")).json();
});

describe("OpenAPI: transactions, refunds, sandbox and PIX", () => {
  it("documents every route of this issue", () => {
    expect(Object.keys(doc.paths["/v1/transactions"]).sort()).toEqual(["get", "post"]);
    for (const path of [
      "/v1/transactions/{id}",
      "/v1/transactions/{id}/cancel",
      "/v1/transactions/{id}/refunds",
      "/v1/sandbox/transactions/{id}/pay",
      "/pix/loc/{locationId}",
      "/pix/qr/{locationId}",
      "/pix/jwks.json",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it("creation documents 201, the 200 replay, 409 and the Idempotency-Key header", () => {
    const post = doc.paths["/v1/transactions"].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["200", "201", "400", "401", "409"]));
    expect(post.parameters).toContainEqual(expect.objectContaining({ in: "header", name: "idempotency-key" }));
    expect(doc.components.schemas.Transaction.required).toEqual(
      expect.arrayContaining(["id", "status", "paymentMethod", "amount", "currency", "createdAt", "updatedAt", "refunds"]),
    );
  });

  it("the public PIX routes need no key; the /v1 ones do", () => {
    for (const path of ["/pix/loc/{locationId}", "/pix/qr/{locationId}", "/pix/jwks.json"]) expect(doc.paths[path].get.security).toEqual([]);
    expect(doc.paths["/v1/sandbox/transactions/{id}/pay"].post.security).toBeDefined();
    expect(doc.paths["/pix/qr/{locationId}"].get.responses["200"].content).toHaveProperty("image/png");
  });
});
