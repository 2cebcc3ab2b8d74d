/** The postal address schema, and the rules for Brazilian states, CEPs and countries. */
import { z } from "@hono/zod-openapi";
import { ISO_COUNTRIES } from "../../shared/countries";
import { plainText } from "./text";

/** The 27 Brazilian federative units. */
export const BRAZILIAN_UFS = [
  "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA",
  "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
] as const;

/** ISO 3166-1 alpha-2 country code (upper-cased before the check). */
export const CountryCode = z
  .string()
  .transform((v) => v.toUpperCase())
  .refine((v) => ISO_COUNTRIES.has(v), { message: "must be an ISO 3166-1 alpha-2 country code, e.g. BR", params: { code: "invalid_country" } })
  .openapi({ type: "string", example: "BR" });

/** A 2-letter state; in Brazil one of the 27 UFs. */
const StateCode = z
  .string()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z]{2}$/.test(v), { message: "must be a 2-letter state code (UF), e.g. SP", params: { code: "invalid_state" } })
  .openapi({ type: "string", example: "SP" });

/** Digits only. */
export const Digits = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^\d+$/, `${what} must contain digits only`)
    .min(min, `${what} must have at least ${min} digits`)
    .max(max, `${what} must have at most ${max} digits`);

const addressFields = {
  street: plainText(200),
  number: plainText(20),
  complement: plainText(100).optional(),
  neighborhood: plainText(100),
  city: plainText(100),
  state: StateCode,
  zipCode: Digits(3, 10, "zipCode").openapi({ example: "01310100" }),
  country: CountryCode,
};

/** In Brazil the state must be a real UF and the CEP 8 digits. */
function brazilianRules(a: { state?: string; zipCode: string; country: string }, ctx: z.RefinementCtx) {
  if (a.country !== "BR") return;
  if (a.state !== undefined && !(BRAZILIAN_UFS as readonly string[]).includes(a.state)) {
    ctx.addIssue({ code: "custom", params: { code: "invalid_state" }, path: ["state"], message: "must be a Brazilian UF (e.g. SP, RJ)" });
  }
  if (a.zipCode.length !== 8) {
    ctx.addIssue({ code: "custom", params: { code: "invalid_zip_code" }, path: ["zipCode"], message: "a Brazilian CEP has 8 digits" });
  }
}

/** The buyer address: every field required but complement. */
export const AddressSchema = z.strictObject(addressFields).superRefine(brazilianRules).openapi("Address");

/** The address of a transaction's inline buyer, where the spec makes `state` optional. */
export const InlineAddressSchema = z
  .strictObject({ ...addressFields, state: StateCode.optional() })
  .superRefine(brazilianRules)
  .openapi("InlineBuyerAddress");
