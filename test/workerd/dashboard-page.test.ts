/**
 * The dashboard's page and its bundle on the Worker: every page path answers the shell under its
 * own strict CSP (the Worker's route), and `/dashboard.js` is the static asset beside pay.js. The
 * Node host's side: dashboard/test/dashboard.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DASHBOARD_PAGE_CSP } from "../../worker/routes/dashboard-page";

const viaAssets = (env as unknown as { WORKER_WITH_ASSETS: Fetcher }).WORKER_WITH_ASSETS;

describe("the dashboard in workerd", () => {
  it("serves the shell at its page paths, under its CSP, never cached, in the browser's language", async () => {
    const id = crypto.randomUUID();
    const sections = ["/dashboard/overview", "/dashboard/payment-links", "/dashboard/subscriptions", `/dashboard/subscriptions/${id}`, "/dashboard/developers", "/dashboard/team", "/dashboard/sub-sellers", "/dashboard/sessions"];
    for (const path of ["/dashboard", "/dashboard/invite", "/dashboard/sign-in", "/dashboard/payments", `/dashboard/payments/${id}`, "/dashboard/audit-log", ...sections]) {
      const res = await viaAssets.fetch(`http://pay.test${path}`, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-security-policy")).toBe(DASHBOARD_PAGE_CSP);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<script type="module" src="/dashboard.js"></script>');
      expect(html).not.toMatch(/<script>(?!<\/script>)/);
    }
  });

  it("GET /dashboard.js: the application's bundle, as JavaScript, with nosniff", async () => {
    const res = await viaAssets.fetch("http://pay.test/dashboard.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = await res.text();
    // The application's API base and its elements.
    expect(body).toContain("`/dashboard/api`");
    for (const element of ["dashboard-sign-in", "dashboard-invite", "dashboard-payments"]) expect(body).toContain(`define(\`${element}\``);
  });
});
