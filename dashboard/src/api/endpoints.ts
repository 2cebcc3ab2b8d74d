/**
 * Each route of the dashboard's API (docs/dashboard.md) as a function: signing in, the member's
 * sessions, payments and the audit log here; the selling sections in selling.ts, developers and
 * team in developers.ts and team.ts. Payments calls carry the mode; the list asks for 20 a page,
 * the audit log for 50.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import { API_BASE, callDashboard, queryOf } from "./client";
import type { AuditPage, Me, Member, Mode, PaymentDetail, PaymentsPage, PaymentsQuery, Refund, RegistrationOptions, Session, SignInOptions, Timeline, Transaction } from "./types";

/** Payments a page. */
export const PAYMENTS_PAGE_SIZE = 20;
/** Audit rows a page. */
export const AUDIT_PAGE_SIZE = 50;

/** A path segment. */
export const id = (value: string) => encodeURIComponent(value);

/** Who the invite is for, and the options to create their passkey with. */
export const registrationOptions = (token: string) => callDashboard<RegistrationOptions>("/invites/registration-options", { method: "POST", body: { token } });

/** Registers the new passkey: the invite is spent and the member signed in. */
export const registerPasskey = (token: string, challengeId: string, response: RegistrationResponseJSON) =>
  callDashboard<{ member: Member }>("/invites/register", { method: "POST", body: { token, challengeId, response } });

/** A sign-in challenge, for any passkey of the service. */
export const signInOptions = () => callDashboard<SignInOptions>("/sign-in/options", { method: "POST" });

/** Signs in with the passkey's signed answer. */
export const signIn = (challengeId: string, response: AuthenticationResponseJSON) =>
  callDashboard<{ member: Member }>("/sign-in", { method: "POST", body: { challengeId, response } });

/** The member, their seller and what they may do. */
export const readMe = () => callDashboard<Me>("/me");

/** Ends this session (the cookie is cleared). */
export const signOut = () => callDashboard<void>("/sign-out", { method: "POST" });

/** The member's open sessions, newest first; `current` marks this one. */
export const listSessions = () => callDashboard<{ items: Session[] }>("/sessions");

/** Ends every session of the member, this one included (204; the cookie is cleared). */
export const signOutEverywhere = () => callDashboard<void>("/sign-out-everywhere", { method: "POST" });

/** The search's query parameters (PaymentsFilters' names are the API's) with the mode. */
const searchParams = ({ cursor: _cursor, ...q }: PaymentsQuery) => ({ ...q });

/** One page of the mode's payments that match the search, newest first. */
export const listPayments = (q: PaymentsQuery) => callDashboard<PaymentsPage>(`/payments${queryOf({ ...searchParams(q), size: PAYMENTS_PAGE_SIZE, cursor: q.cursor })}`);

/** Where the mode's payments that match the search download as CSV (streamed by the server). */
export const paymentsExportUrl = (q: Omit<PaymentsQuery, "cursor">) => `${API_BASE}/payments/export${queryOf(searchParams({ ...q, cursor: null }))}`;

/** One payment, with its refunds. */
export const readPayment = (paymentId: string, mode: Mode) => callDashboard<PaymentDetail>(`/payments/${id(paymentId)}${queryOf({ mode })}`);

/** One payment's events, oldest first, each with its webhook deliveries and their attempts. */
export const readTimeline = (paymentId: string, mode: Mode) => callDashboard<Timeline>(`/payments/${id(paymentId)}/timeline${queryOf({ mode })}`);

/**
 * Refunds `amount` (minor units) of a payment, with the seller's `reason` when one was typed.
 * `idempotencyKey` is the form submission's: a retry of the same submission sends it again and gets
 * the first refund back, never a second one.
 */
export const refundPayment = (paymentId: string, mode: Mode, amount: number, reason: string | undefined, idempotencyKey: string) =>
  callDashboard<Refund>(`/payments/${id(paymentId)}/refunds${queryOf({ mode })}`, { method: "POST", body: { amount, reason }, headers: { "Idempotency-Key": idempotencyKey } });

/** One page of the audit log, newest first. */
export const readAuditLog = (cursor: string | null) => callDashboard<AuditPage>(`/audit-log${queryOf({ size: AUDIT_PAGE_SIZE, cursor })}`);
