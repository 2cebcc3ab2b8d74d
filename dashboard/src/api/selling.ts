/**
 * The selling sections' routes (docs/dashboard.md) as functions: the overview, payment links,
 * subscriptions and a company's sub-sellers. Every call names the mode.
 */
import { callDashboard, queryOf } from "./client";
import { id } from "./endpoints";
import type { Mode } from "./types";
import type {
  HeldUseReleased,
  HeldUsesPage,
  Overview,
  PaymentLink,
  PaymentLinkDraft,
  Seller,
  SubSellersPage,
  Subscription,
  SubscriptionsPage,
  SubscriptionWithInvoices,
  PaymentLinksPage,
} from "./selling-types";

/** Items a page of links, subscriptions and sub-sellers. */
export const LIST_PAGE_SIZE = 20;

/** The overview's figures over the last `days` days of the seller's time zone, today included. */
export const readOverview = (mode: Mode, days: number) => callDashboard<Overview>(`/overview${queryOf({ mode, days })}`);

/** A page of the mode's payment links, newest first. */
export const listLinks = (mode: Mode, cursor: string | null) => callDashboard<PaymentLinksPage>(`/payment-links${queryOf({ mode, size: LIST_PAGE_SIZE, cursor })}`);

/**
 * Creates a link. `idempotencyKey` is the form submission's (the same one when it is sent again);
 * the server ignores it today: its create is not idempotent, as `POST /v1/payment-links` is not.
 */
export const createLink = (mode: Mode, draft: PaymentLinkDraft, idempotencyKey: string) =>
  callDashboard<PaymentLink>(`/payment-links${queryOf({ mode })}`, { method: "POST", body: draft, headers: { "Idempotency-Key": idempotencyKey } });

/** Activates or deactivates a link. */
export const moveLink = (mode: Mode, linkId: string, move: "activate" | "deactivate") =>
  callDashboard<PaymentLink>(`/payment-links/${id(linkId)}/${move}${queryOf({ mode })}`, { method: "POST" });

/** A link's held uses (its charges waiting to be paid), newest first: the first 100. */
export const listHeldUses = (mode: Mode, linkId: string) => callDashboard<HeldUsesPage>(`/payment-links/${id(linkId)}/holds${queryOf({ mode, size: 100 })}`);

/** Releases a held use: its charge is cancelled and the use is free. */
export const releaseHeldUse = (mode: Mode, linkId: string, transactionId: string) =>
  callDashboard<HeldUseReleased>(`/payment-links/${id(linkId)}/holds/${id(transactionId)}/release${queryOf({ mode })}`, { method: "POST" });

/** A page of the mode's subscriptions, newest first. */
export const listSubscriptions = (mode: Mode, cursor: string | null) =>
  callDashboard<SubscriptionsPage>(`/subscriptions${queryOf({ mode, size: LIST_PAGE_SIZE, cursor })}`);

/** One subscription with its latest invoices. */
export const readSubscription = (mode: Mode, subscriptionId: string) => callDashboard<SubscriptionWithInvoices>(`/subscriptions/${id(subscriptionId)}${queryOf({ mode })}`);

/** Cancels now, or at the end of the current period. */
export const cancelSubscription = (mode: Mode, subscriptionId: string, atPeriodEnd: boolean) =>
  callDashboard<Subscription>(`/subscriptions/${id(subscriptionId)}/cancel${queryOf({ mode })}`, { method: "POST", body: { atPeriodEnd } });

/** A page of the company's sub-sellers of the mode (403 FORBIDDEN for a sub-seller's member). */
export const listSubSellers = (mode: Mode, cursor: string | null, size = LIST_PAGE_SIZE) =>
  callDashboard<SubSellersPage>(`/sub-sellers${queryOf({ mode, size, cursor })}`);

/** Suspends or reactivates a sub-seller. */
export const moveSubSeller = (mode: Mode, sellerId: string, move: "suspend" | "reactivate") =>
  callDashboard<Seller>(`/sub-sellers/${id(sellerId)}/${move}${queryOf({ mode })}`, { method: "POST" });
