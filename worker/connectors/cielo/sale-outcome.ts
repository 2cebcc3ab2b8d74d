/**
 * What a Cielo sale means to the gateway: its Payment.Status (the field Cielo says identifies the
 * state) read as the port's SaleOutcome, and a denial's ReturnCode as one of the gateway's decline
 * codes. Whether a decline is `hard` follows the ABECS table Cielo publishes (its "IRREVERSIBLE"
 * rows, per brand): those are the ones the networks forbid retrying. Pure, no I/O.
 */
import { DECLINE_MESSAGES } from "../../domain/acquirers/sandbox-cards";
import type { DeclineCode } from "../../domain/cards/test-cards";
import type { SaleOutcome } from "../../lib/acquirer";
import { SALE_STATUS, type CieloSale } from "./sales";

/** Hard for every brand, for none, or for the brands listed (gateway names). */
type Hard = boolean | { only: readonly string[] } | { except: readonly string[] };

/** ABECS return codes (two characters, as Cielo sends them) → gateway decline code and hardness. */
const ABECS: ReadonlyArray<readonly [readonly string[], DeclineCode, Hard]> = [
  [["51"], "insufficient_funds", false],
  [["05"], "do_not_honor", false],
  [["54"], "expired_card", true],
  // Lost (41), stolen (43), confirmed fraud (Visa 07), account closed or invalid (77): never retried.
  [["41", "43", "07", "77"], "card_blocked", true],
  // A temporary block (62) and a new card not yet unlocked (78) are REVERSIBLE in the ABECS table:
  // the holder can lift them, so dunning may try again.
  [["62", "78"], "card_blocked", false],
  [["59"], "suspected_fraud", false],
  // 63 is a security breach: IRREVERSIBLE for Elo, REVERSIBLE for Mastercard.
  [["63"], "suspected_fraud", { only: ["ELO"] }],
  // 57, "transaction not allowed for the card": IRREVERSIBLE for Visa, Elo and Amex, REVERSIBLE
  // for Mastercard and Hiper. Cielo's sandbox labels it "Expired Card"; production's meaning wins.
  [["57"], "card_declined", { except: ["MASTERCARD", "HIPERCARD"] }],
  // Invalid card number (14, Elo 56) and the other rows ABECS marks IRREVERSIBLE.
  [["14", "56", "12", "13", "15", "19", "23", "30", "82", "83", "88", "92", "93", "94", "N3", "N7", "N8", "P5"], "card_declined", true],
  [["70"], "card_declined", false],
  // Issuer down (91), system failure (96), Cielo's timeouts and failures (98, 99): worth a later try.
  [["91", "96", "98", "99"], "processing_error", false],
];

/** Amex: Cielo sends the two-character "From/To Cielo" codes of the ABECS table instead. */
const AMEX: ReadonlyArray<readonly [readonly string[], DeclineCode, Hard]> = [
  [["5", "A5"], "insufficient_funds", false],
  [["FA"], "do_not_honor", false],
  [["FD"], "card_blocked", true],
  [["BV"], "expired_card", true],
  [["8", "DA", "JB", "A2", "A3", "A7"], "card_declined", true],
  [["A4", "A6"], "card_declined", false],
  [["A1", "AE"], "processing_error", false],
];

/** What a sale's status says, or "pending" when it does not say yet (NotFinished, Pending, other). */
export function outcomeOfSale(sale: CieloSale, brand: string): SaleOutcome | "pending" {
  switch (sale.status) {
    case SALE_STATUS.Authorized:
    case SALE_STATUS.PaymentConfirmed:
      return { status: "APPROVED", authorizationCode: sale.authorizationCode ?? "", reference: sale.paymentId };
    case SALE_STATUS.Denied:
      return { ...declineOf(sale.returnCode, brand), reference: sale.paymentId };
    // Aborted (a processing failure), or authorized and already voided: no charge stands.
    case SALE_STATUS.Aborted:
    case SALE_STATUS.Voided:
    case SALE_STATUS.Refunded:
      return { ...declined("processing_error", false, sale.returnCode), reference: sale.paymentId };
    default:
      return "pending";
  }
}

/** A denial's ReturnCode as the gateway's decline; anything unlisted is a soft card_declined. */
export function declineOf(returnCode: string | null, brand: string): Extract<SaleOutcome, { status: "DECLINED" }> {
  const raw = (returnCode ?? "").trim().toUpperCase();
  const rule = (brand === "AMEX" ? AMEX.find(([codes]) => codes.includes(raw)) : undefined) ?? ABECS.find(([codes]) => codes.includes(twoCharacters(raw)));
  if (!rule) return declined("card_declined", false, returnCode);
  const [, code, hard] = rule;
  return declined(code, isHard(hard, brand), returnCode);
}

function isHard(hard: Hard, brand: string): boolean {
  if (typeof hard === "boolean") return hard;
  return "only" in hard ? hard.only.includes(brand) : !hard.except.includes(brand);
}

/** "5" and "05" are the same ABECS code. */
function twoCharacters(code: string): string {
  return code.length === 1 ? `0${code}` : code;
}

function declined(code: DeclineCode, hard: boolean, returnCode: string | null): Extract<SaleOutcome, { status: "DECLINED" }> {
  const suffix = returnCode ? ` (Cielo return code ${returnCode.slice(0, 8)})` : "";
  return { status: "DECLINED", code, message: `${DECLINE_MESSAGES[code]}${suffix}`, hard };
}
