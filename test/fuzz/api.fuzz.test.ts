/**
 * Property-based fuzzing of every operation in the OpenAPI document (issue 18, section 4).
 *
 * For each operation, requests are generated from its own schemas (path, query and header
 * parameters, JSON body; schema-arbitrary.ts) with mutations at every depth: wrong types, missing
 * and unknown fields, huge and empty strings, bidi / lone surrogates / NUL, numbers past 2^53 and
 * negative; and around the body: malformed JSON, a wrong or missing content type, no body. Keys:
 * the seller's secret key mostly, its publishable key and no key too (so browser-safe and public
 * operations are reached as they are called). Path parameters are random UUIDs, hostile strings, or
 * ids of real resources created first from the document's own examples.
 *
 * Properties, for every request: never a 5xx; the status is one the document lists in the
 * operation's `responses` (`default` counts; documented-status.ts); every 4xx is
 * application/problem+json with a string `code`; a refused request (4xx) writes nothing: SQLite's total_changes() of the one in-memory
 * connection (every row inserted, updated or deleted, in any table) is the same before and after.
 *
 * Seeded: the seed is printed; FUZZ_SEED=<n> replays it; fast-check prints the shrunk
 * counterexample on failure. FUZZ_RUNS sets the runs per operation (default below; `npm run fuzz`
 * runs many more).
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { declaredPath, undocumentedStatus } from "./documented-status";
import { arbitraryOf, nastyString, type Schema } from "./schema-arbitrary";

const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
/** Mutation weights per request: a hostile value against 10 valid ones at each node (0: a valid value). */
const CHAOS_LEVELS = [0, 0, 1, 3];

/**
 * Operations kept out of the run, each with its reason (empty when nothing is known to fail).
 * Key: "METHOD /path".
 */
const SKIP: Record<string, string> = {};

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  example?: unknown;
  secured: boolean;
}

const ctx = await createTestContext();
const doc = (await (await ctx.app.request("/openapi.json")).json()) as {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> }; security?: unknown[]; responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, Schema> };
};
const components = doc.components.schemas;
/** The document's statuses by "METHOD /v1/x/:id" (the declared routes' form), `responses`' keys. */
const documented = new Map(
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${declaredPath(path)}`, Object.keys(op.responses ?? {})] as const)),
);
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.["application/json"]?.schema,
      example: op.requestBody?.content?.["application/json"]?.example,
      secured: (op.security ?? []).length > 0,
    })),
);

/** Real ids by the collection they live in ("/v1/buyers", "/v1/sellers/{sellerId}/webhooks"). */
const realIds = new Map<string, string[]>([["/v1/sellers", [ctx.seller.sellerId]]]);
/** The path with each parameter taken from realIds, or null when one has none. */
function realPath(template: string): string | null {
  const segments = template.split("/");
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (!segment.startsWith("{")) {
      out.push(segment);
      continue;
    }
    const id = realIds.get(segments.slice(0, i).join("/"))?.[0];
    if (!id) return null;
    out.push(id);
  }
  return out.join("/");
}
// Create one of each resource from the document's own example, in path order, so that nested
// collections (a seller's webhooks) find their parent.
/** Real values by body property name (buyerId, transactionId, clientSecret, cardToken…), from the answers. */
const known: Record<string, unknown[]> = { sellerId: [ctx.seller.sellerId] };
const ID_NAMES: Record<string, string> = { buyers: "buyerId", transactions: "transactionId", "fee-plans": "feePlanId", plans: "planId", "test-clocks": "testClockId", "payment-links": "paymentLinkId", webhooks: "webhookId" };
function harvest(value: unknown, collection: string, depth = 0): void {
  if (!value || typeof value !== "object" || depth > 4) return;
  for (const [key, v] of Object.entries(value)) {
    const name = key === "id" && depth === 0 ? ID_NAMES[collection.split("/").pop()!] : /(Id|Secret|Token)$/.test(key) ? key : undefined;
    if (name && typeof v === "string" && !(known[name] ??= []).includes(v)) known[name]!.push(v);
    harvest(v, collection, depth + 1);
  }
}
for (const op of operations.filter((o) => o.method === "POST" && !o.path.endsWith("}") && (!o.path.includes("/sandbox/") || o.path.endsWith("/test-clocks"))).sort((a, b) => a.path.length - b.path.length)) {
  const path = realPath(op.path);
  if (!path || op.example === undefined) continue;
  const res = await ctx.post(path, op.example);
  const answer = res.ok ? ((await res.json()) as { id?: unknown }) : undefined;
  harvest(answer, op.path);
  if (typeof answer?.id === "string") realIds.set(op.path, [...(realIds.get(op.path) ?? []), answer.id]);
}
// A transaction is the parent of most browser-safe routes: make sure there is one.
if (!realIds.has("/v1/transactions")) {
  const res = await ctx.post("/v1/transactions", { paymentMethod: "PIX", amount: 1050, currency: "BRL", buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: "12345678909" } });
  const answer = res.ok ? ((await res.json()) as { id: string }) : undefined;
  harvest(answer, "/v1/transactions");
  if (answer) realIds.set("/v1/transactions", [answer.id]);
}

async function changes(): Promise<number> {
  const result = await ctx.platform.client.execute("SELECT total_changes() AS n");
  return Number(result.rows[0]!.n);
}

const headerValue = fc.oneof(fc.stringMatching(/^[\x21-\x7e]{0,64}$/), fc.constantFrom("", "x".repeat(8_000), "sk_test_x", "null"));
const malformedJson = fc.constantFrom('{"amount":', "{", "[", "]", "{'a':1}", "{\"a\":1}}", "\u0000", "nul", '"\ud800"', "1e99999", "{\"__proto__\":{\"x\":1}}", "\ufeff{}", "{}".repeat(10_000), "[".repeat(5_000));
const contentTypes = fc.constantFrom("application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/json; charset=utf-16", "");

interface FuzzRequest {
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Renders a generated value as a query or path string. */
const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value) ?? "");
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** encodeURIComponent, except that a lone surrogate (which it refuses) becomes the invalid UTF-8 %ED%A0%80. */
const encodeSegment = (text: string) => text.split(LONE_SURROGATE).map(encodeURIComponent).join("%ED%A0%80");
/** Path segments sent as they are: broken percent-encoding, dot segments, encoded slashes and NUL. */
const rawSegment = fc.constantFrom("%", "%E0%A4%A", "%ZZ", "%00", "%2e%2e", "..", ".", "%2F", "a%2Fb", "%ED%A0%80", "%C0%AE");

function requestOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  const options = { components, known, chaos: CHAOS_LEVELS[CHAOS_LEVELS.length - 1]! };
  /** A value for `schema` at one of the chaos levels, chosen per request. */
  const mutated = (schema: Schema | undefined) => fc.oneof(...CHAOS_LEVELS.map((chaos) => arbitraryOf(schema, { ...options, chaos })));
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const pathArb = fc.tuple(
    ...pathParams.map((p) => {
      const prefix = op.path.slice(0, op.path.indexOf(`{${p.name}}`) - 1);
      const real = realIds.get(prefix) ?? [];
      return fc.oneof(
        { arbitrary: (real.length ? fc.constantFrom(...real) : fc.uuid()).map(encodeSegment), weight: 4 },
        { arbitrary: fc.uuid(), weight: 2 },
        { arbitrary: nastyString.map(encodeSegment), weight: 1 },
        { arbitrary: rawSegment, weight: 1 },
      );
    }),
  );
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const queryArb = fc.tuple(
    fc.tuple(...queryParams.map((p) => fc.option(mutated(p.schema), { freq: 2 }))),
    fc.option(fc.tuple(fc.string({ maxLength: 8 }), nastyString), { freq: 5 }),
  );
  const headerParams = op.parameters.filter((p) => p.in === "header");
  const secrets = (known.clientSecret ?? []) as string[];
  const headerArb = fc.tuple(...headerParams.map((p) => fc.option(p.name === "x-client-secret" && secrets.length ? fc.oneof({ arbitrary: fc.constantFrom(...secrets), weight: 3 }, { arbitrary: headerValue, weight: 1 }) : headerValue, { freq: 3 })));
  const auth = fc.oneof(
    { arbitrary: fc.constant({ "X-Api-Key": ctx.seller.apiKey } as Record<string, string>), weight: op.secured ? 14 : 2 },
    { arbitrary: fc.constant({ Authorization: `ApiKey ${ctx.seller.apiKey}` }), weight: 2 },
    { arbitrary: fc.constant({ "X-Api-Key": ctx.seller.publishableKey }), weight: 2 },
    { arbitrary: fc.constant({}), weight: 2 },
    { arbitrary: headerValue.map((key) => ({ "X-Api-Key": key })), weight: 1 },
  );
  const canHaveBody = op.method !== "GET" && op.method !== "DELETE";
  const bodyArb: fc.Arbitrary<{ body?: string; contentType?: string }> = !canHaveBody
    ? fc.constant({})
    : fc.oneof(
        { arbitrary: mutated(op.body ?? { type: "object" }).map((v) => ({ body: JSON.stringify(v) ?? "null", contentType: "application/json" })), weight: op.body ? 12 : 2 },
        { arbitrary: malformedJson.map((body) => ({ body, contentType: "application/json" })), weight: 2 },
        { arbitrary: fc.tuple(arbitraryOf(op.body, options), contentTypes).map(([v, contentType]) => ({ body: JSON.stringify(v) ?? "", contentType })), weight: 2 },
        { arbitrary: fc.constant({}), weight: 1 },
      );
  return fc.record({ path: pathArb, query: queryArb, headers: headerArb, auth, body: bodyArb }).map(({ path, query, headers, auth, body }) => {
    let i = 0;
    const url = op.path.replace(/\{[^}]+\}/g, () => path[i++]!);
    const search = new URLSearchParams();
    queryParams.forEach((p, j) => {
      const value = query[0][j];
      if (value !== null && value !== undefined) search.append(p.name, asText(value));
    });
    if (query[1]) search.append(query[1][0], query[1][1]);
    const out: Record<string, string> = { ...auth };
    headerParams.forEach((p, j) => {
      const value = headers[j];
      if (value !== null && value !== undefined) out[p.name] = value;
    });
    if (body.contentType) out["Content-Type"] = body.contentType;
    const qs = search.toString();
    return { path: qs ? `${url}?${qs}` : url, headers: out, body: body.body };
  });
}

const describeLine = (op: Operation) => `${op.method} ${op.path}`;
/** Answers by status, and how many 2xx wrote rows: printed at the end, to see what the runs reached. */
const tally = new Map<string, number>();
let wrote = 0;
afterAll(() => {
  const total = [...tally.values()].reduce((a, b) => a + b, 0);
  const statuses = [...tally.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `${status}×${n}`).join(" ");
  console.log(`[fuzz] ${total} requests (seed ${SEED}): ${statuses}; ${wrote} successful requests wrote rows`);
});

describe(`fuzz: ${operations.length} operations × ${RUNS} runs, seed ${SEED}`, () => {
  it("prints the seed and covers the whole document", () => {
    console.log(`[fuzz] seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${RUNS} runs per operation, ${operations.length} operations, real ids for ${[...realIds.keys()].join(", ")}; real values for ${Object.keys(known).join(", ")}`);
    expect(operations.length).toBeGreaterThan(50);
  });

  operations.forEach((op, index) => {
    const name = describeLine(op);
    const skip = SKIP[name];
    (skip ? it.skip : it)(skip ? `${name} (skipped: ${skip})` : name, async () => {
      await fc.assert(
        fc.asyncProperty(requestOf(op), async (request) => {
          const before = await changes();
          const res = await ctx.app.request(request.path, { method: op.method, headers: request.headers, body: request.body });
          const text = await res.text();
          const label = res.status >= 400 ? `${res.status} ${(/"code":"([A-Z_]+)"/.exec(text) ?? [])[1] ?? "?"}` : String(res.status);
          tally.set(label, (tally.get(label) ?? 0) + 1);
          const where = `${op.method} ${request.path.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          expect(undocumentedStatus(op.method, request.path, res.status, (route) => documented.get(`${route.method} ${route.path}`)), where).toBeNull();
          if (res.status >= 400) {
            expect(res.headers.get("content-type") ?? "", where).toMatch(/^application\/problem\+json/);
            const problem = JSON.parse(text) as { code?: unknown };
            expect(typeof problem.code, where).toBe("string");
            expect(await changes(), `${where}: a refused request wrote rows`).toBe(before);
          } else if ((await changes()) > before) wrote++;
        }),
        { seed: SEED + index, numRuns: RUNS, verbose: 1 },
      );
    }, 60_000 + RUNS * 200);
  });
});
