/**
 * Subscription plans in workerd: created with the secret key (an alias answered as the interval
 * it means), read, listed with a status filter, archived (and archived again, unchanged) over
 * the libSQL HTTP database; no key and a stranger's id are refused.
 */
import { describe, expect, it } from "vitest";
import { api, apiJson } from "./api";

type Plan = { id: string; status: string; billingInterval: string; intervalCount: number; paymentMethods: string[]; amount: number; updatedAt: string };
type Page = { items: Plan[]; totalItems: number };

const planBody = { name: "Plano Trimestral", amountInCents: 12990, billingInterval: "QUARTERLY", paymentMethods: ["PIX", "CARD"] };

describe("subscription plans in workerd", () => {
  it("create, get, list, archive", async () => {
    const plan = await apiJson<Plan>("POST", "/v1/subscriptions/plans", 201, planBody);
    expect(plan).toMatchObject({ status: "ACTIVE", amount: 12990, billingInterval: "MONTH", intervalCount: 3, paymentMethods: ["PIX", "CREDIT_CARD"] });
    expect(await apiJson<Plan>("GET", `/v1/subscriptions/plans/${plan.id}`, 200)).toEqual(plan);

    const listed = await apiJson<Page>("GET", "/v1/subscriptions/plans?status=ACTIVE", 200);
    expect(listed.items[0]).toEqual(plan);

    const archived = await apiJson<Plan>("POST", `/v1/subscriptions/plans/${plan.id}/archive`, 200);
    expect(archived).toMatchObject({ id: plan.id, status: "ARCHIVED" });
    expect(archived.updatedAt >= plan.updatedAt).toBe(true);
    expect(await apiJson<Plan>("POST", `/v1/subscriptions/plans/${plan.id}/archive`, 200)).toEqual(archived);
    expect((await apiJson<Page>("GET", "/v1/subscriptions/plans?status=ACTIVE", 200)).items.map((p) => p.id)).not.toContain(plan.id);
    expect((await apiJson<Page>("GET", "/v1/subscriptions/plans?status=ARCHIVED", 200)).items.map((p) => p.id)).toContain(plan.id);
  });

  it("422 naming the field; 404 for an unknown plan; 401 with no key", async () => {
    const refused = await api("POST", "/v1/subscriptions/plans", { ...planBody, intervalCount: 2 });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Array<{ path: string }> }).errors.map((e) => e.path)).toEqual(["intervalCount"]);
    expect((await api("GET", "/v1/subscriptions/plans/7b0f1c1e-2d4a-4c59-9a51-0d3c1f2e4a11")).status).toBe(404);
    expect((await api("GET", "/v1/subscriptions/plans", undefined, {})).status).toBe(401);
  });
});
