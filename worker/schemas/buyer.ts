/**
 * Buyer schemas: the resource as returned, and the field rules shared by buyer creation, buyer
 * update and the inline `buyer` of a transaction.
 */
import { z } from "@hono/zod-openapi";
import { isValidDocument } from "../../shared/documents";
import { AddressSchema, Digits } from "./address";
import { plainText } from "./text";
import { BUYER_EXAMPLE } from "./examples/transactions";

export const BuyerName = plainText(200);
export const Email = z
  .email("must be a valid email address")
  .max(254, "at most 254 characters")
  .openapi({
    description:
      "An ASCII address whose domain has a dot and ends in a top-level domain of two or more letters. Refused: a " +
      "domain without a dot (`maria@localhost`), a one-letter or numeric top-level domain, IP literals, quoted or " +
      "dot-edged local parts, and non-ASCII characters (send an internationalized domain as punycode, `xn--…`).",
  });
export const Phone = Digits(10, 13, "phone").openapi({
  example: "11987654321",
  description: "Digits only, with area code (DDD); the country code 55 may lead.",
});
export const DocumentType = z.enum(["CPF", "CNPJ"], { error: "must be CPF or CNPJ" });
export const DocumentNumber = z
  .string()
  .regex(/^[0-9A-Z]+$/, "must contain digits only (no dots, dashes or slashes)")
  .openapi({ example: "12345678909", description: "CPF (11 digits) or CNPJ (14); returned masked." });

/** Adds the check-digit rule on `documentNumber` against `documentType`. */
export function checkDocument(v: { documentType: "CPF" | "CNPJ"; documentNumber: string }, ctx: z.RefinementCtx) {
  if (!isValidDocument(v.documentType, v.documentNumber)) {
    const size = v.documentType === "CPF" ? "11 digits" : "14 characters";
    ctx.addIssue({
      code: "custom",
      params: { code: "invalid_check_digits" },
      path: ["documentNumber"],
      message: `is not a valid ${v.documentType} (${size} with valid check digits)`,
    });
  }
}

/** Body of POST /v1/buyers. */
export const BuyerCreateSchema = z
  .strictObject({
    name: BuyerName,
    documentType: DocumentType,
    documentNumber: DocumentNumber,
    email: Email,
    phone: Phone,
    address: AddressSchema,
  })
  .superRefine(checkDocument)
  .openapi("BuyerCreate");

/** Body of PATCH /v1/buyers/{buyerId}: only the sent fields change; an address is replaced whole. */
export const BuyerUpdateSchema = z
  .strictObject({
    name: BuyerName.optional(),
    email: Email.optional(),
    phone: Phone.optional(),
    address: AddressSchema.optional(),
  })
  .openapi("BuyerUpdate");

/** A buyer as the API returns it. */
export const BuyerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    documentType: z.enum(["CPF", "CNPJ"]),
    documentNumber: z.string().openapi({ example: "***.456.789-**", description: "Always masked." }),
    email: z.string(),
    phone: z.string(),
    address: z.object({
      street: z.string(),
      number: z.string(),
      complement: z.string().nullable(),
      neighborhood: z.string(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
      country: z.string(),
    }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi("Buyer", { example: BUYER_EXAMPLE });

export type BuyerCreate = z.infer<typeof BuyerCreateSchema>;
export type BuyerUpdate = z.infer<typeof BuyerUpdateSchema>;
export type Buyer = z.infer<typeof BuyerSchema>;
