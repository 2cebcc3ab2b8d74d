/**
 * POST /v1/payment-links/{id}/checkout-sessions (public): a buyer opens a checkout of a link that
 * can be paid now (an inactive, expired or sold-out link is refused with its own code). The
 * session lives the link's `checkoutSessionTtlMinutes` (default DEFAULT_SESSION_TTL_MINUTES), or
 * never expires when the link says so. Its client secret is answered this once.
 */
import { checkoutSessions } from "../../db/schema";
import { randomToken } from "../../lib/crypto";
import { notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import { DEFAULT_SESSION_TTL_MINUTES } from "../../schemas/payment-link";
import { refusalOf } from "../payment-links/refusal";
import { readLink } from "../payment-links/store";
import { toSessionView, type CheckoutSessionRow } from "./store";

/** Opens a session of link `linkId`; answers it with its client secret. */
export async function openCheckoutSession(platform: Platform, linkId: string) {
  const link = await readLink(platform, linkId, undefined, "room");
  if (!link) throw notFound("payment link", linkId);
  const refusal = refusalOf(link);
  if (refusal) throw refusal;
  const now = platform.now();
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const ttl = link.row.checkoutSessionTtlMinutes ?? DEFAULT_SESSION_TTL_MINUTES;
  const row: CheckoutSessionRow = {
    id,
    paymentLinkId: link.row.id,
    sellerId: link.row.sellerId,
    livemode: link.row.livemode,
    status: "OPEN",
    clientSecret: `${id}_secret_${randomToken(32)}`,
    transactionId: null,
    expiresAt: link.row.checkoutSessionNeverExpires ? null : new Date(now.getTime() + ttl * 60_000).toISOString(),
    createdAt: at,
    updatedAt: at,
  };
  await platform.db.insert(checkoutSessions).values(row);
  return { ...toSessionView(row, link.row), clientSecret: row.clientSecret };
}
