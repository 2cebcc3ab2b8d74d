/**
 * The search keys of a transaction list, shared by `GET /v1/transactions` and the dashboard's
 * `GET /dashboard/api/payments` (docs/dashboard.md, "Finding a payment"): each optional, all
 * combined with AND, each answered by an index (domain/transactions/search-filter.ts).
 */
import { z } from "@hono/zod-openapi";
import { documentKey, searchName } from "../../shared/search-text";
import { ResourceId } from "./ids";

const param = (name: string, description: string, example: string) => ({ param: { name, in: "query" as const }, description, example });

/** The query parameters, to extend a list's query with. */
export const PaymentSearchQuery = z.object({
  name: z
    .string()
    .max(120, "is at most 120 characters")
    .refine((v) => /[\p{L}\p{N}]/u.test(searchName(v)), { message: "must have a letter or digit", params: { code: "invalid_format" } })
    .optional()
    .openapi(param("name", "The buyer's name, by its beginning, in any case and with or without accents (`maria` finds Maria da Silva).", "maria da")),
  document: z
    .string()
    .max(32, "is at most 32 characters")
    .refine((v) => documentKey(v) !== null, { message: "must be a CPF (11 digits) or a CNPJ (14 characters), with or without punctuation", params: { code: "invalid_format" } })
    .optional()
    .openapi(param("document", "The buyer's CPF or CNPJ, with or without punctuation: matched through its blind index, exactly.", "529.982.247-25")),
  description: z
    .string()
    .min(1, "must not be empty")
    .max(200, "is at most 200 characters")
    .optional()
    .openapi(param("description", "Text the description contains (letters A–Z in any case).", "pedido 1234")),
  paymentLinkId: ResourceId.optional().openapi({ param: { name: "paymentLinkId", in: "query" }, description: "Only the charges of this payment link." }),
  endToEndId: z
    .string()
    .regex(/^[A-Za-z0-9]{1,35}$/, "must be a PIX end-to-end id (letters and digits, such as E00000000202611271200abcdefghijk)")
    .optional()
    .openapi(param("endToEndId", "A paid PIX's end-to-end id (`paymentDetails.endToEndId`), exactly.", "E18236120202611271200s0abcdefghi")),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/, "must be the card's last 4 digits")
    .optional()
    .openapi(param("cardLast4", "The card's last 4 digits.", "1111")),
});

/** What a list's search asks for, once read. */
export type PaymentSearch = z.infer<typeof PaymentSearchQuery>;
