/** GET /v1/payments/config: its query and the spec's International payment config (docs/payments-config.md). */
import { z } from "@hono/zod-openapi";
import { isCurrency } from "../../shared/currency";
import { PAYMENTS_CONFIG_EXAMPLE } from "./examples/sellers";

/** The regions an international card payment is collected in. */
export const REGIONS = ["NA", "EU"] as const;
export type Region = (typeof REGIONS)[number];

/** Query of GET /v1/payments/config. */
export const PaymentsConfigQuerySchema = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be three upper-case letters, an ISO 4217 code such as USD")
    .refine(isCurrency, { message: "is not an ISO 4217 currency code", params: { code: "invalid_currency" } })
    .optional()
    .transform((v) => v ?? "BRL")
    .openapi({
      param: { name: "currency", in: "query" },
      type: "string",
      default: "BRL",
      example: "USD",
      description: "ISO 4217, upper case; default BRL. A valid code no region serves gives `enabled: false`, not an error.",
    }),
});

/** The spec's International payment config. */
export const PaymentsConfigSchema = z
  .object({
    enabled: z.boolean().openapi({ description: "The seller can take a card payment in this currency now (see docs/payments-config.md)." }),
    provider: z.string().nullable().openapi({ description: "The card acquirer smart routing sends a sale to by default; null when the key's mode has none.", example: "sandbox-alpha" }),
    region: z.enum(REGIONS).nullable().openapi({ description: "NA for USD/CAD, EU for EUR, GBP and the other European currencies; null for BRL (domestic) and unsupported currencies." }),
    currency: z.string().openapi({ description: "The resolved currency: the one asked for, or BRL.", example: "USD" }),
    publishableKey: z.string().nullable().openapi({ description: "The seller's current publishable key (pk_) of the key's mode, for the browser; null when it has none." }),
    collect: z.object({
      vaultId: z.string().openapi({ description: "Stable, non-secret id of the card vault that keeps this seller's cards in this mode.", example: "vault_3f1c9a0d2b7e4c5a8d6f1e2b3c4d5e6f" }),
      environment: z.enum(["sandbox", "live"]).openapi({ description: "sandbox for a test key, live for a live key." }),
    }),
  })
  .openapi("PaymentsConfig", { example: PAYMENTS_CONFIG_EXAMPLE });

export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;
