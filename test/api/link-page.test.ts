/**
 * The payment link's page on the Node host's app: one framing policy (issue 28, finding 8). Its CSP
 * lets no one frame it (`frame-ancestors 'none'`), and X-Frame-Options says the same (DENY), where
 * before it said SAMEORIGIN. The Worker's side: test/workerd/link-page.test.ts.
 */
import { describe, expect, it } from "vitest";
import { createLink, publicCall } from "../support/payment-links";
import { createTestContext } from "../support/platform";

describe("GET /pay/{id}", () => {
  it("no one may frame it: frame-ancestors 'none' and X-Frame-Options DENY, for a link and for an unknown one", async () => {
    const ctx = await createTestContext();
    const link = await createLink(ctx);
    for (const [path, status] of [[`/pay/${link.id}`, 200], [`/pay/${crypto.randomUUID()}`, 404]] as const) {
      const res = await publicCall(ctx.app, "GET", path);
      expect(res.status).toBe(status);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      // One value (a set header, not a second one appended beside the default).
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
    // The API keeps its own default.
    expect((await publicCall(ctx.app, "GET", "/health")).headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});
