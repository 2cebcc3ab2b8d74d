/**
 * The dashboard's selling sections in workerd, over the libSQL HTTP database: a FINANCE member
 * creates a payment link, deactivates it, and reads the seller's
 * overview, each through the dashboard's API with the session cookie, as /v1 sees them.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { DashboardVisitor } from "../support/dashboard";
import { apiJson } from "./api";

const base = inject("baseUrl");
const send = (path: string, init: RequestInit) => exports.default.fetch(new Request(`${base}${path}`, init));

async function finance() {
  const email = `finance-${crypto.randomUUID().slice(0, 8)}@workerd.example.com`;
  const { inviteUrl } = await apiJson<{ inviteUrl: string }>("POST", `/v1/sellers/${inject("sellerId")}/team`, 201, { email, firstName: "Ana", profile: "FINANCE" });
  const v = new DashboardVisitor(send, new URL(base).origin);
  const res = await v.register(inviteUrl);
  expect(res.status, await res.clone().text()).toBe(201);
  return v;
}

describe("the dashboard's selling sections in workerd", () => {
  it("create a link → deactivate it → read the overview", async () => {
    const member = await finance();
    const body = { name: "Caneca Workerd", amountInCents: 3500, paymentMethods: ["PIX"] };
    const created = await member.request("POST", "/dashboard/api/payment-links", body);
    expect(created.status, await created.clone().text()).toBe(201);
    const link = (await created.json()) as { id: string; status: string };
    expect(link.status).toBe("ACTIVE");

    const deactivated = await member.request("POST", `/dashboard/api/payment-links/${link.id}/deactivate`);
    expect(deactivated.status, await deactivated.clone().text()).toBe(200);
    expect(await deactivated.json()).toMatchObject({ id: link.id, status: "INACTIVE" });
    expect(await apiJson("GET", `/v1/payment-links/${link.id}`, 200)).toMatchObject({ id: link.id, status: "INACTIVE" });
    const inactive = (await (await member.request("GET", "/dashboard/api/payment-links?status=INACTIVE&size=100")).json()) as { items: Array<{ id: string }> };
    expect(inactive.items.map((l) => l.id)).toContain(link.id);

    const charge = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, {
      paymentMethod: "PIX", amount: 2100, currency: "BRL", description: "Workerd overview",
      buyer: { name: "Maria da Silva", email: "maria@example.com", documentType: "CPF", documentNumber: "52998224725" },
    });
    await apiJson("POST", `/v1/sandbox/transactions/${charge.id}/pay`, 200);
    const res = await member.request("GET", "/dashboard/api/overview?mode=test");
    expect(res.status, await res.clone().text()).toBe(200);
    const overview = (await res.json()) as { sellerId: string; currency: string; totals: { count: number; volume: number }; byStatus: { PAID: { count: number } } };
    expect(overview).toMatchObject({ sellerId: inject("sellerId"), currency: "BRL" });
    // Other files share the seller: at least this charge, never fewer.
    expect(overview.totals.count).toBeGreaterThanOrEqual(1);
    expect(overview.totals.volume).toBeGreaterThanOrEqual(2100);
    expect(overview.byStatus.PAID.count).toBeGreaterThanOrEqual(1);
    expect((await member.request("GET", "/dashboard/api/overview?mode=sandbox")).status).toBe(400);
  });
});
