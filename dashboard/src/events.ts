/**
 * The events the dashboard's elements send up to `<dashboard-app>`, which owns the address bar,
 * the session and the mode. All bubble and are composed (they leave each shadow root).
 */
import type { Member, Mode } from "./api/types";

export interface DashboardEventMap {
  /** Go to a dashboard path (`replace`: without a history entry). */
  "dashboard-navigate": CustomEvent<{ path: string; replace?: boolean }>;
  /** The member switched between test and live data. */
  "dashboard-mode-change": CustomEvent<{ mode: Mode }>;
  /** A passkey signed the member in (after an invite or on the sign-in page). */
  "dashboard-signed-in": CustomEvent<{ member: Member }>;
  /** The member signed out. */
  "dashboard-signed-out": CustomEvent<Record<string, never>>;
  /** The API answered 401: the session ended (idle, expired or revoked). */
  "dashboard-session-ended": CustomEvent<Record<string, never>>;
  /** A refund was requested (the payment page reads the payment again). */
  "dashboard-refunded": CustomEvent<{ refundId: string }>;
  /** A value reached the clipboard. */
  "dashboard-copied": CustomEvent<Record<string, never>>;
  /** A dialog closed. */
  "dashboard-dialog-closed": CustomEvent<Record<string, never>>;
  /** A payment link was created (the list reads its first page again). */
  "dashboard-link-created": CustomEvent<{ linkId: string }>;
  /** A webhook was registered, deleted, sent a test or its events replayed (the delivery log reads again). */
  "dashboard-webhooks-changed": CustomEvent<Record<string, never>>;
  /** A member was invited (the team reads again). */
  "dashboard-member-invited": CustomEvent<{ memberId: string }>;
}

/** Dispatches one of the dashboard's events from `target`. */
export function emit<K extends keyof DashboardEventMap>(target: EventTarget, type: K, detail: DashboardEventMap[K]["detail"]): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

declare global {
  interface HTMLElementEventMap extends DashboardEventMap {}
}
