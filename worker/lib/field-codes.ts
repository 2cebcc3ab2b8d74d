/**
 * The closed set of `errors[].code` values: what each invalid field of a problem may say, so a
 * client can branch on it (show "check the digits" beside a CPF) without parsing `message`.
 *
 * The first group comes from the validator itself (zod's issue codes, `required`, `unknown_field`);
 * the others are the API's own rules. A refinement names its code with
 * `params: { code: "…" }` (`.refine(fn, { message, params: { code } })`, or
 * `ctx.addIssue({ code: "custom", params: { code }, … })`), which `lib/validation.ts` reports in
 * place of zod's generic `custom`; the domain's own checks put one of these in the FieldError.
 * The errors page (`/docs/errors`) and `docs/errors.md` list this table; test/errors-docs.test.ts
 * holds the sources to it.
 */
export const FIELD_CODES = {
  // What the validator says of any field.
  required: "The field is missing, or what else you sent makes it necessary (`pixKeyType` with `pixKey`, `card` with `threeDs`, one of `buyerId` and `buyer`).",
  unknown_field: "The field is not part of the body: bodies are strict, so a misspelt field is never silently ignored.",
  invalid_type: "The value has the wrong JSON type (a string where a number goes, an array where an object goes).",
  invalid_format: "A string is not in the required form: digits only, a UUID, an e-mail address, an ISO 8601 date, an http(s) URL, a `whsec_` secret, 12 to 19 card digits.",
  invalid_value: "The value is not one of those allowed (an enum such as `paymentMethod` or `deviceChannel`).",
  too_small: "A number, text or list under its minimum (an amount of 0, an empty name, `maxInstallments` below `installments`).",
  too_big: "A number, text or list over its maximum (a description over 140 characters, more installments than allowed).",
  not_multiple_of: "A number that is not a multiple of the required step.",
  invalid_union: "The value matches none of the shapes the field accepts.",
  invalid_key: "A key of a map that the map does not allow (`installmentSurchargesBps` takes \"2\" to \"21\").",
  invalid_element: "An element of a map or set is invalid.",
  // The API's own rules.
  invalid_check_digits: "A CPF or CNPJ whose check digits are wrong: a digit was mistyped.",
  invalid_currency: "Not an ISO 4217 currency code.",
  invalid_time_zone: "Not an IANA time zone name (`America/Sao_Paulo`, `UTC`); offsets such as `-03:00` are not zones.",
  unsupported_currency: "A real currency that this operation does not take: a PIX charge is in BRL only.",
  invalid_country: "Not an ISO 3166-1 alpha-2 country code (`BR`).",
  invalid_state: "Not a two-letter state code, or in Brazil not one of the 27 UFs (`SP`, `RJ`).",
  invalid_zip_code: "A Brazilian CEP that does not have 8 digits.",
  invalid_characters: "Text with control characters (newlines, tabs, NUL), bidirectional overrides (U+202E) or a lone surrogate.",
  invalid_json: "A string that should hold a JSON object (`checkoutConfig`) is not valid JSON.",
  invalid_pix_key: "A `pixKey` that is not a key of its `pixKeyType` (CPF, CNPJ, e-mail, phone or random key).",
  duplicate: "A list names the same item twice (a payment method, an event type).",
  conflicting_fields: "Two fields that exclude each other were both sent (`buyerId` and `buyer`).",
  not_allowed: "A field that the rest of the request rules out (`card` on a PIX charge, installments on a debit card).",
  not_accepted: "A value this resource does not accept (a payment method a payment link does not offer).",
  not_found: "An id that names nothing of yours in this mode (`buyerId`, `cardToken`).",
  mismatch: "A value that must match an earlier step and does not (the 3DS authentication's card or amount).",
  not_authenticated: "A card token that has not yet paid with 3D Secure, so it cannot be charged merchant-initiated (a subscription's renewals): pay once with it through 3DS first.",
  luhn_failed: "A card number that fails the Luhn check: a digit is wrong.",
  unknown_brand: "A card number of no accepted brand.",
  invalid_length: "A card number of a length its brand never has.",
  invalid_month: "An expiration month that is not 01 to 12.",
  invalid_year: "An expiration year that is neither YYYY nor YY.",
  expired: "A card whose expiration date has passed.",
  invalid_cvv: "A security code of the wrong length for the card's brand.",
  invalid_url: "A URL the API will not call or send a buyer to (not http(s), a private address, http with a live key).",
  invalid_cursor: "A pagination cursor this API did not issue (use a page's `nextCursor`).",
  unknown_event: "An `after` event id that is not one of the seller's events of the last 30 days (use `since`).",
  invalid_period: "A period whose `from` is not before its `to`.",
  period_too_long: "A period longer than the longest allowed.",
  empty_range: "A range whose start is not before its end.",
  out_of_range: "A date outside the window the operation accepts.",
  not_in_future: "A date that must be in the future and is not (a payment link's `expiresAt`).",
} as const satisfies Record<string, string>;

export type FieldCode = keyof typeof FIELD_CODES;

/** True when `code` is a documented field code. */
export function isFieldCode(code: unknown): code is FieldCode {
  return typeof code === "string" && Object.hasOwn(FIELD_CODES, code);
}
