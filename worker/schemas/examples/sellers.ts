/**
 * Response examples of sellers, their team, fee plans and the payments configuration:
 * what the /docs reference shows (issue 31).
 * Answers the API gave in a sandbox run (amounts in centavos, BRL, ids UUIDs), not placeholders;
 * test/openapi.examples.test.ts validates each against its schema.
 */

/** Seller. */
export const SELLER_EXAMPLE = {
  id: "1755f3cc-a8d9-4607-b3e9-7d2ca6d5a734",
  parentId: "4983f9b0-6637-44c9-9530-3acb0060460d",
  legalName: "Padaria Pão Quente Ltda",
  fantasyName: "Pao Quente",
  documentType: "CNPJ",
  documentNumber: "**.222.333/0001-**",
  email: "dono@paoquente.com.br",
  status: "ACTIVE",
  statusReason: null,
  paymentMethods: ["PIX", "CREDIT_CARD"],
  feePlanId: "2dbc853d-dc6d-40f1-b375-a4feede399c7",
  businessInfo: { mcc: "5462", cnae: "1091102", businessType: "bakery", websiteUrl: "https://paoquente.com.br" },
  webhooks: [],
  createdAt: "2026-01-15T12:00:02.000Z",
  updatedAt: "2026-01-15T12:00:02.000Z",
};

/** SellerWithKeys: the sub-seller as created (PENDING until its KYC), with its keys shown this once. */
export const SELLER_WITH_KEYS_EXAMPLE = {
  ...SELLER_EXAMPLE,
  status: "PENDING",
  apiKey: "sk_test_CtYok3Jbgkh2AVkyZfOhKf9bikQnHnts",
  publishableKey: "pk_test_itlTMM7fvETzdwterTitTIhbDgnGxobt",
  webhookSecret: null,
};

/** TeamList. */
export const TEAM_LIST_EXAMPLE = {
  items: [
    {
      id: "14d4db0b-d770-4afe-8c83-31501c90e11f",
      email: "dono@paoquente.com.br",
      firstName: "Padaria Pão Quente Ltda",
      lastName: null,
      profile: "OWNER",
      status: "INVITED",
      liveAccess: false,
      createdAt: "2026-01-15T12:00:02.000Z",
      profileLabel: "Proprietário",
      sellerAccessLabel: "Acesso total, incluindo a equipe e as chaves",
      statusLabel: "Convite pendente",
      lastAccessLabel: "Nunca acessou",
    },
  ],
  totalItems: 1,
};

/** TeamMemberInvited. */
export const TEAM_MEMBER_INVITED_EXAMPLE = {
  id: "d49fef83-bbd0-443c-84f2-7d2d55c04cf6",
  email: "ana@example.com",
  firstName: "Ana",
  lastName: null,
  profile: "FINANCE",
  status: "INVITED",
  liveAccess: false,
  createdAt: "2026-01-15T12:00:02.000Z",
  profileLabel: "Financeiro",
  sellerAccessLabel: "Transações, reembolsos e repasses",
  statusLabel: "Convite pendente",
  lastAccessLabel: "Nunca acessou",
  inviteUrl: "https://pay.example.com/dashboard/invite#token=CDUdlEbWLrpbEGmpNslxRz8RhN6ESLZaQCHHK11620P",
  inviteExpiresAt: "2026-01-18T12:00:02.000Z",
};

/** FeePlan. */
export const FEE_PLAN_EXAMPLE = {
  id: "f0f3cfb1-5f54-4950-9454-acffa49224db",
  name: "Parceiros",
  fees: { PIX: { percentBps: 150, fixedCents: 0 } },
  installmentSurchargesBps: {},
  platformShareBps: 2000,
  createdAt: "2026-01-15T12:00:02.000Z",
};

/** PaymentsConfig. */
export const PAYMENTS_CONFIG_EXAMPLE = {
  enabled: true,
  provider: "sandbox-alpha",
  region: null,
  currency: "BRL",
  publishableKey: "pk_test_8mg5aNnpfyT8FY2d6WdF0nj50h2xFyuW",
  collect: { vaultId: "vault_bd7c751bb7a6f7edb0800b92c26d38e4", environment: "sandbox" },
};
