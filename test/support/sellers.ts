/** Sub-seller test helpers: a company fee plan (written directly) and a valid creation body. */
import { feePlanRates, feePlans } from "../../worker/db/schema";
import type { Db } from "../../worker/db/client";
import { VALID_CNPJ, VALID_CPF } from "./fixtures";

/** Writes a fee plan owned by `ownerSellerId` pricing every method; returns its id. */
export async function companyFeePlan(db: Db, ownerSellerId: string, platformShareBps = 2000): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(feePlans).values({ id, name: "Plano Parceiros", ownerSellerId, platformShareBps, createdAt: new Date().toISOString() });
  await db.insert(feePlanRates).values(
    (["PIX", "CREDIT_CARD", "DEBIT_CARD"] as const).map((paymentMethod) => ({ feePlanId: id, paymentMethod, percentBps: 199, fixedAmount: 10 })),
  );
  return id;
}

/** A valid POST /v1/sellers body on `feePlanId`. */
export function sellerBody(feePlanId: string, overrides: Record<string, unknown> = {}) {
  return {
    legalName: "Padaria Pão Quente Ltda",
    fantasyName: "Pao Quente",
    documentType: "CNPJ",
    documentNumber: VALID_CNPJ,
    email: "dono@paoquente.com.br",
    address: { street: "Rua Augusta", number: "100", neighborhood: "Consolação", city: "Sao Paulo", state: "SP", zipCode: "01305000", country: "BR" },
    bankAccount: {
      bankCode: "341",
      agencyNumber: "0001",
      accountNumber: "123456",
      accountDigit: "7",
      accountType: "CHECKING",
      pixKey: VALID_CNPJ,
      pixKeyType: "CNPJ",
      transferType: "PIX",
      accountHolderName: "Padaria Pão Quente Ltda",
      accountHolderDocument: VALID_CNPJ,
    },
    businessInfo: { mcc: "5462", cnae: "1091102", businessType: "bakery", websiteUrl: "https://paoquente.com.br" },
    paymentMethods: ["PIX", "CREDIT_CARD"],
    feePlanId,
    ...overrides,
  };
}

export { VALID_CPF };
