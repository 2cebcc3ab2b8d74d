/**
 * The widget on the Worker: `/pay.js` and its map are static assets (dist/, wrangler.toml's
 * `[assets]`), rewritten to dist/widget/ by dist/_redirects and given their headers by
 * dist/_headers, both written by widget/build.ts from widget/serving.ts. The Node host's side:
 * test/browser/widget-served.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// The Worker behind Cloudflare's asset router (vitest.workers.config.ts binds it).
const viaAssets = (env as unknown as { WORKER_WITH_ASSETS: Fetcher }).WORKER_WITH_ASSETS;

describe("the widget on the Worker's static assets", () => {
  it("GET /pay.js answers the bundle as JavaScript, for any origin, with its cache policy", async () => {
    const res = await viaAssets.fetch("http://pay.test/pay.js", { headers: { Origin: "https://shop.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const body = await res.text();
    expect(body).toContain('customElements.define(`pay-checkout`');
    expect(body.trimEnd().endsWith("//# sourceMappingURL=pay.js.map")).toBe(true);
  });

  it("GET /pay.js.map answers the sourcemap beside it", async () => {
    const res = await viaAssets.fetch("http://pay.test/pay.js.map");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const map = (await res.json()) as { version: number; file: string; sources: string[] };
    expect(map).toMatchObject({ version: 3, file: "pay.js" });
    expect(map.sources).toContain("../../widget/src/pay.ts");
  });

  it("serves the rewrite itself (200), not a redirect, and never the rule files", async () => {
    const res = await viaAssets.fetch("http://pay.test/pay.js", { redirect: "manual" });
    expect(res.status).toBe(200);
    await res.body?.cancel();
    for (const rules of ["/_headers", "/_redirects"]) {
      const miss = await viaAssets.fetch(`http://pay.test${rules}`);
      expect(miss.status, rules).toBe(404); // reached the Worker: its problem+json 404
      await miss.body?.cancel();
    }
  });
});
