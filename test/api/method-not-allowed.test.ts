/**
 * A known path asked with a method it does not support is a 405 problem with an `Allow` header
 * naming the methods it does (HEAD wherever GET is); an unknown path stays a 404, and OPTIONS
 * keeps its old answers (404, or the CORS preflight on the public PIX routes).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";

let ctx: Awaited<ReturnType<typeof createTestContext>>;
let doc: any;
beforeAll(async () => {
  ctx = await createTestContext();
  doc = await (await ctx.app.request("/openapi.json")).json();
});

/** A concrete URL for a documented path: any well-formed id will do, the method is refused first. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "6f1c1c0e-3d5e-4d1e-9a4b-2b8f2c1d0a11");

describe("405 Method Not Allowed", () => {
  it("DELETE on a buyer: 405 problem+json with Allow: GET, HEAD, PATCH", async () => {
    const res = await ctx.send("DELETE", `/v1/buyers/${crypto.randomUUID()}`);
    expect(res.headers.get("allow")).toBe("GET, HEAD, PATCH");
    const problem = await expectProblem(res, 405, "METHOD_NOT_ALLOWED");
    expect(problem.type).toBe("http://pay.test/docs/errors#METHOD_NOT_ALLOWED");
    expect(problem.detail).toContain("DELETE");
  });

  it("every documented path answers an undocumented method with the documented ones in Allow", async () => {
    // Ask each path with a method it does not document (DELETE, or POST where DELETE is real).
    // The spec's webhook paths overlap: `…/webhooks/deliveries` is also `…/webhooks/{webhookId}`
    // with an id of "deliveries" (a 400, not a 405), so skip a path another template answers.
    const templates = Object.entries<any>(doc.paths).map(([p, item]) => ({ p, re: new RegExp(`^${p.replace(/\{[^}]+\}/g, "[^/]+")}$`), item }));
    const shadowed = (path: string, method: string) => templates.some((t) => t.p !== path && t.item[method] && t.re.test(path));
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const method = ["delete", "post"].find((m) => !item[m])!;
      if (shadowed(path, method)) continue;
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      const expected = [...documented, ...(documented.includes("GET") ? ["HEAD"] : [])].sort().join(", ");
      const res = await ctx.send(method.toUpperCase(), concrete(path));
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(expected);
    }
  });

  it("PUT with a JSON body on a path without PUT is a 405 too", async () => {
    const res = await ctx.send("PUT", "/v1/transactions", {});
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
    await expectProblem(res, 405, "METHOD_NOT_ALLOWED");
  });

  it("PATCH or PUT on a path without it is a 405 before any body check: none, empty, not JSON, wrong type, too large", async () => {
    const headers = { "X-Api-Key": ctx.seller.apiKey };
    const bodies: Array<{ body?: string; type?: string }> = [
      {},
      { body: "", type: "application/json" },
      { body: "{not json", type: "application/json" },
      { body: "a=1", type: "application/x-www-form-urlencoded" },
      { body: JSON.stringify({ pad: "x".repeat(200_000) }), type: "application/json" },
    ];
    const cases = [
      { method: "PATCH", path: "/v1/transactions", allow: "GET, HEAD, POST" },
      { method: "PUT", path: `/v1/buyers/${crypto.randomUUID()}`, allow: "GET, HEAD, PATCH" },
      { method: "PATCH", path: `/v1/transactions/${crypto.randomUUID()}/cancel`, allow: "POST" },
    ];
    for (const { method, path, allow } of cases) {
      for (const { body, type } of bodies) {
        const res = await ctx.app.request(path, { method, headers: { ...headers, ...(type ? { "Content-Type": type } : {}) }, body });
        const what = `${method} ${path} with ${body === undefined ? "no body" : `${type} ${body.slice(0, 12)}`}`;
        expect(res.status, what).toBe(405);
        expect(res.headers.get("allow"), what).toBe(allow);
        await expectProblem(res, 405, "METHOD_NOT_ALLOWED");
      }
    }
  });

  it("a route that has the method still checks its body: PATCH without one is 400, as before", async () => {
    const res = await ctx.app.request(`/v1/buyers/${crypto.randomUUID()}`, { method: "PATCH", headers: { "X-Api-Key": ctx.seller.apiKey } });
    const problem = await expectProblem(res, 400, "VALIDATION_FAILED");
    expect(problem.errors).toEqual([expect.objectContaining({ path: "$", code: "required" })]);
  });

  it("covers the undocumented routes too: /openapi.json, /docs and /docs/errors are GET-only", async () => {
    for (const path of ["/openapi.json", "/docs", "/docs/errors"]) {
      const res = await ctx.app.request(path, { method: "POST" });
      expect(res.headers.get("allow"), path).toBe("GET, HEAD");
      await expectProblem(res, 405, "METHOD_NOT_ALLOWED");
    }
  });

  it("HEAD counts as GET: HEAD /health is a 200; HEAD on a POST-only route is a 405", async () => {
    expect((await ctx.app.request("/health", { method: "HEAD" })).status).toBe(200);
    const res = await ctx.send("HEAD", `/v1/transactions/${crypto.randomUUID()}/cancel`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("a caller without a key still gets 401 first on /v1 (no route is revealed to strangers)", async () => {
    await expectProblem(await ctx.app.request("/v1/buyers", { method: "DELETE" }), 401, "UNAUTHENTICATED");
  });

  it("unknown paths stay 404 ROUTE_NOT_FOUND, without Allow", async () => {
    for (const path of ["/v1/nothing-here", "/v1/buyers/", `/v1/buyers/${crypto.randomUUID()}/extra`, "/nothing"]) {
      const res = await ctx.send("DELETE", path);
      expect(res.headers.get("allow"), path).toBeNull();
      await expectProblem(res, 404, "ROUTE_NOT_FOUND");
    }
  });

  it("OPTIONS is unchanged: 404 where no CORS applies, the preflight on /pix", async () => {
    await expectProblem(await ctx.app.request("/health", { method: "OPTIONS" }), 404, "ROUTE_NOT_FOUND");
    const preflight = await ctx.app.request("/pix/jwks.json", {
      method: "OPTIONS",
      headers: { Origin: "https://shop.example", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET");
  });
});
