/**
 * Property-based fuzzing of the dashboard's API (outside OpenAPI, so api.fuzz.test.ts does not
 * reach it): every route declared under /dashboard/api, called by a signed-in OWNER (who may do
 * everything) with its own cookie and Origin, with hostile path ids, query strings and JSON
 * bodies (arbitrary JSON, nasty strings, malformed text).
 *
 * Properties, for every request: never a 5xx; the status is one the route declares (`answers`,
 * routes/dashboard-answers.ts: the API's document, as OpenAPI's `responses` are /v1's;
 * documented-status.ts); every 4xx is application/problem+json with a string `code`; a refused
 * request writes nothing but, at most, its own audit row (SQLite's total_changes() before and
 * after, less the audit rows the request added).
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, teamMembers } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { declaredRoutes } from "../../worker/http/access";
import { DashboardVisitor } from "../support/dashboard";
import { createTestContext } from "../support/platform";
import { undocumentedStatus } from "./documented-status";
import { nastyString } from "./schema-arbitrary";

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const ORIGIN = "http://pay.test";

let ctx: Awaited<ReturnType<typeof createTestContext>>;
let owner: DashboardVisitor;

beforeAll(async () => {
  ctx = await createTestContext();
  const [row] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
  owner = new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);
  expect((await owner.register((await createInvite(ctx.platform, ctx.seller.sellerId, row!.id)).inviteUrl)).status).toBe(201);
});

/** A URL component of any string: a lone surrogate (which encodeURIComponent refuses) becomes U+FFFD, as a browser sends it. */
const component = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));
const changes = async () => Number((await ctx.platform.client.execute("SELECT total_changes() AS n")).rows[0]!.n);
const auditRows = async () => (await ctx.platform.db.select({ id: auditLog.id }).from(auditLog)).length;

const pathValue = fc.oneof(fc.uuid(), nastyString.filter((s) => s.length > 0 && !s.includes("/") && !s.includes("?") && !s.includes("#")));
const queryValue = fc.oneof(nastyString, fc.integer().map(String), fc.constantFrom("test", "live", "PIX", "PAID", "-1", "1e400", "2026-01-01T00:00:00Z"));
const queryName = fc.constantFrom("mode", "status", "size", "cursor", "page", "limit", "from", "to", "minAmount", "maxAmount", "email", "paymentMethod", "webhookId", "x");
const requestBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom("amount", "kind", "expiresInHours", "profile", "email", "firstName", "name", "url", "eventTypes", "token", "challengeId", "response", "webhook", "atPeriodEnd", "reason"), fc.jsonValue({ maxDepth: 2 })).map((v) => JSON.stringify(v)),
  nastyString,
);

console.log(`[fuzz] dashboard seed ${SEED}`);

describe(`fuzz: the dashboard's API, ${RUNS} runs per route, seed ${SEED}`, () => {
  // Sign-out would end the OWNER's session for the rest of the run: fuzzed last, on its own.
  const routes = declaredRoutes().filter((d) => d.path.startsWith("/dashboard/api/") && !d.path.includes("sign-out"));

  it("covers every dashboard route", () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it("every dashboard route declares the statuses it answers", () => {
    const undeclared = declaredRoutes().filter((d) => d.path.startsWith("/dashboard/api/") && !d.answers?.length);
    expect(undeclared.map((d) => `${d.method} ${d.path}`)).toEqual([]);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(pathValue, { minLength: 2, maxLength: 2 }), fc.array(fc.tuple(queryName, queryValue), { maxLength: 4 }), requestBody, async (ids, query, text) => {
          let i = 0;
          const path = route.path.replace(/:[^/]+/g, () => component(ids[i++]!));
          const qs = query.map(([k, v]) => `${k}=${component(v)}`).join("&");
          const [before, auditBefore] = [await changes(), await auditRows()];
          const withBody = route.method !== "GET" && route.method !== "DELETE";
          const res = await ctx.app.request(`${path}${qs ? `?${qs}` : ""}`, {
            method: route.method,
            headers: { Cookie: `pay_dashboard=${owner.cookie}`, Origin: ORIGIN, ...(withBody ? { "Content-Type": "application/json" } : {}) },
            body: withBody ? text : undefined,
          });
          expect(res.status, `${route.method} ${path}?${qs}`).toBeLessThan(500);
          expect(undocumentedStatus(route.method, path, res.status, (reached) => reached.answers?.map(String)), `${route.method} ${path}?${qs}`).toBeNull();
          if (res.status >= 400) {
            expect(res.headers.get("content-type")).toBe("application/problem+json");
            expect(typeof (await res.json()).code).toBe("string");
            expect((await changes()) - before, "a refused request wrote rows").toBe((await auditRows()) - auditBefore);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });
  }
});
