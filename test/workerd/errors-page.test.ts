/**
 * The errors page on the Worker: a problem's `type` is `{PUBLIC_BASE_URL}/docs/errors#CODE`, and
 * that URL, reached as the internet reaches it (through the static assets first), is the page
 * with the code's entry, under its strict policy. The Node host's side: test/errors-docs.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { api } from "./api";

// The Worker behind Cloudflare's asset router (vitest.workers.config.ts binds it).
const viaAssets = (env as unknown as { WORKER_WITH_ASSETS: Fetcher }).WORKER_WITH_ASSETS;

describe("/docs/errors in workerd", () => {
  it("a problem's type links to its code's entry on the page the Worker serves", async () => {
    const res = await api("GET", `/v1/transactions/${crypto.randomUUID()}`);
    expect(res.status).toBe(404);
    const problem = (await res.json()) as { code: string; type: string };
    expect(problem.code).toBe("RESOURCE_NOT_FOUND");
    expect(problem.type).toBe(`${inject("baseUrl")}/docs/errors#RESOURCE_NOT_FOUND`);

    const page = await viaAssets.fetch(problem.type);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; /);
    const html = await page.text();
    expect(html).toContain('<section id="RESOURCE_NOT_FOUND">');
    expect(html).toContain('<section id="TRANSACTION_EXPIRED">');
    expect(html).toContain('<tr id="field-invalid_check_digits">');
    expect(html).not.toMatch(/<script|\ssrc=/);
  });

  it("a field error's code is a documented one, not custom", async () => {
    const res = await api("POST", "/v1/transactions", {
      paymentMethod: "PIX",
      amount: 1000,
      currency: "USD",
      buyer: { name: "Maria", documentType: "CPF", documentNumber: "52998224724" },
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { type: string; errors: Array<{ path: string; code: string }> };
    expect(problem.type).toBe(`${inject("baseUrl")}/docs/errors#VALIDATION_FAILED`);
    expect(Object.fromEntries(problem.errors.map((e) => [e.path, e.code]))).toEqual({ currency: "unsupported_currency", "buyer.documentNumber": "invalid_check_digits" });
  });

  it("a PATCH on a path without PATCH is a 405 with Allow, before its (missing) body is looked at", async () => {
    const res = await api("PATCH", "/v1/transactions");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
  });
});
