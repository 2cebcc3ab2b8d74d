/**
 * The card frame on the Worker: `/elements/card-frame` and its files are static assets (dist/),
 * rewritten to dist/widget/ by dist/_redirects and given their headers (the frame's own CSP) by
 * dist/_headers, both written by widget/build.ts from widget/serving.ts. The Node host's side and
 * the frame at work: test/browser/card-frame.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CARD_FRAME_CSP } from "../../widget/serving";

const viaAssets = (env as unknown as { WORKER_WITH_ASSETS: Fetcher }).WORKER_WITH_ASSETS;

describe("the card frame on the Worker's static assets", () => {
  it("GET /elements/card-frame answers the page itself (no redirect) with its strict CSP, framable anywhere", async () => {
    const res = await viaAssets.fetch("http://pay.test/elements/card-frame", { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe(CARD_FRAME_CSP);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(await res.text()).toContain('autocomplete="cc-number"');
  });

  it("serves the frame's script, map and stylesheet beside it", async () => {
    for (const [path, type] of [
      ["/elements/card-frame.js", "text/javascript; charset=utf-8"],
      ["/elements/card-frame.js.map", "application/json; charset=utf-8"],
      ["/elements/card-frame.css", "text/css; charset=utf-8"],
    ] as const) {
      const res = await viaAssets.fetch(`http://pay.test${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe(type);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      await res.body?.cancel();
    }
  });
});
