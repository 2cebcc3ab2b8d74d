/**
 * The spec's card input object and 3DS result, as transaction creation accepts them. Only their
 * shape is checked here: card payments (and with them these fields' rules) come with the 3DS
 * issue, and until then a card payment is refused before anything is stored.
 */
import { z } from "@hono/zod-openapi";
import { TOKENIZED_CARD_EXAMPLE } from "./examples/transactions";

const field = (max: number) => z.string().max(max, `at most ${max} characters`).optional();

/** The card input object (every field optional on its own). */
export const CardInputSchema = z
  .strictObject({
    cardToken: field(255),
    vault: field(32),
    number: field(255),
    holderName: field(255),
    expirationMonth: field(2),
    expirationYear: field(4),
    cvv: field(255),
    lastDigits: field(4),
    bin: field(8),
    tokenize: z.boolean().optional(),
  })
  .openapi("CardInput");

/** The 3DS authentication result sent with a card payment. */
export const ThreeDsSchema = z
  .strictObject({
    xid: field(255),
    cavv: z.string().min(1).max(255),
    cavvResultCode: field(8),
    secureVersion: z.string().min(1).max(16),
    directoryServerTransactionId: field(255),
    threeDsServerTransactionId: field(255),
  })
  .openapi("ThreeDsResult");

/** Body of POST /v1/cards/tokenize (the spec's field names). */
export const TokenizeRequestSchema = z
  .strictObject({
    buyerId: z.uuid({ error: "must be the id (UUID) of one of your buyers" }).openapi({ description: "The buyer who owns the card." }),
    cardHolderName: z.string().trim().min(1, "must not be empty").max(255, "at most 255 characters").optional(),
    cardNumber: z.string().regex(/^\d{12,19}$/, "must be 12 to 19 digits, with no spaces or dashes").openapi({ example: "4111111111111111" }),
    cardExpirationDate: z
      .string()
      .regex(/^(0[1-9]|1[0-2])\d{4}$/, "must be MMyyyy, e.g. 122030")
      .openapi({ example: "122030", description: "Month and four-digit year, MMyyyy." }),
    cardSecurityCode: z.string().regex(/^\d{3,4}$/, "must be 3 or 4 digits").optional().openapi({ description: "Checked for shape, then discarded: never stored." }),
    tokenizationMode: z
      .enum(["TOKENIZED_CARD", "STORED_CARD", "DEFAULT"], { error: "must be TOKENIZED_CARD, STORED_CARD or DEFAULT" })
      .default("DEFAULT")
      .openapi({ description: "STORED_CARD keeps the card on file (type STORED); the others make a reusable token (type TOKENIZED)." }),
  })
  .openapi("TokenizeCardRequest");

/** The spec's Tokenized card. */
export const TokenizedCardSchema = z
  .object({
    cardToken: z.string().openapi({ description: "Send as `card.cardToken` on a transaction." }),
    type: z.enum(["TOKENIZED", "STORED"]),
    buyerId: z.uuid().nullable(),
    status: z.enum(["ACTIVE", "INACTIVE"]),
    expirationDate: z.iso.datetime().openapi({ description: "The last instant the card is valid: the end of its expiry month, UTC." }),
    createdAt: z.iso.datetime(),
    card: z.object({
      brand: z.string(),
      holderName: z.string().nullable(),
      first6digits: z.string(),
      last4digits: z.string(),
      expirationMonth: z.string(),
      expirationYear: z.string(),
    }),
  })
  .openapi("TokenizedCard", { example: TOKENIZED_CARD_EXAMPLE });
export type CardInput = z.infer<typeof CardInputSchema>;
export type ThreeDsInput = z.infer<typeof ThreeDsSchema>;
