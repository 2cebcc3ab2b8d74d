/**
 * /v1/sellers: a company creates and reads its sub-sellers, decides their KYC, suspends and
 * reactivates them; in test mode the sandbox also lets a seller decide its own KYC. The rules are in domain/sub-sellers/ (docs/sellers.md).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { createSubSeller } from "../domain/sub-sellers/create-sub-seller";
import { decideKyc, decideSubSellerKyc, setSuspended } from "../domain/sub-sellers/decide-status";
import { listSubSellers } from "../domain/sub-sellers/list-sub-sellers";
import { sellerInReach } from "../domain/sub-sellers/reach";
import { sellerView } from "../domain/sub-sellers/serialize";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { PageQuery, pageEnvelope } from "../lib/pagination";
import { idParam } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { KycDecisionSchema, SellerCreateSchema, SellerSchema, SellerWithKeysSchema, StatusChangeSchema } from "../schemas/seller";
import { SELLER_EXAMPLE } from "../schemas/examples/sellers";

const common = { tags: ["Sellers"] };
const SellerParam = idParam("sellerId");

const createSellerRoute = route({ caller: "company", companyOnly: "A sub-seller cannot create sellers; ask your company to create it." }, {
  ...common,
  method: "post",
  path: "/v1/sellers",
  operationId: "createSeller",
  summary: "Create a sub-seller (its secret key is shown once)",
  description:
    "A company registers a sub-seller on one of its fee plans. The sub-seller starts PENDING (KYC) and cannot take " +
    "payments until ACTIVE. 201 (the spec shows 200: every creation here answers 201). `apiKey`, `publishableKey` and " +
    "`webhookSecret` appear in this response only.",
  request: {
    body: jsonBody(SellerCreateSchema, {
      legalName: "Padaria Pão Quente Ltda",
      fantasyName: "Pão Quente",
      documentType: "CNPJ",
      documentNumber: "11222333000181",
      email: "dono@paoquente.com.br",
      address: { street: "Rua Augusta", number: "100", neighborhood: "Consolação", city: "São Paulo", state: "SP", zipCode: "01305000", country: "BR" },
      bankAccount: {
        bankCode: "341",
        agencyNumber: "0001",
        accountNumber: "123456",
        accountDigit: "7",
        accountType: "CHECKING",
        pixKey: "11222333000181",
        pixKeyType: "CNPJ",
        transferType: "PIX",
        accountHolderName: "Padaria Pão Quente Ltda",
        accountHolderDocument: "11222333000181",
      },
      businessInfo: { mcc: "5462", cnae: "1091102", businessType: "Padaria", websiteUrl: "https://paoquente.com.br" },
      paymentMethods: ["PIX", "CREDIT_CARD"],
      feePlanId: "9a4e1c70-5d2b-4f8e-a163-2b7c9d0e4f15",
    }),
  },
  responses: { 201: json(SellerWithKeysSchema, "The sub-seller and its keys."), ...problemResponses(400, 401, 403, 422) },
});

const listSellersRoute = route("secret", {
  ...common,
  method: "get",
  path: "/v1/sellers",
  operationId: "listSellers",
  summary: "The company's sub-sellers, newest first",
  request: { query: PageQuery },
  responses: { 200: json(pageEnvelope(SellerSchema, "SellerPage", SELLER_EXAMPLE), "A page of sub-sellers."), ...problemResponses(400, 401) },
});

const getSellerRoute = route("secret", {
  ...common,
  method: "get",
  path: "/v1/sellers/{sellerId}",
  operationId: "getSeller",
  summary: "A seller: itself, or a sub-seller of the calling company",
  request: { params: SellerParam },
  responses: { 200: json(SellerSchema, "The seller."), ...problemResponses(400, 401, 404) },
});

const moveRoute = (action: "suspend" | "reactivate") =>
  route("secret", {
    ...common,
    method: "post",
    path: `/v1/sellers/{sellerId}/${action}`,
    operationId: `${action}Seller`,
    summary: action === "suspend" ? "Suspend an ACTIVE sub-seller (its payments stop)" : "Reactivate a SUSPENDED sub-seller",
    request: { params: SellerParam, body: { ...jsonBody(StatusChangeSchema, { reason: "Documentos em revisão" }), required: false } },
    responses: { 200: json(SellerSchema, "The seller, moved."), ...problemResponses(400, 401, 403, 404, 409) },
  });

const companyKycRoute = route({ caller: "company", companyOnly: "A seller's KYC is decided by its company, not by the seller itself." }, {
  ...common,
  method: "post",
  path: "/v1/sellers/{sellerId}/kyc",
  operationId: "decideSellerKyc",
  summary: "Decide a PENDING sub-seller's KYC: approved → ACTIVE, rejected → BLOCKED",
  description:
    "The company's compliance decision on its sub-seller, in the key's mode. With a live key, approval also approves the " +
    "sub-seller for live mode: until then its live key reads and changes nothing (403 LIVE_MODE_NOT_APPROVED) and it " +
    "takes no live payment (docs/sellers.md, \"Test and live\"). A test-mode sub-seller is decided with a test key, as " +
    "the sandbox's route does.",
  request: { params: SellerParam, body: jsonBody(KycDecisionSchema, { decision: "approved" }) },
  responses: { 200: json(SellerSchema, "The seller, moved."), ...problemResponses(400, 401, 403, 404, 409) },
});

const kycRoute = route({ caller: "secret", testModeOnly: true }, {
  method: "post",
  path: "/v1/sandbox/sellers/{sellerId}/kyc",
  tags: ["Sandbox"],
  operationId: "sandboxDecideKyc",
  summary: "Decide a PENDING seller's KYC: approved → ACTIVE, rejected → BLOCKED (test mode)",
  request: { params: SellerParam, body: jsonBody(KycDecisionSchema, { decision: "approved" }) },
  responses: { 200: json(SellerSchema, "The seller, moved."), ...problemResponses(400, 401, 404, 409) },
});

/** The sellers routes. */
export const sellersRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createSellerRoute, async (c) => c.json(await createSubSeller(c.get("platform"), scopeOf(c), c.req.valid("json")), 201))
  .openapi(listSellersRoute, async (c) => c.json(await listSubSellers(c.get("platform"), scopeOf(c), c.req.valid("query")), 200))
  .openapi(getSellerRoute, async (c) => {
    const { db } = c.get("platform");
    const row = await sellerInReach(db, scopeOf(c), c.req.valid("param").sellerId);
    return c.json(await sellerView(db, scopeOf(c), row), 200);
  })
  .openapi(moveRoute("suspend"), async (c) => {
    const reason = c.req.valid("json")?.reason;
    return c.json(await setSuspended(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId, true, reason), 200);
  })
  .openapi(moveRoute("reactivate"), async (c) => {
    const reason = c.req.valid("json")?.reason;
    return c.json(await setSuspended(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId, false, reason), 200);
  })
  .openapi(companyKycRoute, async (c) => {
    const { decision, reason } = c.req.valid("json");
    return c.json(await decideSubSellerKyc(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId, decision, reason), 200);
  })
  .openapi(kycRoute, async (c) => {
    const { decision, reason } = c.req.valid("json");
    return c.json(await decideKyc(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId, decision, reason), 200);
  });
