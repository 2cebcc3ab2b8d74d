/**
 * Sub-sellers in workerd: a company creates one (keys shown once), the sandbox approves its KYC,
 * the sub-seller's own key charges, its team is labelled by Accept-Language, and a suspension
 * stops its payments.
 */
import { createClient } from "@libsql/client/web";
import { describe, expect, inject, it } from "vitest";
import { VALID_CNPJ } from "../support/fixtures";
import { api, apiJson } from "./api";

const sellerId = inject("sellerId");

/** A fee plan of the test company, written straight to the database. */
async function companyPlan(): Promise<string> {
  const db = createClient({ url: inject("libsqlUrl") });
  const id = crypto.randomUUID();
  await db.batch([
    { sql: "insert into fee_plans (id, name, owner_seller_id, platform_share_bps, created_at) values (?, 'Parceiros', ?, 1500, ?)", args: [id, sellerId, new Date().toISOString()] },
    { sql: "insert into fee_plan_rates (fee_plan_id, payment_method, percent_bps, fixed_amount) values (?, 'PIX', 100, 0)", args: [id] },
  ]);
  db.close();
  return id;
}

const body = (feePlanId: string) => ({
  legalName: "Mercado Bom Preco Ltda",
  documentType: "CNPJ",
  documentNumber: VALID_CNPJ,
  email: `dono-${crypto.randomUUID().slice(0, 8)}@bompreco.com.br`,
  address: { street: "Av. Paulista", number: "1000", neighborhood: "Bela Vista", city: "Sao Paulo", state: "SP", zipCode: "01310100", country: "BR" },
  bankAccount: { bankCode: "001", agencyNumber: "1234", accountNumber: "99887", accountType: "PAYMENT", transferType: "TED", accountHolderName: "Mercado Bom Preco Ltda", accountHolderDocument: VALID_CNPJ },
  businessInfo: {},
  paymentMethods: ["PIX"],
  feePlanId,
});

describe("sub-sellers in workerd", () => {
  it("created PENDING with a working key; KYC approval lets it charge; suspension stops it", async () => {
    const sub = await apiJson<{ id: string; apiKey: string; status: string; documentNumber: string }>("POST", "/v1/sellers", 201, body(await companyPlan()));
    expect(sub).toMatchObject({ status: "PENDING", documentNumber: "**.222.333/0001-**" });
    const asSub = { "X-Api-Key": sub.apiKey };
    const charge = { paymentMethod: "PIX", amount: 1000, currency: "BRL", buyer: { name: "Rui", documentType: "CNPJ", documentNumber: VALID_CNPJ, email: "rui@example.com" } };
    const refused = await api("POST", "/v1/transactions", charge, asSub);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "SELLER_NOT_ACTIVE", sellerStatus: "PENDING" });

    expect(await apiJson("POST", `/v1/sandbox/sellers/${sub.id}/kyc`, 200, { decision: "approved" })).toMatchObject({ status: "ACTIVE" });
    const created = await api("POST", "/v1/transactions", charge, asSub);
    expect(created.status).toBe(201);

    expect(await apiJson("POST", `/v1/sellers/${sub.id}/suspend`, 200)).toMatchObject({ status: "SUSPENDED" });
    // The Worker isolate that made the change forgot the cached key at once.
    expect((await api("POST", "/v1/transactions", charge, asSub)).status).toBe(422);

    const team = await api("GET", `/v1/sellers/${sub.id}/team`, undefined, { "X-Api-Key": inject("apiKey"), "Accept-Language": "en" });
    expect(team.headers.get("content-language")).toBe("en");
    expect(await team.json()).toMatchObject({ totalItems: 1, items: [{ profile: "OWNER", profileLabel: "Owner", statusLabel: "Invitation pending" }] });
    const list = await apiJson<{ items: { id: string }[] }>("GET", "/v1/sellers?size=100", 200);
    expect(list.items.map((s) => s.id)).toContain(sub.id);
  });
});

describe("modes in workerd", () => {
  it("a company's test key neither decides the KYC of, nor reads, nor suspends its live sub-seller", async () => {
    const db = createClient({ url: inject("libsqlUrl") });
    const id = crypto.randomUUID();
    const at = new Date().toISOString();
    await db.execute({
      sql: "insert into sellers (id, parent_id, legal_name, email, status, livemode, created_at, updated_at) values (?, ?, 'Filial ao vivo', 'live@example.com', 'PENDING', 1, ?, ?)",
      args: [id, sellerId, at, at],
    });
    expect((await api("POST", `/v1/sandbox/sellers/${id}/kyc`, { decision: "approved" })).status).toBe(404);
    expect((await api("GET", `/v1/sellers/${id}`)).status).toBe(404);
    expect((await api("POST", `/v1/sellers/${id}/suspend`)).status).toBe(404);
    const row = await db.execute({ sql: "select status from sellers where id = ?", args: [id] });
    db.close();
    expect(row.rows[0]!.status).toBe("PENDING");
  });
});
