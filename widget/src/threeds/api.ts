/**
 * The 3DS calls a buyer's browser makes (docs/cards.md, "pendingAction"), each with the
 * publishable key and the transaction's client secret. `card: {}` everywhere: the card is the
 * one the seller's server sent with the transaction (setup), or setup's (authenticate), so the
 * page never handles a card number.
 */
import { gatewayFetch, type CheckoutView, type PaymentContext, type SetupResult } from "../gateway";
import type { DeviceInformation } from "./browser-info";

/** What is being paid, as authenticate repeats it (the server checks it against the transaction). */
export interface PaymentFacts {
  amount: number;
  currency: string;
  paymentMethod: "CREDIT_CARD" | "DEBIT_CARD";
}

/** authenticate's answer (the fields the widget reads). */
export interface AuthenticateResult {
  code: "AUTHENTICATION_SUCCESSFUL" | "PENDING_CHALLENGE" | "AUTHENTICATION_FAILED";
  authenticationTransactionId: string;
  stepUpUrl?: string;
}

/** challenge-result's answer (the field the widget reads). */
export interface ChallengeResult {
  status: "AUTHENTICATION_SUCCESSFUL" | "AUTHENTICATION_FAILED";
}

const post = <T>(path: string, ctx: PaymentContext, body: unknown) => gatewayFetch<T>(path, ctx, { method: "POST", body });

/** Opens a 3DS session for the card the seller's server sent with the transaction. */
export const setupSession = (ctx: PaymentContext) =>
  post<SetupResult>("/v1/transactions/threeds/setup", ctx, { card: {}, transactionId: ctx.transactionId, clientSecret: ctx.clientSecret });

/** Authenticates the buyer: frictionless, a challenge, or failed. No billing, no ipAddress (a browser's call). */
export const authenticate = (ctx: PaymentContext, setup: SetupResult, facts: PaymentFacts, deviceInformation: DeviceInformation, returnUrl: string) =>
  post<AuthenticateResult>("/v1/transactions/threeds/authenticate", ctx, {
    requestId: setup.requestId,
    referenceId: setup.referenceId,
    card: {},
    amount: facts.amount,
    currency: facts.currency,
    paymentMethod: facts.paymentMethod,
    returnUrl,
    deviceChannel: "BROWSER",
    deviceInformation,
    clientSecret: ctx.clientSecret,
  });

/** The challenge's outcome, once the buyer finished it in the frame. */
export const challengeResult = (ctx: PaymentContext, setup: SetupResult, authenticationTransactionId: string) =>
  post<ChallengeResult>("/v1/transactions/threeds/challenge-result", ctx, { requestId: setup.requestId, authenticationTransactionId, clientSecret: ctx.clientSecret });

/** Authorizes the sale with the 3DS result (and the buyer's installments): PAID or FAILED. */
export const confirm = (ctx: PaymentContext, installments?: number) =>
  post<Pick<CheckoutView, "id" | "status">>(`/v1/transactions/${encodeURIComponent(ctx.transactionId)}/3ds/confirm`, ctx, {
    clientSecret: ctx.clientSecret,
    ...(installments ? { installments } : {}),
  });

/**
 * The page's address as authenticate's `returnUrl` (the challenge page posts its result to this
 * origin). The schema allows 2048 characters; a longer address is cut to its origin, which is
 * what the challenge page uses.
 */
export function returnUrlOf(loc: Location): string {
  return loc.href.length <= 2048 ? loc.href : `${loc.origin}/`;
}
