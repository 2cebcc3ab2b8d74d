/**
 * What the selling sections' routes answer (docs/dashboard.md): the overview (docs/dashboards.md),
 * payment links, subscriptions with their invoices, and a company's sub-sellers. Each is the `/v1`
 * API's own type (worker/schemas/), imported as a type only: nothing of the server reaches the
 * bundle, and the interface cannot drift from what `/v1` answers.
 */
import type { z } from "zod";
import type { NamedSubscription } from "../../../worker/domain/subscriptions/named";
import type { Page } from "../../../worker/lib/pagination";
import type { SellerOverviewSchema } from "../../../worker/schemas/dashboard";
import type { HeldUse, PaymentLink } from "../../../worker/schemas/payment-link";
import type { Seller } from "../../../worker/schemas/seller";
import type { Invoice, Subscription } from "../../../worker/schemas/subscription";

export type { HeldUse, Invoice, NamedSubscription, PaymentLink, Seller, Subscription };

/** GET /dashboard/api/payment-links/{id}/holds: the page envelope of a link's held uses. */
export type HeldUsesPage = Page<HeldUse>;

/** POST /dashboard/api/payment-links/{id}/holds/{transactionId}/release: the link with the use back. */
export interface HeldUseReleased {
  paymentLink: PaymentLink;
}

/** GET /dashboard/api/overview: the figures of GET /v1/sellers/{id}/dashboard/overview. */
export type Overview = z.infer<typeof SellerOverviewSchema>;

/** One day of the overview's `daily`. */
export type OverviewDay = Overview["daily"][number];

/** GET /dashboard/api/payment-links: the page envelope. */
export type PaymentLinksPage = Page<PaymentLink>;

/** What the link form sends (a part of POST /v1/payment-links's body; the rest keeps its defaults). */
export interface PaymentLinkDraft {
  name: string;
  amountInCents: number;
  paymentMethods: Array<"PIX" | "CARD">;
  maxUses?: number;
}

/** GET /dashboard/api/subscriptions: the page envelope, each subscription named (buyer, plan, next charge). */
export type SubscriptionsPage = Page<NamedSubscription>;

/** GET /dashboard/api/subscriptions/{id}: the subscription, named, with a page of its invoices, newest first. */
export type SubscriptionWithInvoices = NamedSubscription & { invoices: Page<Invoice> };

/** GET /dashboard/api/sub-sellers: the page envelope of a company's sub-sellers. */
export type SubSellersPage = Page<Seller>;
