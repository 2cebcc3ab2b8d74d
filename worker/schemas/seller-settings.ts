/**
 * A seller's settings (GET/PATCH /v1/sellers/{sellerId}/settings, docs/sellers.md): the time zone
 * its dashboards count days in.
 */
import { z } from "@hono/zod-openapi";
import { TimeZone } from "./time-zone";

const timeZoneDescription = "The IANA time zone whose days the seller's dashboards count (docs/dashboards.md). Default America/Sao_Paulo.";

/** The settings as answered. */
export const SellerSettingsSchema = z
  .object({
    sellerId: z.uuid(),
    timeZone: z.string().openapi({ example: "America/Sao_Paulo", description: timeZoneDescription }),
  })
  .openapi("SellerSettings", { example: { sellerId: "4983f9b0-6637-44c9-9530-3acb0060460d", timeZone: "America/Sao_Paulo" } });

/** PATCH's body: only the sent fields change. */
export const SellerSettingsPatchSchema = z
  .object({ timeZone: TimeZone.optional().openapi({ description: timeZoneDescription }) })
  .strict()
  .openapi("SellerSettingsPatch");
