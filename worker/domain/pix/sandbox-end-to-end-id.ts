/**
 * The end-to-end id (E2E id) the sandbox gives a test PIX it pays, shaped as the SPI's: "E", the
 * payer's bank ISPB (8 digits), the payment's UTC minute (yyyyMMddHHmm) and 11 letters and digits,
 * 32 characters in all. A live PIX's comes from the PSP; a test one gets its own so that the
 * payment's page and the API show what a seller will see (and support will ask for) in live mode.
 */
import { randomToken } from "../../lib/crypto";

/** The ISPB the sandbox's payer bank signs with: all nines, no real participant's. */
const SANDBOX_ISPB = "99999999";

/** A new E2E id for a test PIX paid at `at`. */
export function sandboxEndToEndId(at: Date): string {
  const minute = at.toISOString().slice(0, 16).replace(/\D/g, "");
  return `E${SANDBOX_ISPB}${minute}${randomToken(11)}`;
}
