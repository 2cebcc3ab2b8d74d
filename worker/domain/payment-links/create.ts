/**
 * POST /v1/payment-links: a link of the caller's seller and mode, created ACTIVE (or DRAFT when
 * asked), with PAYMENT_LINK_CREATED written in the same batch. (none) → ACTIVE | DRAFT. `CARD` is
 * stored as CREDIT_CARD; `checkoutConfig` as the object it holds. Links charge in BRL.
 */
import { sql } from "drizzle-orm";
import { paymentLinks } from "../../db/schema";
import type { Platform } from "../../platform";
import type { PaymentLink, PaymentLinkCreate } from "../../schemas/payment-link";
import { newEvent, Outbox } from "../events/outbox";
import type { Scope } from "../scope";
import { checkLinkRules } from "./rules";
import { toPaymentLink, type LinkState, type PaymentLinkRow } from "./serialize";

/** Creates the link and answers it. */
export async function createPaymentLink(platform: Platform, scope: Scope, input: PaymentLinkCreate): Promise<PaymentLink> {
  const now = platform.now();
  const at = now.toISOString();
  const row: PaymentLinkRow = {
    id: crypto.randomUUID(),
    sellerId: scope.sellerId,
    livemode: scope.livemode,
    status: input.status,
    name: input.name,
    description: input.description ?? null,
    chargeType: input.chargeType,
    amount: input.amountInCents ?? 0,
    minAmount: input.minAmountInCents ?? null,
    maxAmount: input.maxAmountInCents ?? null,
    quantity: input.quantity,
    currency: "BRL",
    paymentMethods: input.paymentMethods,
    maxInstallments: input.maxInstallments ?? null,
    requireCustomerDocument: input.requireCustomerDocument,
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    maxUses: input.maxUses ?? null,
    expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
    checkoutConfig: input.checkoutConfig ?? null,
    checkoutSessionTtlMinutes: input.checkoutSessionTtlMinutes ?? null,
    checkoutSessionNeverExpires: input.checkoutSessionNeverExpires,
    revision: crypto.randomUUID(),
    createdAt: at,
    updatedAt: at,
  };
  checkLinkRules(row, input, scope.livemode, now);
  const state: LinkState = { row, uses: 0, reserved: 0 };
  const paymentLink = toPaymentLink(state, platform.config.baseUrl);
  const outbox = new Outbox(platform);
  outbox.change(platform.db.insert(paymentLinks).values(row));
  outbox.emit(newEvent({ type: "PAYMENT_LINK_CREATED", sellerId: scope.sellerId, livemode: scope.livemode, occurredAt: at, data: { details: { paymentLink } } }), sql`changes() = 1`);
  await outbox.commit();
  return paymentLink;
}
