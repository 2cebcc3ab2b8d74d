/**
 * The seller sees and releases its link's held uses (docs/payment-links.md, "Held uses"):
 * GET /v1/payment-links/{id}/holds lists the link's charges waiting to be paid, newest first, each
 * with when it ends, whether anyone looked at it and a tag of the address it came from; POST
 * /v1/payment-links/{id}/holds/{transactionId}/release cancels one through the transaction's own
 * machine (PENDING → CANCELLED, `cancellationReason: "REQUESTED"`, TRANSACTION_CANCELLED written
 * in the same batch): the same statement that ends the charge frees its use, since a use is held
 * exactly while its charge is PENDING (room.ts). The dashboard's routes call the same functions.
 */
import { and, desc, eq } from "drizzle-orm";
import { keysetWindow } from "../../db/keyset";
import { transactions } from "../../db/schema";
import { pageLimit, pageOf, pageStart, type Page, type PageParams } from "../../lib/pagination";
import { notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { HeldUse, PaymentLink } from "../../schemas/payment-link";
import type { Transaction } from "../../schemas/transaction";
import type { Scope } from "../scope";
import { toTransaction } from "../transactions/serialize";
import { readTransaction } from "../transactions/store";
import { commitTransition, retryOnRace } from "../transactions/transition";
import { toPaymentLink } from "./serialize";
import { readLink } from "./store";

/** Characters of a hold's address digest shown as its tag: enough to tell addresses apart on one link. */
const TAG_CHARS = 8;

/** One page of the caller's link `linkId`'s held uses; 404 for a link outside the scope. */
export async function listHeldUses(platform: Platform, scope: Scope, linkId: string, query: PageParams): Promise<Page<HeldUse>> {
  const link = await readLink(platform, linkId, scope);
  if (!link) throw notFound("payment link", linkId);
  const t = transactions;
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, t.createdAt, t.id);
  const rows = await platform.db
    .select({
      id: t.id,
      checkoutSessionId: t.checkoutSessionId,
      paymentMethod: t.paymentMethod,
      amount: t.amount,
      currency: t.currency,
      customer: t.customer,
      createdAt: t.createdAt,
      expiresAt: t.expiresAt,
      linkSeenAt: t.linkSeenAt,
      linkHoldAddress: t.linkHoldAddress,
    })
    .from(t)
    .where(and(eq(t.paymentLinkId, linkId), eq(t.status, "PENDING"), after))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(pageLimit(start, query.size))
    .offset(offset);
  // The link's reservations are its pending charges, counted with its read.
  const page = pageOf(rows, link.reserved, start, query.size);
  return {
    ...page,
    items: page.items.map((r) => ({
      transactionId: r.id,
      checkoutSessionId: r.checkoutSessionId,
      paymentMethod: r.paymentMethod as HeldUse["paymentMethod"],
      amount: r.amount,
      currency: r.currency,
      customer: { name: r.customer.name, email: r.customer.email, document: r.customer.document },
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
      lookedAt: r.linkSeenAt,
      addressTag: r.linkHoldAddress?.slice(0, TAG_CHARS) ?? null,
    })),
  };
}

/**
 * Releases the use held by charge `transactionId` of the caller's link `linkId`: cancels it (its
 * event and webhooks with it). 404 when the link or the charge is not the caller's, or the charge
 * is not the link's; 409 INVALID_STATE_TRANSITION once it is no longer PENDING (paid, or ended).
 */
export async function releaseHeldUse(
  platform: Platform,
  scope: Scope,
  linkId: string,
  transactionId: string,
): Promise<{ transaction: Transaction; paymentLink: PaymentLink }> {
  if (!(await readLink(platform, linkId, scope))) throw notFound("payment link", linkId);
  const cancelled = await retryOnRace(async () => {
    const current = await readTransaction(platform, transactionId, scope);
    if (!current || current.row.paymentLinkId !== linkId) throw notFound("transaction", transactionId);
    return commitTransition(platform, current, {
      trigger: "cancel",
      changes: { cancelledAt: platform.now().toISOString(), cancellationReason: "REQUESTED" },
    });
  });
  const link = await readLink(platform, linkId, scope);
  if (!link) throw notFound("payment link", linkId);
  return { transaction: toTransaction(cancelled, platform.config.baseUrl), paymentLink: toPaymentLink(link, platform.config.baseUrl) };
}
