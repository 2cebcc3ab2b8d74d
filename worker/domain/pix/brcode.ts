/**
 * PIX BR Code (EMV QRCPS merchant-presented mode) as the Banco Central do Brasil's
 * BR Code manual defines it: build a *dynamic* payload. (Reading one back, as a payer's
 * app does, is test code: test/support/brcode-reader.ts.)
 *
 * A payload is a run of TLV fields: 2-digit id, 2-digit decimal length, value. The
 * length counts characters, so every value we emit is printable ASCII: there one
 * character is one UTF-8 byte, and every reader (whichever unit it counts in) agrees.
 */

/** Input of {@link buildDynamicBrCode}. */
export interface DynamicBrCodeInput {
  /** Location URL without scheme, e.g. "pay.example.com/pix/v2/cobv/abc" (≤ 77 chars). */
  locationUrl: string;
  /** Amount in centavos: a safe integer > 0. */
  amountMinor: number;
  merchantName: string;
  merchantCity: string;
  /** Merchant category code, 4 digits; defaults to "0000" (not informed). */
  mcc?: string;
}

/** Thrown for an input that can't become, or a payload that isn't, a valid BR Code. */
export class BrCodeError extends Error {
  override name = "BrCodeError";
}

const PIX_GUI = "br.gov.bcb.pix";
const MAX_URL = 77; // 99 (template max) - "0014br.gov.bcb.pix" (18) - "25LL" (4)
const MAX_NAME = 25;
const MAX_CITY = 15;
const MAX_AMOUNT_MINOR = 999_999_999_999; // field 54 holds at most 13 chars: "9999999999.99"

/** CRC16/CCITT-FALSE of every byte value, so a byte costs one lookup instead of eight shifts. */
const CRC_TABLE = Uint16Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 8;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  return crc;
});
const utf8 = new TextEncoder();

/**
 * CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no xorout) of the
 * UTF-8 bytes of `text`, as 4 uppercase hex digits: the BR Code's field 63.
 */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8.encode(text)) crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[(crc >> 8) ^ byte]!;
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Builds a dynamic (point of initiation "12", single use) PIX BR Code whose
 * merchant account template points at `locationUrl`, the PSP URL serving the
 * signed charge. Throws {@link BrCodeError} on input that can't be encoded.
 */
export function buildDynamicBrCode(input: DynamicBrCodeInput): string {
  const url = input.locationUrl;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) throw new BrCodeError("locationUrl must not include a scheme");
  // A URL is not text to clean up: altering it would point the payer elsewhere.
  if (!/^[\x21-\x7e]+$/.test(url)) throw new BrCodeError("locationUrl must be non-empty printable ASCII without spaces");
  if (url.length > MAX_URL) throw new BrCodeError(`locationUrl is ${url.length} chars; the BR Code allows ${MAX_URL}`);
  const mcc = input.mcc ?? "0000";
  if (!/^\d{4}$/.test(mcc)) throw new BrCodeError("mcc must be 4 digits");
  const name = cleanText(input.merchantName, MAX_NAME);
  if (!name) throw new BrCodeError("merchantName is empty once reduced to plain ASCII");
  const city = cleanText(input.merchantCity, MAX_CITY);
  if (!city) throw new BrCodeError("merchantCity is empty once reduced to plain ASCII");

  const body =
    tlv("00", "01") +
    tlv("01", "12") +
    tlv("26", tlv("00", PIX_GUI) + tlv("25", url)) +
    tlv("52", mcc) +
    tlv("53", "986") +
    tlv("54", formatAmount(input.amountMinor)) +
    tlv("58", "BR") +
    tlv("59", name) +
    tlv("60", city) +
    // A dynamic code's txid lives in the charge behind the URL; the manual asks for "***" here.
    tlv("62", tlv("05", "***")) +
    "6304";
  return body + crc16ccitt(body);
}

/**
 * PIX Automático: `brCode` (a charge's dynamic BR Code) with the recurrence's location (field 80)
 * before the CRC, re-signed: journey 3's composite QR, which pays the charge and authorizes the
 * recurrence in one scan (the BCB's layout, as the PSP answers it in `dadosQR.pixCopiaECola`).
 */
export function withRecurrenceLocation(brCode: string, recurrenceLocationUrl: string): string {
  if (!/6304[0-9A-F]{4}$/.test(brCode)) throw new BrCodeError("brCode must end with its CRC");
  const body = `${brCode.slice(0, -8)}${recurrenceTemplate(recurrenceLocationUrl)}6304`;
  return body + crc16ccitt(body);
}

/**
 * PIX Automático journey 2: a BR Code that only authorizes a recurrence (no amount, no charge):
 * the merchant's name and city and the recurrence's location (field 80).
 */
export function buildRecurrenceBrCode(input: Omit<DynamicBrCodeInput, "amountMinor" | "locationUrl"> & { recurrenceLocationUrl: string }): string {
  const name = cleanText(input.merchantName, MAX_NAME);
  const city = cleanText(input.merchantCity, MAX_CITY);
  if (!name || !city) throw new BrCodeError("merchantName and merchantCity must keep plain ASCII text");
  const body =
    tlv("00", "01") + tlv("01", "12") + tlv("52", input.mcc ?? "0000") + tlv("53", "986") + tlv("58", "BR") + tlv("59", name) + tlv("60", city) + tlv("62", tlv("05", "***")) + recurrenceTemplate(input.recurrenceLocationUrl) + "6304";
  return body + crc16ccitt(body);
}

function recurrenceTemplate(url: string): string {
  if (!/^[\x21-\x7e]+$/.test(url) || url.length > MAX_URL) throw new BrCodeError(`a recurrence location must be printable ASCII of at most ${MAX_URL} chars`);
  return tlv("80", tlv("00", PIX_GUI) + tlv("25", url));
}

/** Integer centavos -> "R.CC" by string arithmetic, so no float rounding can creep in. */
function formatAmount(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > MAX_AMOUNT_MINOR) {
    throw new BrCodeError(`amountMinor must be an integer in 1..${MAX_AMOUNT_MINOR}`);
  }
  const digits = String(amountMinor).padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** True when `text` keeps at least one character once reduced to a BR Code's plain ASCII. */
export function hasBrCodeText(text: string | null | undefined): text is string {
  return !!text && cleanText(text, MAX_NAME) !== "";
}

/**
 * Reduces free text to printable ASCII of at most `max` chars: accents are split
 * off (NFD) and dropped, anything else outside 0x20-0x7E is dropped, spaces are
 * collapsed and trimmed. Truncation happens last so the limit is on the final text.
 */
function cleanText(text: string, max: number): string {
  // Printable ASCII already (a seller's name and city, on every charge): NFD and the two
  // character filters would change nothing, so skip them (they were most of a BR Code's cost).
  if (PRINTABLE_ASCII.test(text)) return text.replace(/ {2,}/g, " ").trim().slice(0, max).trimEnd();
  const ascii = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
  return ascii.slice(0, max).trimEnd();
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** One TLV; callers pass ASCII only, so `.length` is the character count. */
function tlv(id: string, value: string): string {
  if (value.length > 99) throw new BrCodeError(`field ${id} is ${value.length} chars; max is 99`);
  return id + String(value.length).padStart(2, "0") + value;
}
