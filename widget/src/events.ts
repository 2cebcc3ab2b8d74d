/**
 * Every event of the widget, in one map, and the one way they are dispatched (`emitEvent`, which
 * the base element's `emit` calls). The checkout's events are bubbling and composed (they cross
 * shadow roots to the seller's page), each with `detail {transactionId, status}` (plus what the
 * event names). Typed on HTMLElement so `el.addEventListener("pay-success", (e) =>
 * e.detail.transactionId)` type-checks.
 */
import type { CardBrand } from "../../shared/cards";
import type { CheckoutView } from "./gateway";

/** What every checkout event carries. */
export interface PayEventDetail {
  transactionId: string;
  status: CheckoutView["status"];
}

/** `pay-failed` adds why, in words a buyer may read (never an issuer's fraud reason). */
export interface PayFailedDetail extends PayEventDetail {
  failureCode: string | null;
  failureMessage: string | null;
}

export interface PayEventMap {
  /** The transaction was read and the checkout shows it. */
  "pay-ready": CustomEvent<PayEventDetail>;
  /** Every status change seen (including the first). */
  "pay-status": CustomEvent<PayEventDetail>;
  /** The transaction is PAID. */
  "pay-success": CustomEvent<PayEventDetail>;
  /** The payment failed, was cancelled or expired. */
  "pay-failed": CustomEvent<PayFailedDetail>;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends PayEventMap {}
}

/** `pay-3ds-challenge`: the bank's challenge is on screen (the EMV 3DS window size chosen). */
export interface Pay3dsChallengeDetail extends PayEventDetail {
  /** EMV `challengeWindowSize`: 01 250x400, 02 390x400, 03 500x600, 04 600x400, 05 full screen. */
  windowSize: "01" | "02" | "03" | "04" | "05";
}

/** `pay-3ds-error`: the flow stopped (run() rejects with the same GatewayError). */
export interface Pay3dsErrorDetail {
  transactionId: string;
  code: string;
  message: string;
}

/** The events of `<pay-3ds>` (bubbling, composed). */
export interface Pay3dsEventMap {
  /** The challenge dialog is shown. */
  "pay-3ds-challenge": CustomEvent<Pay3dsChallengeDetail>;
  /** 3DS and the sale are done: the checkout view's id and final status (PAID or FAILED, with why). */
  "pay-3ds-complete": CustomEvent<PayFailedDetail>;
  /** The flow stopped with an error (network, a refused call, the buyer cancelled). */
  "pay-3ds-error": CustomEvent<Pay3dsErrorDetail>;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends Pay3dsEventMap {}
}

/** `pay-card-change`'s detail: all the host page learns of the card. */
export interface PayCardChangeDetail {
  brand: CardBrand | null;
  last4: string | null;
  complete: boolean;
  valid: boolean;
}

/** The events of `<pay-card-form>` (bubbling, composed). */
export interface PayCardEventMap {
  "pay-card-change": CustomEvent<PayCardChangeDetail>;
  "pay-card-submit": CustomEvent<{ installments: number }>;
}

/** The events of `<pay-pix>`, for the checkout that holds it (bubbling, not composed). */
export interface PayPixEventMap {
  /** A fresh checkout view. */
  "pay-pix-update": CustomEvent<CheckoutView>;
  /** The countdown reached zero. */
  "pay-pix-expired": CustomEvent<{ transactionId: string }>;
}

/** Every event the widget dispatches. */
export type PayEvents = PayEventMap & Pay3dsEventMap & PayCardEventMap & PayPixEventMap;

/** Dispatches `type` from `target`: bubbling, and composed unless it is one element's word to its holder. */
export function emitEvent<K extends keyof PayEvents>(target: EventTarget, type: K, detail: PayEvents[K]["detail"], composed = true): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed }));
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends PayCardEventMap, PayPixEventMap {}
}
