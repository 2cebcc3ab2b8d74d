/** Free text a person typed: names, addresses, descriptions. */
import { z } from "@hono/zod-openapi";

// C0 and C1 control characters (tab, newline, NUL, escape…): never part of a name or an address,
// and they break the documents these fields travel into (BR Codes, the PIX payload, receipts).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A trimmed, non-empty line of text of at most `max` characters, with no control characters. */
export function plainText(max: number) {
  return z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), "must not contain control characters (newlines, tabs, NUL…)");
}
