/**
 * Fee plans and the payments config in workerd: a company creates a plan, reads it back and
 * finds it in its list; the payments config answers with the region, the publishable key and
 * the vault of the key's mode, as on the Node host.
 */
import { describe, expect, inject, it } from "vitest";
import { api, apiJson } from "./api";

type Plan = { id: string; name: string; fees: Record<string, unknown>; installmentSurchargesBps: Record<string, number>; platformShareBps: number };

describe("fee plans in workerd", () => {
  it("creates a plan, reads it, lists it; a bad field is a 400 naming it", async () => {
    const body = {
      name: "Plano workerd",
      fees: { PIX: { percentBps: 80, fixedCents: 0 }, CREDIT_CARD: { percentBps: 299, fixedCents: 50 } },
      installmentSurchargesBps: { "12": 900 },
      platformShareBps: 2000,
    };
    const plan = await apiJson<Plan>("POST", "/v1/fee-plans", 201, body);
    expect(plan).toMatchObject({ ...body, id: expect.any(String) });
    expect(await apiJson<Plan>("GET", `/v1/fee-plans/${plan.id}`, 200)).toEqual(plan);
    const page = await apiJson<{ items: Plan[]; totalItems: number }>("GET", "/v1/fee-plans?size=100", 200);
    expect(page.items).toContainEqual(plan);
    expect(page.totalItems).toBeGreaterThanOrEqual(1);

    const bad = await api("POST", "/v1/fee-plans", { ...body, fees: { ...body.fees, PIX: { percentBps: -1, fixedCents: 0 } } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Array<{ path: string }> }).errors.map((e) => e.path)).toEqual(["fees.PIX.percentBps"]);
    expect((await api("GET", `/v1/fee-plans/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("GET /v1/payments/config: region, publishable key and sandbox vault of the test key", async () => {
    const config = await apiJson<Record<string, unknown>>("GET", "/v1/payments/config?currency=EUR", 200);
    expect(config).toMatchObject({
      enabled: true,
      provider: "sandbox-alpha",
      region: "EU",
      currency: "EUR",
      publishableKey: expect.stringMatching(/^pk_test_/),
      collect: { vaultId: expect.stringMatching(/^vault_[0-9a-f]{32}$/), environment: "sandbox" },
    });
    expect(await apiJson("GET", "/v1/payments/config", 200)).toMatchObject({ region: null, currency: "BRL", collect: config.collect });
    const bad = await api("GET", "/v1/payments/config?currency=eur");
    expect(bad.status).toBe(400);
    // The vault id docs/payments-config.md defines, computed here with workerd's own SHA-256.
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`card-vault:${inject("sellerId")}:test`)));
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect((config.collect as { vaultId: string }).vaultId).toBe(`vault_${hex.slice(0, 32)}`);
  });
});
