/**
 * PATCH /v1/payment-links/{id} and the status moves, activate and deactivate: each starts from
 * the statuses the machine allows (machine.ts: an EXPIRED link is 409 on all three) and writes
 * PAYMENT_LINK_UPDATED with the link as it is after the change. `maxUses` cannot go below what
 * is already paid or held by a pending charge: those buyers were promised their use.
 */
import { sql } from "drizzle-orm";
import type { Platform } from "../../platform";
import { notFound } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { PaymentLink, PaymentLinkUpdate } from "../../schemas/payment-link";
import type { Scope } from "../scope";
import { retryOnRace } from "../transactions/transition";
import type { PaymentLinkTrigger } from "./machine";
import { usesAndReservationsSql } from "./room";
import { checkLinkRules } from "./rules";
import { toPaymentLink, type PaymentLinkRow } from "./serialize";
import { moveLink, readLink } from "./store";

/** The columns a PATCH changes, from the fields it sent. */
function changesOf(patch: PaymentLinkUpdate): Partial<PaymentLinkRow> {
  const changes: Partial<PaymentLinkRow> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.amountInCents !== undefined) changes.amount = patch.amountInCents;
  if (patch.minAmountInCents !== undefined) changes.minAmount = patch.minAmountInCents;
  if (patch.maxAmountInCents !== undefined) changes.maxAmount = patch.maxAmountInCents;
  if (patch.maxUses !== undefined) changes.maxUses = patch.maxUses;
  if (patch.expiresAt !== undefined) changes.expiresAt = patch.expiresAt === null ? null : new Date(patch.expiresAt).toISOString();
  if (patch.successUrl !== undefined) changes.successUrl = patch.successUrl;
  if (patch.cancelUrl !== undefined) changes.cancelUrl = patch.cancelUrl;
  if (patch.checkoutConfig !== undefined) changes.checkoutConfig = patch.checkoutConfig;
  return changes;
}

/** Applies the sent fields to the caller's link `id`. */
export async function updatePaymentLink(platform: Platform, scope: Scope, id: string, patch: PaymentLinkUpdate): Promise<PaymentLink> {
  const next = await retryOnRace(async () => {
    const current = await readLink(platform, id, scope);
    if (!current) throw notFound("payment link", id);
    const changes = changesOf(patch);
    checkLinkRules({ ...current.row, ...changes }, patch, scope.livemode, platform.now());
    const held = current.uses + current.reserved;
    if (changes.maxUses != null && changes.maxUses < held) {
      throw validationError([{ path: "maxUses", in: "body", code: "too_small", message: `must be at least ${held}: the uses already paid or held by pending charges` }], "INVALID_DATA");
    }
    // A charge created since the read still holds its use: the write checks the count again.
    const fits = changes.maxUses == null ? undefined : sql`${usesAndReservationsSql(current.row.id)} <= ${changes.maxUses}`;
    return moveLink(platform, current, "update", changes, fits);
  });
  return toPaymentLink(next, platform.config.baseUrl);
}

/** Activates or deactivates the caller's link `id`. */
export async function setLinkStatus(platform: Platform, scope: Scope, id: string, trigger: Extract<PaymentLinkTrigger, "activate" | "deactivate">): Promise<PaymentLink> {
  const next = await retryOnRace(async () => {
    const current = await readLink(platform, id, scope);
    if (!current) throw notFound("payment link", id);
    return moveLink(platform, current, trigger);
  });
  return toPaymentLink(next, platform.config.baseUrl);
}
