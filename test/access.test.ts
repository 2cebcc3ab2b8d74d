/**
 * Every route says who may call it, once (worker/http/access.ts), and that declaration is what
 * the app does: authentication, the OpenAPI security, CORS and the framing headers follow it. A
 * route added without a declaration fails here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../worker/app";
import { declaredRoutes, securityOf } from "../worker/http/access";
import { createTestPlatform } from "./support/platform";

let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  app = createApp(await createTestPlatform());
});

/** The app's routes with a handler of their own (not middleware mounted on every method). */
function appRoutes() {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.method !== "ALL")
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

/** A request path for a route pattern (each parameter a fresh id). */
const concrete = (path: string) => path.replace(/:[^/]+/g, crypto.randomUUID());

describe("access declarations", () => {
  it("every route of the app has one", () => {
    const undeclared = appRoutes().filter((r) => !declaredRoutes().some((d) => d.method === r.method && d.path === r.path));
    expect(undeclared).toEqual([]);
    expect(appRoutes().length).toBeGreaterThan(50);
  });

  it("the OpenAPI document's security of every operation is its declaration's", async () => {
    const doc = await (await app.request("/openapi.json")).json();
    const mismatched: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { security?: unknown }>>)) {
      for (const [method, op] of Object.entries(operations)) {
        const declared = declaredRoutes().find((d) => d.method === method.toUpperCase() && d.path === path.replace(/\{([^}]+)\}/g, ":$1"));
        if (!declared || JSON.stringify(op.security ?? []) !== JSON.stringify(securityOf(declared))) mismatched.push(`${method} ${path}`);
      }
    }
    expect(mismatched).toEqual([]);
  });

  it("without a key: public routes answer, every other /v1 route is 401, an undeclared /v1 path too", async () => {
    for (const d of declaredRoutes().filter((r) => r.path.startsWith("/v1/"))) {
      const res = await app.request(concrete(d.path), { method: d.method });
      if (d.caller === "public") expect(res.status, `${d.method} ${d.path}`).not.toBe(401);
      else expect(res.status, `${d.method} ${d.path}`).toBe(401);
    }
    expect((await app.request("/v1/nothing-here")).status).toBe(401);
  });

  it("a preflight gets CORS exactly on the paths of browser and public /v1 routes", async () => {
    for (const d of declaredRoutes().filter((r) => r.path.startsWith("/v1/"))) {
      const res = await app.request(concrete(d.path), { method: "OPTIONS", headers: { Origin: "https://loja.example.com", "Access-Control-Request-Method": d.method } });
      const crossOrigin = declaredRoutes().some((o) => (o.caller === "browser" || o.caller === "public") && o.path.startsWith("/v1/") && o.regex.test(concrete(d.path)));
      expect(res.headers.get("access-control-allow-origin"), `${d.method} ${d.path}`).toBe(crossOrigin ? "*" : null);
    }
  });

  it("framable pages set their own framing; every other answer forbids framing", async () => {
    const framable = declaredRoutes().filter((d) => d.framable);
    expect(framable.map((d) => d.path)).toEqual(expect.arrayContaining(["/3ds/challenge/:authenticationId", "/3ds/device-data/:referenceId"]));
    for (const d of framable) {
      const res = await app.request(concrete(d.path), { method: d.method });
      expect(res.headers.get("x-frame-options"), d.path).toBeNull();
    }
    expect((await app.request("/health")).headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});
