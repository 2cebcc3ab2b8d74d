import { compileErrors, validate } from "@readme/openapi-parser";
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { LATEST_MIGRATION_AT } from "../worker/db/migrations";
import { createTestContext } from "./support/platform";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Every operation of a document, with its method and path. */
function operations(document: any): Array<{ method: string; path: string; op: any }> {
  return Object.entries<any>(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, op: item[method] })),
  );
}

/** Redocly's `recommended` ruleset over a document, as {severity, ruleId, pointer}. */
async function lint(document: unknown) {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
  return problems.map((p: NormalizedProblem) => ({ severity: p.severity, ruleId: p.ruleId, pointer: p.location[0]?.pointer }));
}

/**
 * The recommended ruleset's warnings we accept, each for a reason; any other warning fails.
 * - operation-4xx-response on /health, /health/live and /pix/jwks.json: they take no input and no id, so no
 *   4XX can happen (a wrong method is a 405 for every path, not part of one operation); a
 *   made-up 4XX would only mislead SDK generators.
 */
const ACCEPTED_WARNINGS = [
  { severity: "warn", ruleId: "operation-4xx-response", pointer: "#/paths/~1health/get/responses" },
  { severity: "warn", ruleId: "operation-4xx-response", pointer: "#/paths/~1health~1live/get/responses" },
  { severity: "warn", ruleId: "operation-4xx-response", pointer: "#/paths/~1pix~1jwks.json/get/responses" },
  // The spec's own paths: …/webhooks/{webhookId}/test and …/webhooks/deliveries/{deliveryId}
  // could both match …/webhooks/deliveries/test (and …/replay likewise) as Redocly reads them: its
  // rule reads the templates only. Ids are UUIDs, and the document says so (`format: uuid`:
  // openapi.ambiguous-paths.test.ts), so no real request is ambiguous.
  { severity: "warn", ruleId: "no-ambiguous-paths", pointer: "#/paths/~1v1~1sellers~1{sellerId}~1webhooks~1{webhookId}~1test" },
  { severity: "warn", ruleId: "no-ambiguous-paths", pointer: "#/paths/~1v1~1sellers~1{sellerId}~1webhooks~1{webhookId}~1replay" },
  // Likewise /v1/subscriptions/{id}/cancel and …/invoices against /v1/subscriptions/plans/{id}
  // (/v1/subscriptions/plans/cancel could be either). Subscription ids are UUIDs, and the plans
  // routes are mounted first, so `plans` is never read as an id.
  { severity: "warn", ruleId: "no-ambiguous-paths", pointer: "#/paths/~1v1~1subscriptions~1{id}~1cancel" },
  { severity: "warn", ruleId: "no-ambiguous-paths", pointer: "#/paths/~1v1~1subscriptions~1{id}~1invoices" },
];

/** SHA-256 of the Apache License 2.0 as published (the copy 13 packages in node_modules ship byte for byte). */
const LICENSE_SHA256 = "c71d239df91726fc519c6eb72d318ec65820627232b2f796219e87dcf35d0ab4";

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

  it("passes Redocly's recommended ruleset: no errors, and only the warnings accepted above", async () => {
    const problems = await lint(doc);
    expect(problems.filter((p) => p.severity === "error")).toEqual([]);
    const key = (p: { pointer?: string; ruleId: string }) => `${p.ruleId} ${p.pointer}`;
    const byKey = (a: { pointer?: string; ruleId: string }, b: { pointer?: string; ruleId: string }) => key(a).localeCompare(key(b));
    expect(problems.filter((p) => p.severity !== "error").sort(byKey)).toEqual([...ACCEPTED_WARNINGS].sort(byKey));
  });

  it("names the project's license, Apache-2.0 (so redocly's info-license warning is gone): the LICENSE file and package.json say the same", async () => {
    expect(doc.info.license).toEqual({ name: "Apache-2.0", identifier: "Apache-2.0" });
    expect((await lint(doc)).filter((p) => p.ruleId.startsWith("info-license"))).toEqual([]);
    const root = new URL("../", import.meta.url);
    const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
    expect(pkg.license).toBe("Apache-2.0");
    const text = readFileSync(new URL("LICENSE", root), "utf8");
    expect(text).toMatch(/^\s*Apache License\n\s*Version 2\.0, January 2004\n/);
    expect(text).toContain("END OF TERMS AND CONDITIONS");
    // The standard text as the Apache Software Foundation publishes it (GitHub's copy, without the leading blank line).
    expect(createHash("sha256").update(text).digest("hex")).toBe(LICENSE_SHA256);
  });

  it("the linter does report an operation without security (so the check above can fail)", async () => {
    const broken = structuredClone(doc);
    delete broken.paths["/health"].get.security;
    expect(await lint(broken)).toContainEqual({ severity: "error", ruleId: "security-defined", pointer: "#/paths/~1health/get" });
  });

  it("every operation has a unique camelCase operationId", () => {
    const ids = operations(doc).map(({ op }) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/v1/transactions"].post.operationId).toBe("createTransaction");
    expect(doc.paths["/v1/buyers/{buyerId}"].get.operationId).toBe("getBuyer");
  });

  it("the public operations (outside /v1) declare `security: []`, and tags are described", () => {
    const publicOps = operations(doc).filter(({ path }) => !path.startsWith("/v1/"));
    expect(publicOps.map(({ path }) => path).sort()).toEqual(["/health", "/health/live", "/pix/jwks.json", "/pix/loc/{locationId}", "/pix/qr/{locationId}"]);
    for (const { method, path, op } of publicOps) expect(op.security, `${method} ${path}`).toEqual([]);
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
  });

  it("states the cross-field rules of a transaction and what an email must look like", () => {
    const create = doc.components.schemas.TransactionCreate;
    expect(create.description).toMatch(/exactly one of `buyerId` and `buyer`/);
    expect(create.description).toMatch(/no `card` or `threeDs`/);
    expect(create.description).toMatch(/BRL/);
    expect(create.properties.installments.description).toMatch(/CREDIT_CARD: 1 to 21/);
    expect(create.properties.installments.description).toMatch(/DEBIT_CARD: 1 only/);
    expect(create.description).toMatch(/THREEDS_AUTHENTICATION_INVALID/);
    expect(doc.components.schemas.BuyerCreate.properties.email.description).toMatch(/domain without a dot/);
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
    expect(html).toMatch(/Scalar\.createApiReference\('#app'/);
  });

  it("renders every operation in plain HTML too, for readers whose browser cannot load Scalar", async () => {
    const html = await (await ctx.app.request("/docs")).text();
    const app = /<div id="api-index">([\s\S]*?)<\/main><\/div>/.exec(html)?.[1] ?? "";
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

describe("GET /health (readiness) and GET /health/live (liveness)", () => {
  it("reports the database reachable and its migrations applied", async () => {
    const res = await ctx.app.request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "reachable", migrations: "applied" });
  });

  it("is not ready while this version's newest migration is missing: 503, and an error line naming the code", async () => {
    const behind = await createTestContext();
    await behind.platform.client.execute({ sql: "delete from __drizzle_migrations where created_at >= ?", args: [LATEST_MIGRATION_AT] });
    const res = await behind.app.request("/health");
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe("SERVICE_UNAVAILABLE");
    expect(behind.platform.logs).toContainEqual(expect.objectContaining({ msg: "health.migrations_pending", level: "error", code: "SERVICE_UNAVAILABLE" }));
    // A database never migrated at all is not ready either.
    await behind.platform.client.execute("drop table __drizzle_migrations");
    expect((await behind.app.request("/health")).status).toBe(503);
    // Liveness asks no database: the process answers.
    const live = await behind.app.request("/health/live");
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: "ok" });
  });

  it("liveness answers without the database", async () => {
    const broken = await createTestContext();
    broken.platform.client.close();
    const res = await broken.app.request("/health/live");
    expect(res.status).toBe(200);
    expect(Object.keys(await res.json()).sort()).toEqual(["status", "time"]);
  });

  it("answers 503 problem+json when the database is gone", async () => {
    const broken = await createTestContext();
    broken.platform.client.close();
    const res = await broken.app.request("/health");
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe("SERVICE_UNAVAILABLE");
  });
});
