/**
 * Sub-seller schemas: the creation body (every enum the spec leaves "not shown" is decided here
 * and in docs/sellers.md), the Seller as returned, and the KYC decision of the sandbox.
 */
import { z } from "@hono/zod-openapi";
import { isValidCnpj, isValidCpf } from "../../shared/documents";
import { PAYMENT_METHODS } from "../../shared/payments";
import { pixKeyType, PIX_KEY_FORMATS } from "../../shared/pix-keys";
import { AddressSchema } from "./address";
import { checkDocument, DocumentNumber, DocumentType, Email } from "./buyer";
import { plainText } from "./text";
import { WebhookCreateSchema, WebhookSchema } from "./webhook";
import { SELLER_EXAMPLE, SELLER_WITH_KEYS_EXAMPLE } from "./examples/sellers";

export const SELLER_STATUSES = ["DRAFT", "PENDING", "ACTIVE", "SUSPENDED", "BLOCKED"] as const;
export const ACCOUNT_TYPES = ["CHECKING", "SAVINGS", "PAYMENT"] as const;
export const PIX_KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"] as const;
export const TRANSFER_TYPES = ["PIX", "TED"] as const;

const digits = (re: RegExp, message: string, example: string) => z.string().regex(re, message).openapi({ example });

/** The account that receives the sub-seller's settlements. */
export const BankAccountSchema = z
  .strictObject({
    bankCode: digits(/^\d{3}$/, "must be the 3-digit COMPE bank code", "341"),
    agencyNumber: digits(/^\d{1,5}$/, "must be 1 to 5 digits (no check digit)", "0001"),
    accountNumber: digits(/^\d{1,20}$/, "must be 1 to 20 digits (the check digit goes in accountDigit)", "123456"),
    accountDigit: digits(/^[0-9X]{1,2}$/, "must be 1 or 2 digits (or X)", "7").optional(),
    accountType: z.enum(ACCOUNT_TYPES, { error: `must be one of ${ACCOUNT_TYPES.join(", ")}` }),
    pixKey: z.string().max(77, "at most 77 characters").optional(),
    pixKeyType: z.enum(PIX_KEY_TYPES, { error: `must be one of ${PIX_KEY_TYPES.join(", ")}` }).optional(),
    transferType: z.enum(TRANSFER_TYPES, { error: `must be one of ${TRANSFER_TYPES.join(", ")}` }),
    accountHolderName: plainText(200),
    accountHolderDocument: digits(/^\d{11}$|^\d{14}$/, "must be a CPF (11 digits) or CNPJ (14 digits)", "11222333000181"),
  })
  .superRefine((b, ctx) => {
    const doc = b.accountHolderDocument;
    if ((doc.length === 11 && !isValidCpf(doc)) || (doc.length === 14 && !isValidCnpj(doc))) {
      ctx.addIssue({ code: "custom", params: { code: "invalid_check_digits" }, path: ["accountHolderDocument"], message: "has invalid check digits" });
    }
    if (b.pixKey !== undefined && b.pixKeyType === undefined) {
      ctx.addIssue({ code: "custom", params: { code: "required" }, path: ["pixKeyType"], message: "is required with pixKey" });
    }
    if (b.pixKeyType !== undefined && b.pixKey === undefined) {
      ctx.addIssue({ code: "custom", params: { code: "required" }, path: ["pixKey"], message: "is required with pixKeyType" });
    }
    if (b.pixKey !== undefined && b.pixKeyType !== undefined && pixKeyType(b.pixKey) !== b.pixKeyType) {
      ctx.addIssue({ code: "custom", params: { code: "invalid_pix_key" }, path: ["pixKey"], message: `is not a valid ${b.pixKeyType} key (${PIX_KEY_FORMATS})` });
    }
    if (b.transferType === "PIX" && b.pixKey === undefined) {
      ctx.addIssue({ code: "custom", params: { code: "required" }, path: ["pixKey"], message: "is required when transferType is PIX" });
    }
  })
  .openapi("BankAccount");

/** What the sub-seller does; every field optional, none personal. */
export const BusinessInfoSchema = z
  .strictObject({
    mcc: digits(/^\d{4}$/, "must be the 4-digit merchant category code", "5732").optional(),
    cnae: digits(/^\d{7}$/, "must be the 7-digit CNAE subclass, digits only", "4752100").optional(),
    businessType: plainText(100).optional(),
    websiteUrl: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2048, "at most 2048 characters").optional(),
  })
  .openapi("BusinessInfo");

/** Body of POST /v1/sellers. */
export const SellerCreateSchema = z
  .strictObject({
    legalName: plainText(200),
    fantasyName: plainText(200).optional(),
    documentType: DocumentType,
    documentNumber: DocumentNumber,
    email: Email,
    address: AddressSchema,
    bankAccount: BankAccountSchema,
    businessInfo: BusinessInfoSchema,
    webhooks: WebhookCreateSchema.optional(),
    paymentMethods: z
      .array(z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(", ")}` }))
      .min(1, "must name at least one method")
      .refine((m) => new Set(m).size === m.length, { message: "must not repeat a method", params: { code: "duplicate" } }),
    feePlanId: z.uuid("must be a UUID: a fee plan of yours (POST /v1/fee-plans)"),
    owner: z
      .strictObject({ email: Email.optional(), firstName: plainText(100), lastName: plainText(100).optional() })
      .optional()
      .openapi({ description: "The person who owns the seller's account (its team's OWNER). Default: the seller's e-mail and legal name." }),
  })
  .superRefine(checkDocument)
  .openapi("SellerCreate");

/** A seller as the API returns it. */
export const SellerSchema = z
  .object({
    id: z.uuid(),
    parentId: z.uuid().nullable(),
    legalName: z.string(),
    fantasyName: z.string().nullable(),
    documentType: z.enum(["CPF", "CNPJ"]).nullable(),
    documentNumber: z.string().nullable().openapi({ example: "11.***.***/0001-**", description: "Always masked." }),
    email: z.string(),
    status: z.enum(SELLER_STATUSES),
    statusReason: z.string().nullable(),
    paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
    feePlanId: z.uuid().nullable(),
    businessInfo: BusinessInfoSchema.nullable(),
    webhooks: z.array(WebhookSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Seller", { example: SELLER_EXAMPLE });

/** The creation's answer: the Seller with its keys, shown this once. */
export const SellerWithKeysSchema = SellerSchema.extend({
  apiKey: z.string().openapi({ description: "The sub-seller's secret key, in the caller's mode. Shown only now." }),
  publishableKey: z.string().openapi({ description: "The sub-seller's publishable key (pk_), for its checkout." }),
  webhookSecret: z.string().nullable().openapi({ description: "The secret of the webhook created with `webhooks`, shown only now." }),
}).openapi("SellerWithKeys", { example: SELLER_WITH_KEYS_EXAMPLE });

/** Body of POST /v1/sandbox/sellers/{sellerId}/kyc. */
export const KycDecisionSchema = z
  .strictObject({
    decision: z.enum(["approved", "rejected"], { error: "must be approved or rejected" }),
    reason: plainText(500).optional(),
  })
  .openapi("KycDecision");

/** Body of POST /v1/sellers/{sellerId}/suspend and …/reactivate. */
export const StatusChangeSchema = z.strictObject({ reason: plainText(500).optional() }).openapi("SellerStatusChange");

export type SellerCreate = z.infer<typeof SellerCreateSchema>;
export type Seller = z.infer<typeof SellerSchema>;
