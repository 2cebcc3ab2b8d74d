/**
 * An invoice's charge is an ordinary transaction (fees, events, refunds, webhooks) that names its
 * subscription and invoice. Two kinds:
 *
 * - **PIX with a due date** (the BCB's cobrança com vencimento): PENDING from the moment the
 *   invoice is issued, with a dynamic BR Code whose signed location payload carries
 *   `dataDeVencimento` and `validadeAposVencimento`; payable until the end of the due date plus
 *   PIX_DAYS_AFTER_DUE days (its `expiresAt`).
 * - **A merchant-initiated card charge** on the stored token (no 3DS, the buyer absent): written
 *   once the acquirer has answered, PAID or FAILED, as a 3DS sale is.
 *
 * Both rows are built here and written by the batches of issue.ts and attempt.ts.
 */
import type { Platform } from "../../platform";
import type { PixPsp, SaleOutcome } from "../../lib/acquirer";
import { randomToken } from "../../lib/crypto";
import { LOCATION_ID_LENGTH } from "../pix/location";
import { createAtPsp, pspDebtor, txidOfTransaction } from "../pix/psp-charge";
import type { SellerProfile } from "../api-keys";
import { saleColumns } from "../acquirers/routing";
import { pixChargeColumns, receiverOf } from "../transactions/create-pix-transaction";
import { customerOf } from "../transactions/customer";
import { computeFee, type FeeRate } from "../transactions/fees";
import { newClientSecret } from "../transactions/pending-action";
import { NO_CARD_COLUMNS, storedView, type TransactionRow } from "../transactions/serialize";
import { PIX_DAYS_AFTER_DUE, pixDueDateOf, pixPayableUntil } from "./rules";
import type { InvoiceRow, SubscriptionRow } from "./store";

/** What every invoice charge shares (a card's, a PIX's, a PIX Automático payment's: automatico-outcome.ts). */
export function chargeBase(sub: SubscriptionRow, invoice: InvoiceRow, id: string, at: string, description: string) {
  return {
    id,
    sellerId: sub.sellerId,
    livemode: sub.livemode,
    amount: invoice.amount,
    currency: invoice.currency,
    description,
    // The key column is per seller and mode; a charge made by billing has no caller's key.
    idempotencyKey: `invoice:${invoice.id}:${invoice.attemptCount}`,
    subscriptionId: sub.id,
    invoiceId: invoice.id,
    settlementId: null,
    confirmingUntil: null,
    paymentLinkId: null,
    checkoutSessionId: null,
    linkHoldAddress: null,
    linkHoldDocument: null,
    linkSeenAt: null,
    cardAttemptsExceededAt: null,
    cancelledAt: null,
    cancellationReason: null,
    revision: crypto.randomUUID(),
    view: null,
    createdAt: at,
    updatedAt: at,
  } satisfies Partial<TransactionRow>;
}

/** "Plano Pro: 2027-02-28 a 2027-03-31", what a buyer's statement and the seller's list show. */
export function invoiceDescription(planName: string, invoice: Pick<InvoiceRow, "periodStart" | "periodEnd">): string {
  return `${planName}: ${invoice.periodStart.slice(0, 10)} a ${invoice.periodEnd.slice(0, 10)}`.slice(0, 255);
}

/**
 * The PENDING PIX charge of `invoice`, due at `invoice.dueAt`. Its fee columns are placeholders
 * the issuing batch fills from the seller's plan (as a PIX create does).
 */
export async function pixInvoiceCharge(platform: Platform, seller: SellerProfile, sub: SubscriptionRow, invoice: InvoiceRow, description: string, at: string): Promise<TransactionRow> {
  const scope = { sellerId: sub.sellerId, livemode: sub.livemode };
  const receiver = receiverOf(platform, scope, seller);
  const id = invoice.transactionId!;
  const customer = await customerOf(platform, scope, { buyerId: sub.buyerId } as never);
  const psp = sub.livemode ? platform.acquirers.live?.psp : undefined;
  // PIX Automático's first period: an immediate charge (cob), as the BCB's journey 3 links a cob to
  // the recurrence; its validity is the same days a PIX invoice is payable.
  const immediate = sub.paymentMethod === "PIX_AUTOMATICO";
  const row: TransactionRow = {
    ...chargeBase(sub, invoice, id, at, description),
    status: "PENDING",
    paymentMethod: "PIX",
    ...customer,
    // Live through a PSP: a charge with a due date (cobv) made there, under its transaction's txid.
    ...(psp ? await pspInvoiceColumns(platform, psp, { invoice, receiver, customer, description, immediate }) : pixChargeColumns(platform, receiver, invoice.amount)),
    pixDueDate: immediate ? null : pixDueDateOf(invoice.dueAt),
    pixDaysAfterDue: immediate ? null : PIX_DAYS_AFTER_DUE,
    initiatedBy: "MERCHANT",
    ...NO_CARD_COLUMNS,
    expiresAt: pixPayableUntil(invoice.dueAt),
    clientSecret: newClientSecret(id),
    feePlanId: null,
    feePercentBps: 0,
    feeFixedAmount: 0,
    feeAmount: null,
    netAmount: null,
    paidAt: null,
    pixEndToEndId: null,
  };
  row.view = storedView({ row, refunds: [] });
  return row;
}

/**
 * An invoice's charge made at the PSP: a cobv due on the invoice's due date, payable
 * PIX_DAYS_AFTER_DUE days after it (`immediate`, PIX Automático's first period: a cob valid as
 * long), whose BR Code is the PSP's. A commit that turns the invoice
 * away removes it there (issue.ts).
 */
async function pspInvoiceColumns(
  platform: Platform,
  psp: PixPsp,
  input: { invoice: InvoiceRow; receiver: ReturnType<typeof receiverOf>; customer: Awaited<ReturnType<typeof customerOf>>; description: string; immediate: boolean },
) {
  const { invoice, receiver, customer, description, immediate } = input;
  const txid = txidOfTransaction(invoice.transactionId!);
  const created = await createAtPsp(platform, psp, {
    txid,
    amount: invoice.amount,
    receiverKey: receiver.pixKey,
    // A cob (PIX Automático's first period) lives until the invoice stops being payable.
    expiresInSeconds: immediate ? Math.max(60, Math.round((Date.parse(pixPayableUntil(invoice.dueAt)) - platform.now().getTime()) / 1000)) : 0,
    ...(immediate ? {} : { due: { date: pixDueDateOf(invoice.dueAt), validDaysAfter: PIX_DAYS_AFTER_DUE } }),
    debtor: await pspDebtor(platform, customer),
    description: description.slice(0, 140),
  });
  return { pixLocationId: randomToken(LOCATION_ID_LENGTH), pixTxid: txid, pixQrCode: created.brCode, pixKey: receiver.pixKey };
}

/** A merchant-initiated card charge as the acquirer answered it: PAID with its fee, or FAILED with the decline. */
export async function cardInvoiceCharge(
  platform: Platform,
  sub: SubscriptionRow,
  invoice: InvoiceRow,
  description: string,
  at: string,
  sale: { card: { id: string; brand: string; bin: string; last4: string } | null; acquirer: string | null; outcome: SaleOutcome },
  rate: FeeRate,
): Promise<TransactionRow> {
  const scope = { sellerId: sub.sellerId, livemode: sub.livemode };
  const approved = sale.outcome.status === "APPROVED";
  const row: TransactionRow = {
    ...chargeBase(sub, invoice, invoice.transactionId!, at, description),
    status: approved ? "PAID" : "FAILED",
    paymentMethod: "CREDIT_CARD",
    ...(await customerOf(platform, scope, { buyerId: sub.buyerId } as never)),
    pixLocationId: null,
    pixTxid: null,
    pixQrCode: null,
    pixKey: null,
    pixDueDate: null,
    pixDaysAfterDue: null,
    initiatedBy: "MERCHANT",
    expiresAt: null,
    feePlanId: rate.feePlanId,
    feePercentBps: rate.percentBps,
    feeFixedAmount: rate.fixedAmount,
    ...(approved ? computeFee(invoice.amount, rate) : { feeAmount: null, netAmount: null }),
    paidAt: approved ? at : null,
    pixEndToEndId: null,
    cardId: sale.card?.id ?? null,
    cardBrand: sale.card?.brand ?? null,
    cardBin: sale.card?.bin ?? null,
    cardLast4: sale.card?.last4 ?? null,
    cardToken: sale.card?.id ?? null,
    installments: 1,
    maxInstallments: 1,
    ...saleColumns(sale),
    seonSession: null,
    pendingAction: null,
    threedsSessionId: null,
    clientSecret: null,
  };
  row.view = storedView({ row, refunds: [] });
  return row;
}
