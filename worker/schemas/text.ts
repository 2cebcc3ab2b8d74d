/** Free text a person typed: names, addresses, descriptions. */
import { z } from "@hono/zod-openapi";

// C0 and C1 control characters (tab, newline, NUL, escape…): never part of a name or an address,
// and they break the documents these fields travel into (BR Codes, the PIX payload, receipts).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

// Bidirectional controls (embeddings, overrides, isolates, marks): text that reaches a payer's
// bank could show "Loja ‮odnaM" as a different merchant (the Trojan Source trick).
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

// A UTF-16 surrogate without its pair is not a character: it cannot be encoded as UTF-8 and
// turns into U+FFFD (or an error) in every system downstream.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A trimmed, non-empty line of text of at most `max` characters, with no control characters,
 * bidirectional overrides or lone surrogates.
 */
export function plainText(max: number) {
  return z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), { message: "must not contain control characters (newlines, tabs, NUL…)", params: { code: "invalid_characters" } })
    .refine((v) => !BIDI.test(v), { message: "must not contain bidirectional control characters (U+202E and the like)", params: { code: "invalid_characters" } })
    .refine((v) => !LONE_SURROGATE.test(v), { message: "must be valid Unicode text (it has a lone surrogate)", params: { code: "invalid_characters" } });
}
