/**
 * Creating a card transaction (CREDIT_CARD, DEBIT_CARD), in one of two ways (docs/cards.md):
 *
 * - **With `threeDs`** (spec rule 2): the card and its 3DS result are checked against what this
 *   service's 3DS server issued, the authentication is claimed for this transaction (so a retry
 *   or a race can never authorize twice), the sale is authorized at the acquirer smart routing
 *   picks (failing over to the other), and the transaction is written in its final state: PAID,
 *   with its fee and its TRANSACTION_PAID event and webhook deliveries, or FAILED with the decline
 *   code. (none) → PAID | FAILED.
 * - **Without `threeDs`**: PENDING with a `pendingAction`, for the buyer's browser to run 3DS and
 *   confirm (confirm-card-transaction.ts). A card sent now is vaulted for that sale.
 *
 * Either way the write is one idempotent batch: the same Idempotency-Key replays the first answer.
 * `card.tokenize: true` vaults the card for reuse and returns `cardToken`; `seonSession` is sealed.
 */
import { getTableColumns, sql } from "drizzle-orm";
import { transactions, type PendingActionRow } from "../../db/schema";
import { insertWhere, type SqlValues } from "../../db/guarded";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { TransactionCreate } from "../../schemas/transaction";
import { cardAcquirersFor } from "../acquirers/acquirer";
import { authorizeRouted, saleColumns } from "../acquirers/routing";
import { DECLINE_MESSAGES } from "../acquirers/sandbox-cards";
import type { SellerProfile } from "../api-keys";
import { resolveCard, type ResolvedCard } from "../cards/resolve-card";
import { cardFingerprint, markCardAuthenticated, vaultCard } from "../cards/vault-card";
import { commitIdempotently, idempotentBatch, type IdempotentRequest, type IdempotentResult } from "../idempotency/commit";
import type { Scope } from "../scope";
import { THREEDS_PROVIDER } from "../threeds/session";
import { alreadyUsed, claimThreeDs, verifyThreeDs } from "../threeds/verify";
import { publishableKeyOf } from "../publishable-key";
import { enqueueEventDeliveries, eventStatements } from "../events/outbox";
import { customerOf } from "./customer";
import { computeFee, readFeeRate } from "./fees";
import { newClientSecret } from "./pending-action";
import { recordOnSession, type LinkCharge } from "./create-pix-transaction";
import { linkRefusal } from "../payment-links/refusal";
import { linkTakesChargeSql } from "../payment-links/room";
import { CUSTOMER_INITIATED, storedView, toTransaction, withBaseUrl, type TransactionRow } from "./serialize";

/** The request, once validated. */
export interface CreateCardInput {
  scope: Scope;
  seller: SellerProfile;
  request: IdempotentRequest;
  body: TransactionCreate;
  /** A payment link's charge (create-pix-transaction.ts). */
  link?: LinkCharge;
}

const p = sql.placeholder;

/**
 * The transaction (guarded by the key and, for a 3DS sale, by this transaction holding the
 * authentication) and, when `emit` is 1 (a 3DS sale PAID), its TRANSACTION_PAID event and webhook
 * deliveries, and the reusable card it used marked authenticated for merchant-initiated charges;
 * a payment link's charge is recorded on its checkout session too.
 */
const createBatch = idempotentBatch({
  statements: (db, keyFree) => {
    const values = Object.fromEntries(Object.keys(getTableColumns(transactions)).map((k) => [k, p(k)])) as SqlValues<TransactionRow>;
    const holdsAuthentication = sql`(${p("threedsSessionId")} is null or exists (select 1 from threeds_sessions where id = ${p("threedsSessionId")} and used_by = ${p("id")}))`;
    const written = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${p("id")}) and ${p("emit")} = 1`;
    const event = { id: p("ev_id"), type: p("ev_type"), sellerId: p("sellerId"), livemode: p("livemode"), occurredAt: p("createdAt"), data: p("ev_data") };
    return [
      insertWhere(db, transactions, values, sql`${keyFree} and ${holdsAuthentication} and ${linkTakesChargeSql(p("paymentLinkId"), p("createdAt"), { address: p("linkHoldAddress"), document: p("linkHoldDocument") })}`),
      // The fan-out's raw SQL binds the mode as is: ev_livemode is 0/1 (the event row's column encodes its own).
      ...eventStatements(db, event, p("createdAt"), written, { rawLivemode: p("ev_livemode") }),
      // Only a sale that carried 3DS can be PAID here; a card used before keeps its first date.
      markCardAuthenticated(db, p("cardId"), p("createdAt"), sql`${p("threedsSessionId")} is not null and ${written}`),
      // A payment link's charge: its checkout session records it in the same commit.
      recordOnSession(db),
    ];
  },
  created: sql`exists (select 1 from ${transactions} where ${transactions.id} = ${p("id")})`,
});

/** Vaults the card when the sale needs it kept (tokenize, or a pendingAction to pay later); returns its token columns. */
async function keepCard(platform: Platform, scope: Scope, card: ResolvedCard, buyerId: string | null, tokenize: boolean, pendingAction: boolean) {
  if (card.row) return { cardId: card.row.id, cardToken: card.row.type === "SINGLE_USE" ? null : card.row.id };
  if (!tokenize && !pendingAction) return { cardId: null, cardToken: null };
  const raw = { number: card.pan, expirationMonth: card.expMonth, expirationYear: card.expYear, holderName: card.holderName };
  const row = await vaultCard(platform, scope, { card: raw, buyerId, type: tokenize ? "TOKENIZED" : "SINGLE_USE" });
  return { cardId: row.id, cardToken: tokenize ? row.id : null };
}

/** Creates the card transaction, or replays the first answer to the same key. */
export async function createCardTransaction(platform: Platform, { scope, request, body, link }: CreateCardInput): Promise<IdempotentResult> {
  const acquirers = cardAcquirersFor(platform.acquirers, scope.livemode);
  const method = body.paymentMethod as "CREDIT_CARD" | "DEBIT_CARD";
  // Priced with the installment surcharge of a credit card sale: the stored feePercentBps is what was charged.
  const rate = await readFeeRate(platform.db, scope.sellerId, method, body.installments ?? 1);
  if (!rate) throw new ApiError("PAYMENT_METHOD_NOT_ENABLED", `Your fee plan has no price for ${method}, so it is not offered to you; ask your company or the platform.`);
  const customer = await customerOf(platform, scope, body);
  const card = body.card ? await resolveCard(platform, scope, body.card, "card", customer.buyerId) : null;
  const now = platform.now();
  const at = now.toISOString();
  const id = crypto.randomUUID();

  // A 3DS sale: check the authentication, hold it for this transaction, then authorize.
  let session = null;
  let sale = null;
  if (body.threeDs && card) {
    session = await verifyThreeDs(platform, scope, body.threeDs, { cardFingerprint: await cardFingerprint(platform, card.pan), brand: card.brand, amount: body.amount, currency: body.currency });
    // Lost: another request (maybe this one, retried with its key) holds it; the batch replays or refuses.
    if (await claimThreeDs(platform, session.id, id)) {
      sale = await authorizeRouted(acquirers, {
        transactionId: id, amount: body.amount, currency: body.currency, pan: card.pan, brand: card.brand,
        expMonth: card.expMonth, expYear: card.expYear, holderName: card.holderName,
        installments: body.installments ?? 1, initiatedBy: "CUSTOMER", recurring: false,
        threeDs: { cavv: body.threeDs.cavv, eci: session.eci, version: body.threeDs.secureVersion, xid: session.xid, dsTransactionId: session.dsTransactionId },
      });
    }
  }
  const pending = !body.threeDs;
  const kept = card ? await keepCard(platform, scope, card, customer.buyerId, body.card?.tokenize === true, pending) : { cardId: null, cardToken: null };
  const clientSecret = newClientSecret(id);
  const pendingAction: PendingActionRow | null = pending
    ? { clientSecret, nextActionType: "challenge", provider: THREEDS_PROVIDER, publishableKey: await publishableKeyOf(platform.db, scope) }
    : null;
  const approved = sale?.outcome.status === "APPROVED";
  const declined = sale && sale.outcome.status !== "APPROVED";
  const fee = approved ? computeFee(body.amount, rate) : { feeAmount: null, netAmount: null };
  const outcomeColumns = declined || approved ? saleColumns(sale!) : { acquirer: null, acquirerReference: null, authorizationCode: null, declineHard: null, failureCode: null, failureMessage: null };
  const row: TransactionRow = {
    id,
    sellerId: scope.sellerId,
    livemode: scope.livemode,
    status: pending ? "PENDING" : approved ? "PAID" : "FAILED",
    paymentMethod: method,
    amount: body.amount,
    currency: body.currency,
    description: body.description ?? null,
    ...customer,
    idempotencyKey: request.scope.key,
    pixLocationId: null,
    pixTxid: null,
    pixQrCode: null,
    pixKey: null,
    // A pendingAction not paid in time is cancelled by the expiry sweep, as a PIX charge is.
    expiresAt: pending ? new Date(now.getTime() + body.expirationSeconds * 1000).toISOString() : null,
    feePlanId: rate.feePlanId,
    feePercentBps: rate.percentBps,
    feeFixedAmount: rate.fixedAmount,
    ...fee,
    paidAt: approved ? at : null,
    pixEndToEndId: null,
    cancelledAt: null,
    cancellationReason: null,
    cardId: kept.cardId,
    cardBrand: card?.brand ?? null,
    cardBin: card?.bin ?? null,
    cardLast4: card?.last4 ?? null,
    cardToken: kept.cardToken,
    installments: method === "CREDIT_CARD" ? (body.installments ?? 1) : 1,
    maxInstallments: method === "CREDIT_CARD" ? (body.maxInstallments ?? body.installments ?? 1) : null,
    ...outcomeColumns,
    seonSession: body.seonSession ? await platform.vault.seal(body.seonSession) : null,
    pendingAction,
    threedsSessionId: session?.id ?? null,
    settlementId: null,
    clientSecret,
    confirmingUntil: null,
    paymentLinkId: link?.paymentLinkId ?? null,
    checkoutSessionId: link?.checkoutSessionId ?? null,
    linkHoldAddress: link?.holdAddress ?? null,
    linkHoldDocument: link?.holdDocument ?? null,
    linkSeenAt: null,
    ...CUSTOMER_INITIATED,
    revision: crypto.randomUUID(),
    view: null,
    createdAt: at,
    updatedAt: at,
  };
  row.view = storedView({ row, refunds: [] });
  const eventId = crypto.randomUUID();
  const values = {
    ...row,
    emit: approved ? 1 : 0,
    ev_id: eventId,
    ev_type: "TRANSACTION_PAID",
    ev_data: { transaction: toTransaction({ row, refunds: [] }, platform.config.baseUrl) },
    // The fan-out's raw SQL binds it as is (the column encoders bind the others).
    ev_livemode: row.livemode ? 1 : 0,
  };
  const response = { status: 201, body: withBaseUrl(row.view, platform.config.baseUrl) };
  const result = await commitIdempotently(platform, request, createBatch, values, response);
  if (!result && link) throw await linkRefusal(platform, link);
  if (!result) throw body.threeDs ? alreadyUsed() : new ApiError("UNPROCESSABLE", "The transaction could not be created.");
  if (!result.replayed && approved) await enqueueEventDeliveries(platform, eventId);
  return result;
}
