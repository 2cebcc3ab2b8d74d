/**
 * Link rows → the API's Payment link (its owner's view) and the public view a buyer's page reads.
 * `currentUses` and `reservedUses` are read with the row (store.ts), never stored.
 */
import { paymentLinks } from "../../db/schema";
import type { PaymentLink, PaymentLinkPublic } from "../../schemas/payment-link";
import { MAX_AMOUNT } from "../../schemas/transaction";

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** A link as operations read it: its row, its uses (paid charges) and its reservations (pending ones). */
export interface LinkState {
  row: PaymentLinkRow;
  uses: number;
  reserved: number;
}

/** The page a buyer opens. */
export const linkPageUrl = (baseUrl: string, id: string) => `${baseUrl}/pay/${id}`;

/** What a FIXED link charges: the unit price times the quantity. */
export const fixedAmountOf = (row: Pick<PaymentLinkRow, "amount" | "quantity">) => row.amount * row.quantity;

/** The most a CUSTOMER_CHOICE link's buyer may pay: the link's own maximum, else any payment's. */
export const maxAmountOf = (row: Pick<PaymentLinkRow, "maxAmount">) => row.maxAmount ?? MAX_AMOUNT;

/** The owner's view: the spec's Payment link. */
export function toPaymentLink({ row, uses, reserved }: LinkState, baseUrl: string): PaymentLink {
  return {
    id: row.id,
    sellerId: row.sellerId,
    name: row.name,
    description: row.description,
    amountInCents: row.amount,
    currency: row.currency,
    paymentMethods: row.paymentMethods,
    maxInstallments: row.maxInstallments,
    requireCustomerDocument: row.requireCustomerDocument,
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    publicUrl: linkPageUrl(baseUrl, row.id),
    status: row.status,
    maxUses: row.maxUses,
    currentUses: uses,
    reservedUses: reserved,
    expiresAt: row.expiresAt,
    checkoutConfig: row.checkoutConfig,
    chargeType: row.chargeType,
    quantity: row.quantity,
    minAmountInCents: row.minAmount,
    maxAmountInCents: row.maxAmount,
    checkoutSessionTtlMinutes: row.checkoutSessionTtlMinutes,
    checkoutSessionNeverExpires: row.checkoutSessionNeverExpires,
    livemode: row.livemode,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Why the link cannot be paid now, or null. */
export function unpayableReason({ row, uses, reserved }: LinkState): PaymentLinkPublic["unpayableReason"] {
  if (row.status === "EXPIRED") return "EXPIRED";
  if (row.status === "DRAFT") return "DRAFT";
  if (row.status === "INACTIVE") return "INACTIVE";
  if (row.maxUses !== null && uses + reserved >= row.maxUses) return "SOLD_OUT";
  return null;
}

/** What anyone may read: what the page shows, never the seller's URLs, counts or settings. */
export function toPublicLink(state: LinkState, merchant: PaymentLinkPublic["merchant"]): PaymentLinkPublic {
  const { row } = state;
  const reason = unpayableReason(state);
  const locale = row.checkoutConfig?.locale;
  return {
    id: row.id,
    merchant,
    name: row.name,
    description: row.description,
    chargeType: row.chargeType,
    amountInCents: row.chargeType === "FIXED" ? fixedAmountOf(row) : 0,
    unitAmountInCents: row.chargeType === "FIXED" ? row.amount : 0,
    quantity: row.quantity,
    minAmountInCents: row.minAmount,
    maxAmountInCents: row.maxAmount,
    currency: row.currency,
    paymentMethods: row.paymentMethods,
    maxInstallments: row.maxInstallments,
    requireCustomerDocument: row.requireCustomerDocument,
    status: row.status,
    expiresAt: row.expiresAt,
    payable: reason === null,
    unpayableReason: reason,
    locale: locale === "pt-BR" || locale === "en" ? locale : null,
    livemode: row.livemode,
  };
}
