/**
 * What the dashboard's API answers (docs/dashboard.md, "The dashboard's API"). Payments and
 * refunds are the `/v1` API's own types (worker/schemas/transaction.ts) and the list is its page
 * envelope (worker/lib/pagination.ts), imported as types only: nothing of the server reaches the
 * bundle, and the interface cannot drift from what `/v1` documents.
 */
import type { PaymentMoney } from "../../../worker/domain/dashboard/payment-money";
import type { paymentTimeline } from "../../../worker/domain/dashboard/payment-timeline";
import type { listSessions } from "../../../worker/domain/dashboard/sessions";
import type { Page } from "../../../worker/lib/pagination";
import type { Refund, Transaction } from "../../../worker/schemas/transaction";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

export type { Refund, Transaction };

/** Test data or live data: every payments call names one. */
export type Mode = "test" | "live";

/** A member's profile (the permission table's columns). */
export type Profile = "OWNER" | "ADMIN" | "FINANCE" | "OPERATION";

/** What a member may do (the server's one table); the interface hides what is not listed, the server enforces it. */
export type { Permission } from "../../../worker/domain/dashboard/permissions";

/** A team member as the dashboard's API shows one. */
export interface Member {
  id: string;
  email: string;
  firstName: string;
  lastName?: string | null;
  profile: Profile;
  /** Whether the member may act in live mode (docs/dashboard.md, "Test and live"); every answer of the API names it. */
  liveAccess?: boolean;
}

/** GET /dashboard/api/me. */
export interface Me {
  member: Member & { liveAccess: boolean };
  /**
   * `parentId`: a sub-seller's company; null for a company. `liveApprovedAt`: when the seller was
   * approved for live (null: it may look at its live mode, which is empty, and change nothing there).
   */
  seller: { id: string; name: string; parentId: string | null; liveApprovedAt: string | null };
  /** Strings, so a permission added by the server later is kept rather than refused. */
  permissions: string[];
  session?: unknown;
}

/** GET /dashboard/api/sessions: one of the member's open sessions (`current`: the one asking). */
export type Session = Awaited<ReturnType<typeof listSessions>>["items"][number];

/** POST /dashboard/api/invites/registration-options. */
export interface RegistrationOptions {
  challengeId: string;
  options: PublicKeyCredentialCreationOptionsJSON;
  member: Pick<Member, "email" | "firstName" | "profile">;
  seller: { name: string };
}

/** POST /dashboard/api/passkeys/registration-options: a new passkey of the signed-in member's own. */
export interface PasskeyOptions {
  challengeId: string;
  options: PublicKeyCredentialCreationOptionsJSON;
}

/** POST /dashboard/api/passkeys: the passkey added. */
export interface AddedPasskey {
  passkey: { id: string; createdAt: string };
}

/** POST /dashboard/api/sign-in/options. */
export interface SignInOptions {
  challengeId: string;
  options: PublicKeyCredentialRequestOptionsJSON;
}

/**
 * GET /dashboard/api/payments/{id}: the `/v1` Transaction with its money (what the buyer paid, the
 * fee, completed refunds, chargebacks and the net after them; null before it is paid).
 */
export type PaymentDetail = Transaction & { money: PaymentMoney | null };

/** GET /dashboard/api/payments/{id}/timeline: the payment's events, each with its webhook deliveries. */
export type Timeline = Awaited<ReturnType<typeof paymentTimeline>>;

/** GET /dashboard/api/payments: the envelope of `GET /v1/transactions`. */
export type PaymentsPage = Page<Transaction>;

/**
 * The payments search (docs/dashboard.md), each filter left out when unset: a status, a method, a
 * creation window [`from`, `to`) of ISO instants, an amount range in cents (both ends included),
 * the buyer's e-mail (exact, any case) and one search key ("Finding a payment").
 */
export interface PaymentsFilters {
  status?: Transaction["status"];
  paymentMethod?: Transaction["paymentMethod"];
  from?: string;
  to?: string;
  minAmount?: number;
  maxAmount?: number;
  email?: string;
  name?: string;
  document?: string;
  description?: string;
  paymentLinkId?: string;
  endToEndId?: string;
  cardLast4?: string;
}

/** The payments list's query: the mode, the search and the page's cursor (null: the first page). */
export interface PaymentsQuery extends PaymentsFilters {
  mode: Mode;
  cursor: string | null;
}

/** One row of the audit log. */
export interface AuditEntry {
  id: string;
  at: string;
  action: string;
  outcome: "ok" | "denied";
  member: { id: string; email: string | null } | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** GET /dashboard/api/audit-log. */
export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}
