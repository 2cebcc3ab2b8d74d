/**
 * An IANA time zone name (`America/Sao_Paulo`), checked against the runtime's tz database and
 * answered with its usual capitals; anything else is `invalid_time_zone` naming the field.
 */
import { z } from "@hono/zod-openapi";
import { canonicalTimeZone } from "../lib/time-zone";

/** A time zone field (query or body): the canonical spelling after parsing. */
export const TimeZone = z
  .string()
  .refine((v) => canonicalTimeZone(v) !== null, {
    message: "must be an IANA time zone name, e.g. America/Sao_Paulo or UTC",
    params: { code: "invalid_time_zone" },
  })
  .transform((v) => canonicalTimeZone(v)!)
  .openapi({ type: "string", example: "America/Sao_Paulo" });
