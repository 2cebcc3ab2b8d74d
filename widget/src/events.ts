/**
 * The checkout's events: bubbling and composed (they cross shadow roots to the seller's page),
 * each with `detail {transactionId, status}` (plus what the event names). Typed on HTMLElement so
 * `el.addEventListener("pay-success", (e) => e.detail.transactionId)` type-checks.
 */
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

/** Dispatches a checkout event from `target` (bubbling, composed). */
export function emit<K extends keyof PayEventMap>(target: EventTarget, type: K, detail: PayEventMap[K]["detail"]): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
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

/** Dispatches a `<pay-3ds>` event from `target` (bubbling, composed). */
export function emit3ds<K extends keyof Pay3dsEventMap>(target: EventTarget, type: K, detail: Pay3dsEventMap[K]["detail"]): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends Pay3dsEventMap {}
}
