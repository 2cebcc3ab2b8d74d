/**
 * The dashboard's API in workerd, over the libSQL HTTP database: a member invited with the
 * seller's secret key registers a passkey (the software authenticator; WebAuthn verified by
 * @simplewebauthn/server on workerd's WebCrypto), reads and refunds a payment, is refused what
 * the profile does not allow, signs out and back in; the Origin lock and the 401s hold.
 */
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import { PROFILE_PERMISSIONS } from "../../worker/domain/dashboard/permissions";
import { DashboardVisitor } from "../support/dashboard";
import { api, apiJson } from "./api";
import { createClient } from "@libsql/client/web";
import { env, exports } from "cloudflare:workers";
import { createDb } from "../../worker/db/client";
import { createCompanySeller } from "../../worker/domain/sellers";

const base = inject("baseUrl");
const origin = new URL(base).origin;
const send = (path: string, init: RequestInit) => exports.default.fetch(new Request(`${base}${path}`, init));

async function member(profile: string) {
  const email = `${profile.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@workerd.example.com`;
  const { inviteUrl } = await apiJson<{ inviteUrl: string }>("POST", `/v1/sellers/${inject("sellerId")}/team`, 201, { email, firstName: "Ana", profile });
  const v = new DashboardVisitor(send, origin);
  const res = await v.register(inviteUrl);
  expect(res.status, await res.clone().text()).toBe(201);
  return v;
}

async function paidPix(amount: number) {
  const body = { paymentMethod: "PIX", amount, currency: "BRL", description: "Workerd dashboard", buyer: { name: "Maria da Silva", email: "maria@example.com", documentType: "CPF", documentNumber: "52998224725" } };
  const created = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, body);
  await apiJson("POST", `/v1/sandbox/transactions/${created.id}/pay`, 200);
  return created.id;
}

describe("the dashboard in workerd", () => {
  it("invite → passkey → payment → partial refund → sign out → sign in", async () => {
    const id = await paidPix(4200);
    const finance = await member("FINANCE");
    const me = await (await finance.request("GET", "/dashboard/api/me")).json();
    expect(me).toMatchObject({ member: { profile: "FINANCE", status: "ACTIVE" }, permissions: [...PROFILE_PERMISSIONS.FINANCE] });
    const list = (await (await finance.request("GET", "/dashboard/api/payments?size=100")).json()) as { items: Array<{ id: string }> };
    expect(list.items.map((t) => t.id)).toContain(id);
    const refund = await finance.request("POST", `/dashboard/api/payments/${id}/refunds`, { amount: 1200 }, { "Idempotency-Key": crypto.randomUUID() });
    expect(refund.status, await refund.clone().text()).toBe(201);
    expect(await refund.json()).toMatchObject({ amount: 1200, status: "PENDING" });
    expect(((await (await api("GET", `/v1/transactions/${id}`)).json()) as { status: string }).status).toBe("REFUND_PENDING");
    expect((await finance.request("GET", "/dashboard/api/audit-log")).status).toBe(403);
    expect((await finance.request("POST", "/dashboard/api/sign-out")).status).toBe(204);
    expect((await finance.request("GET", "/dashboard/api/me")).status).toBe(401);
    expect((await finance.signIn()).status).toBe(200);
    expect((await finance.request("GET", "/dashboard/api/me")).status).toBe(200);
  });

  it("OPERATION cannot refund; a foreign Origin is 403; a key does not open the dashboard", async () => {
    const id = await paidPix(900);
    const operation = await member("OPERATION");
    const denied = await operation.request("POST", `/dashboard/api/payments/${id}/refunds`, { amount: 100 });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: "FORBIDDEN" });
    const foreign = await send("/dashboard/api/sign-out", { method: "POST", headers: { Origin: "https://evil.example", Cookie: `pay_dashboard=${operation.cookie}` } });
    expect(foreign.status).toBe(403);
    expect((await operation.request("GET", "/dashboard/api/me")).status).toBe(200);
    const withKey = await api("GET", "/dashboard/api/me");
    expect(withKey.status).toBe(401);
    expect(await withKey.json()).toMatchObject({ code: "DASHBOARD_SIGN_IN_REQUIRED" });
    const cookieOnV1 = await send("/v1/transactions", { headers: { Cookie: `pay_dashboard=${operation.cookie}` } });
    expect(cookieOnV1.status).toBe(401);
  });

  it("an ADMIN rolls a secret key with a window: the old key works until its expiry, the new one at once; a webhook delivery log is read", async () => {
    // A company of its own: rolling the shared seller's key would cut the other workerd tests off.
    const client = createClient({ url: env.TURSO_DATABASE_URL });
    const company = await createCompanySeller(createDb(client), { legalName: "Roll Workerd Ltda", email: "roll@workerd.example.com", city: "Sao Paulo" }, new Date());
    client.close();
    const asCompany = { "X-Api-Key": company.apiKey };
    const invited = await api("POST", `/v1/sellers/${company.sellerId}/team`, { email: "adm@roll.example.com", firstName: "Adm", profile: "ADMIN" }, asCompany);
    const admin = new DashboardVisitor(send, origin);
    expect((await admin.register(((await invited.json()) as { inviteUrl: string }).inviteUrl)).status).toBe(201);
    const res = await admin.request("POST", "/dashboard/api/keys/roll", { kind: "secret", expiresInHours: 1 });
    expect(res.status, await res.clone().text()).toBe(201);
    const rolled = (await res.json()) as { key: string; previous: Array<{ expiresAt: string }> };
    expect(Date.parse(rolled.previous[0]!.expiresAt) - Date.now()).toBeGreaterThan(3_500_000);
    expect((await api("GET", "/v1/transactions", undefined, { "X-Api-Key": rolled.key })).status).toBe(200);
    expect((await api("GET", "/v1/transactions", undefined, asCompany)).status).toBe(200);
    const now = await admin.request("POST", "/dashboard/api/keys/roll", { kind: "secret", expiresInHours: 0 });
    const newest = ((await now.json()) as { key: string }).key;
    expect((await api("GET", "/v1/transactions", undefined, { "X-Api-Key": rolled.key })).status).toBe(401);
    expect((await api("GET", "/v1/transactions", undefined, { "X-Api-Key": newest })).status).toBe(200);
    expect((await admin.request("GET", "/dashboard/api/webhooks/deliveries")).status).toBe(200);
    const audit = (await (await admin.request("GET", "/dashboard/api/audit-log")).json()) as { items: Array<{ action: string }> };
    expect(audit.items.map((e) => e.action)).toEqual(["api_key.roll", "api_key.roll", "passkey.register"]);
  });
});

