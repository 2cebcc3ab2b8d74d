/**
 * The card frame's postMessage protocol, shared by both sides: the frame (card-frame.ts, on the
 * gateway's origin) and `<pay-card-form>` (on the seller's page). docs/widget.md, "Card entry".
 *
 * Every message is an object with a `type`. Each side checks who sent it before reading it:
 * the host takes only messages from its own iframe's window on the gateway's origin; the frame
 * takes the first `pay:card:init` from its parent window, remembers that origin, and from then on
 * takes messages only from that window and origin and posts only to that origin. Nothing the
 * frame posts ever holds the card number, the expiry or the CVV.
 */
import type { CardBrand } from "../../../shared/cards";
import { CARD_FRAME_PATH } from "../../serving";
import type { SetupResult } from "../gateway";

/** The card frame's URL path on the gateway (widget/serving.ts serves it there). */
export { CARD_FRAME_PATH };

/** The theme the host reads from its computed style and hands the frame (it cannot inherit CSS). */
export const THEME_PROPERTIES = [
  "--pay-color-primary",
  "--pay-color-text",
  "--pay-color-background",
  "--pay-color-error",
  "--pay-radius",
  "--pay-font-family",
  "--pay-font-size",
] as const;

/** The frame's fields. */
export type CardField = "number" | "expiry" | "cvv" | "holderName";

/** Why a field is not valid (the frame shows each in the buyer's language). */
export type CardErrorCode =
  | "required"
  | "incomplete"
  | "luhn_failed"
  | "unknown_brand"
  | "invalid_length"
  | "invalid_month"
  | "expired"
  | "invalid_cvv";

/** The errors shown at the fields, by field. */
export type CardErrors = Partial<Record<CardField, CardErrorCode>>;

/** What the host may know of the card: never more. */
export interface CardChange {
  brand: CardBrand | null;
  /** Only when the number is complete and valid. */
  last4: string | null;
  /** Every field filled to its full length. */
  complete: boolean;
  /** Complete, and every check passes. */
  valid: boolean;
  errors: CardErrors;
}

/** host → frame: who pays (again at any time, to change locale or theme). */
export interface CardInitMessage {
  type: "pay:card:init";
  publishableKey: string;
  transactionId: string;
  clientSecret: string;
  locale: string;
  theme: Partial<Record<(typeof THEME_PROPERTIES)[number], string>>;
  paymentMethod: "CREDIT_CARD" | "DEBIT_CARD";
}

/** host → frame: send the card to setup. */
export interface CardSubmitMessage {
  type: "pay:card:submit";
  requestId: string;
}

export type HostMessage = CardInitMessage | CardSubmitMessage;

export type FrameMessage =
  | { type: "pay:card:ready" }
  | ({ type: "pay:card:change" } & CardChange)
  | { type: "pay:card:resize"; height: number }
  | { type: "pay:card:setup"; requestId: string; result: SetupResult }
  | { type: "pay:card:error"; requestId: string; code: string; message: string; field?: CardField };

/** The message's `type` when it is one of this protocol's objects, else null. */
export function messageType(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const type = (data as { type?: unknown }).type;
  return typeof type === "string" && type.startsWith("pay:card:") ? type : null;
}
