/**
 * /docs on the Node host: the page loads Scalar from its own origin, never a CDN, under a strict
 * Content-Security-Policy, and the host serves that script from dist/ (copied there by
 * `npm install`), so the reference works with no internet. The Worker's side: test/workerd/docs.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SCALAR_SCRIPT_PATH } from "../worker/routes/docs";
import { DIST_DIR, withStaticFiles } from "../worker/node/static-files";
import { createTestContext } from "./support/platform";

let served: ReturnType<typeof withStaticFiles>;
/** A request to the host's handler, as app.request() would send it. */
const host = { request: async (path: string, init?: RequestInit) => served.fetch(new Request(`http://pay.test${path}`, init)) };
beforeAll(async () => {
  // The same composition as worker/node.ts: dist/ in front of the app.
  served = withStaticFiles((await createTestContext()).app);
});

describe("GET /docs on the Node host", () => {
  it("references a same-origin script, which the host answers with JavaScript", async () => {
    const page = await host.request("/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="(https?:)?\/\//);
    const src = /<script src="(\/[^"/][^"]*)"/.exec(html)?.[1];
    expect(src).toBe(SCALAR_SCRIPT_PATH);

    const script = await host.request(src!);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
    const body = await script.text();
    expect(body).toContain("createApiReference");
    // What npm installed: the bundle of the pinned @scalar/api-reference, copied by postinstall.
    expect(body.length).toBe(readFileSync(join(DIST_DIR, SCALAR_SCRIPT_PATH), "utf8").length);
  });

  it("allows only this origin's scripts and the nonce'd inline start of Scalar", async () => {
    const page = await host.request("/docs");
    const csp = page.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)';/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval|\*/);
    const html = await page.text();
    // Every inline script carries the nonce; the next page gets another one.
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = (await host.request("/docs")).headers.get("content-security-policy");
    expect(again).not.toContain(nonce!);
  });

  it("keeps the API behind the static files: a miss reaches the app, with its headers", async () => {
    const res = await host.request("/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const missing = await host.request("/docs/nothing.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
  });
});
