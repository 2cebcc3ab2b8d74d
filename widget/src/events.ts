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
