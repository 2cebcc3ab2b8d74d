/**
 * /docs on the Worker: the page loads Scalar from its own origin, never a CDN, and that script is
 * one of the Worker's static assets (dist/, wrangler.toml's `[assets]`), so the reference works
 * with no internet. The same checks for the Node host are in test/docs.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "./api";

// The Worker behind Cloudflare's asset router (vitest.workers.config.ts binds it).
const viaAssets = (env as unknown as { WORKER_WITH_ASSETS: Fetcher }).WORKER_WITH_ASSETS;

describe("/docs in workerd", () => {
  it("references a same-origin script, which the static assets answer with JavaScript", async () => {
    const page = await api("GET", "/docs", undefined, {});
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+';/);
    const html = await page.text();
    expect(html).not.toMatch(/<script[^>]+src="(https?:)?\/\//);
    const src = /<script src="(\/[^"/][^"]*)"/.exec(html)?.[1];
    expect(src).toBeDefined();

    const script = await viaAssets.fetch(`http://pay.test${src}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    expect(await script.text()).toContain("createApiReference");
  });

  it("still answers API routes through the same router (a miss on the assets reaches the Worker)", async () => {
    const res = await viaAssets.fetch("http://pay.test/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });
});
