import { compileErrors, validate } from "@readme/openapi-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "./support/platform";

let doc: any;
let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.app.request("/openapi.json");
  expect(res.status).toBe(200);
  doc = await res.json();
});

describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document (checked by @readme/openapi-parser)", async () => {
    expect(doc.openapi).toBe("3.1.0");
    // validate() dereferences in place: give it a copy.
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("the validator does reject a broken document (so the check above can fail)", async () => {
    const broken = structuredClone(doc);
    broken.paths["/v1/buyers"].get.responses = "nope";
    expect((await validate(broken)).valid).toBe(false);
  });

  it("declares both API key schemes and the problem+json error schema", () => {
    expect(doc.components.securitySchemes.ApiKeyHeader).toMatchObject({ type: "apiKey", in: "header", name: "X-Api-Key" });
    expect(doc.components.securitySchemes.ApiKeyAuthorization).toMatchObject({ type: "apiKey", in: "header", name: "Authorization" });
    expect(doc.components.schemas.Problem.required).toEqual(expect.arrayContaining(["type", "title", "status", "detail", "code"]));
  });

  it("documents the buyer routes with their security and problem responses", () => {
    const get = doc.paths["/v1/buyers/{buyerId}"].get;
    expect(get.security).toEqual([{ ApiKeyHeader: [] }, { ApiKeyAuthorization: [] }]);
    expect(get.responses["404"].content["application/problem+json"].schema.$ref).toBe("#/components/schemas/Problem");
    expect(doc.paths["/v1/buyers"].post.responses["201"]).toBeDefined();
    expect(doc.paths["/v1/buyers/{buyerId}"].patch).toBeDefined();
  });

  it("every /v1 operation declares security and a 401", () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith("/v1/")) continue;
      for (const [method, op] of Object.entries<any>(item)) {
        expect(op.security, `${method} ${path}`).toBeDefined();
        expect(op.responses["401"], `${method} ${path}`).toBeDefined();
      }
    }
  });
});

describe("GET /docs", () => {
  it("serves the interactive reference pointing at /openapi.json", async () => {
    const res = await ctx.app.request("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("/openapi.json");
    expect(html).toMatch(/createApiReference\('#app'/);
  });

  it("renders every operation in plain HTML too, for readers whose browser cannot load Scalar", async () => {
    const html = await (await ctx.app.request("/docs")).text();
    const app = /<div id="app">([\s\S]*?)<\/main><\/div>/.exec(html)?.[1] ?? "";
    let operations = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of Object.keys(item)) {
        operations++;
        const escaped = path.replaceAll("&", "&amp;");
        expect(app, `${method} ${path}`).toContain(`<td><code>${method.toUpperCase()}</code></td><td><code>${escaped}</code></td>`);
      }
    }
    expect(operations).toBeGreaterThan(10);
    expect(app.match(/<tr><td>/g)?.length).toBe(operations);
  });
});

describe("GET /health", () => {
  it("reports the database reachable", async () => {
    const res = await ctx.app.request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "reachable" });
  });

  it("answers 503 problem+json when the database is gone", async () => {
    const broken = await createTestContext();
    broken.platform.client.close();
    const res = await broken.app.request("/health");
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe("SERVICE_UNAVAILABLE");
  });
});
