/**
 * The spec's card input object and 3DS result, as transaction creation accepts them. Only their
 * shape is checked here: card payments (and with them these fields' rules) come with the 3DS
 * issue, and until then a card payment is refused before anything is stored.
 */
import { z } from "@hono/zod-openapi";

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
