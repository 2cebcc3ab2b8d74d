/**
 * POST /v1/checkout-sessions/{id}/pay (public, with the session's client secret): the buyer pays
 * a payment link. Starts from an OPEN session of a link that can be paid now.
 *
 * The charge is the seller's like any other (its fees, events, refunds, webhooks) and names the
 * link and the session. It is created by the transactions' own create operations, whose INSERT
 * also takes the link's use (payment-links/room.ts): a sold-out, inactive or expired link refuses
 * it before any charge exists, with its own code. A card charge is always a pendingAction (the
 * buyer's browser runs 3DS and confirms), so nothing reaches an acquirer before the use is taken.
 * Paying again in the same session (another method) cancels the session's pending charge first,
 * giving its use back. Idempotent on the buyer's Idempotency-Key, kept apart from the seller's
 * keys by the session's namespace.
 *
 * On a link with maxUses the charge carries its hold keys (payment-links/holds.ts), so the same
 * INSERT also refuses a client address or a buyer document that already holds the most unpaid
 * charges it may (429). Every link charge starts with the short hold of a charge nobody has looked
 * at; the buyer's page reading it gives it the full LINK_CHARGE_SECONDS.
 */
import { merchantName } from "../merchant";
import { ApiError, notFound, type FieldError } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { CheckoutSessionPay } from "../../schemas/checkout-session";
import type { TransactionCreate } from "../../schemas/transaction";
import type { IdempotentRequest } from "../idempotency/commit";
import type { Fingerprint } from "../idempotency/fingerprint";
import { runIdempotently } from "../idempotency/run";
import { refusalOf } from "../payment-links/refusal";
import { holdKeysOf, LINK_UNSEEN_HOLD_SECONDS } from "../payment-links/holds";
import { fixedAmountOf, maxAmountOf, type LinkState } from "../payment-links/serialize";
import { MAX_AMOUNT } from "../../schemas/transaction";
import { cancelTransaction } from "../transactions/cancel-transaction";
import { createCardTransaction } from "../transactions/create-card-transaction";
import { createPixCharge } from "../transactions/create-pix-transaction";
import { requireCanCharge } from "../transactions/seller-gate";
import type { TransactionRow } from "../transactions/serialize";
import { readTransaction } from "../transactions/store";
import { linkNow, sessionToPay } from "./store";
import { sessionStateView } from "./view";

/** A keyless pay's request is never compared with another: it has no fingerprint. */
const NOT_FINGERPRINTED: Fingerprint = {
  hash: "",
  fields: () => Promise.reject(new Error("a keyless pay has no fingerprint")),
};

/** The transaction request a pay makes, or a 422 naming every field the link refuses. */
function chargeOf(link: LinkState, body: CheckoutSessionPay): TransactionCreate {
  const { row } = link;
  const method = body.paymentMethod === "CARD" ? "CREDIT_CARD" : body.paymentMethod;
  const errors: FieldError[] = [];
  const fail = (path: string, code: string, message: string) => errors.push({ path, in: "body", code, message });
  if (!row.paymentMethods.includes(method)) fail("paymentMethod", "not_accepted", `must be one this link accepts: ${row.paymentMethods.join(", ")}`);
  if (row.requireCustomerDocument && !body.buyer.documentNumber) fail("buyer.documentNumber", "required", "is required by this payment link (CPF or CNPJ)");
  let amount = fixedAmountOf(row);
  if (row.chargeType === "CUSTOMER_CHOICE") {
    if (body.amountInCents === undefined) fail("amountInCents", "required", "is required: this link lets the buyer choose the amount");
    else if (body.amountInCents < (row.minAmount ?? 1)) fail("amountInCents", "too_small", `must be at least ${row.minAmount}`);
    else if (body.amountInCents > maxAmountOf(row)) fail("amountInCents", "too_big", `must be at most ${maxAmountOf(row)}`);
    amount = body.amountInCents ?? 0;
  } else if (amount > MAX_AMOUNT) {
    // A link made before its price times its quantity was checked against the maximum (rules.ts).
    fail("amountInCents", "too_big", `this link's price is above ${MAX_AMOUNT}, the most a payment may be; its seller must change it`);
  }
  const maxInstallments = method === "CREDIT_CARD" ? (row.maxInstallments ?? 1) : 1;
  if (body.installments !== undefined && body.installments > maxInstallments) fail("installments", "too_big", `must be at most ${maxInstallments} on this link`);
  if (errors.length > 0) throw validationError(errors, "INVALID_DATA");
  return {
    paymentMethod: method,
    amount,
    currency: row.currency,
    description: row.name,
    // Until someone looks at it (payment-links/holds.ts, lookAt): then LINK_CHARGE_SECONDS from its creation.
    expirationSeconds: LINK_UNSEEN_HOLD_SECONDS,
    // The document may be absent when the link does not require it (customer.ts keeps none).
    buyer: body.buyer as TransactionCreate["buyer"],
    ...(method === "CREDIT_CARD" ? { installments: body.installments ?? 1, maxInstallments } : {}),
  } as TransactionCreate;
}

/**
 * Pays session `id` for a buyer at `clientAddress` (null when the host cannot tell it); the
 * answer, and whether it replays an earlier pay of the same key.
 */
export async function payCheckoutSession(
  platform: Platform,
  id: string,
  clientSecret: string | undefined,
  body: CheckoutSessionPay,
  key: string | undefined,
  clientAddress: string | null = null,
) {
  // One statement reads the session, its link, its seller and the publishable key the answer names.
  const read = await sessionToPay(platform, id, clientSecret);
  const { row: session, transaction: previous, seller } = read;
  if (session.status === "COMPLETED") {
    throw new ApiError("INVALID_STATE_TRANSITION", "This checkout session is already paid.", { extensions: { currentStatus: "COMPLETED", transactionId: session.transactionId } });
  }
  if (session.status === "EXPIRED") throw new ApiError("CHECKOUT_SESSION_EXPIRED", `This checkout session expired at ${session.expiresAt}; open a new one.`);
  const link = await linkNow(platform, read.link);
  if (!link) throw notFound("payment link", session.paymentLinkId);
  const refusal = refusalOf(link);
  // Sold out by this very session's pending charge is not sold out: paying again gives that use back.
  const ownUse = previous?.row.status === "PENDING" && refusal?.code === "PAYMENT_LINK_SOLD_OUT";
  if (refusal && !ownUse) throw refusal;
  const charge = chargeOf(link, body);
  if (!seller) throw notFound("payment link", link.row.id);
  requireCanCharge(seller, link.row.livemode, charge.paymentMethod);
  const scope = { sellerId: link.row.sellerId, livemode: link.row.livemode };
  const keyScope = { ...scope, operation: "checkout-sessions.pay", key, namespace: `checkout-session:${session.id}` };
  // What the link's caps count this charge by (nothing on a link without maxUses).
  const holds = await holdKeysOf(platform, link.row, clientAddress, body.buyer.documentNumber);
  // A PIX charge created now: its row as written, and the session already records it (same batch).
  let fresh: TransactionRow | null = null;
  const work = async (request: IdempotentRequest, keyless = false) => {
    // Another method in the same visit: the pending charge gives its use back first.
    if (previous?.row.status === "PENDING") await cancelTransaction(platform, scope, previous.row.id);
    const input = { scope, seller, request, body: charge, link: { paymentLinkId: link.row.id, checkoutSessionId: session.id, keyless, ...holds } };
    if (charge.paymentMethod !== "PIX") return createCardTransaction(platform, input);
    const created = await createPixCharge(platform, input);
    fresh = created.row;
    return created.result;
  };
  // Without an Idempotency-Key a PIX pay has nothing to replay: its charge gets a key of its own
  // that no one can send again, and no key row (create-pix-transaction.ts, LinkCharge.keyless).
  const result =
    key === undefined && charge.paymentMethod === "PIX"
      ? await work({ scope: { ...scope, operation: keyScope.operation, key: `${keyScope.namespace}:${crypto.randomUUID()}` }, fingerprint: NOT_FINGERPRINTED, request: null }, true)
      : (await runIdempotently(platform, keyScope, { sessionId: session.id, ...body }, (request) => work(request))).result;
  const known = { link: link.row, merchantName: merchantName(seller), publishableKey: read.publishableKey };
  const created = fresh as TransactionRow | null;
  if (created) {
    const row = { ...session, transactionId: created.id, updatedAt: created.createdAt };
    return { replayed: false, state: await sessionStateView(platform, row, { row: created, refunds: [] }, known) };
  }
  // A card charge, or a replay: the charge's own batch recorded it on the session (a replay writes
  // nothing), and the answer names it as the first answer did.
  const transactionId = (JSON.parse(result.body) as { id: string }).id;
  return { replayed: result.replayed, state: await sessionStateView(platform, { ...session, transactionId }, await readTransaction(platform, transactionId), known) };
}
