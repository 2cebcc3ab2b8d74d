/**
 * Creating a PIX charge: (none) → PENDING, in one idempotent batch (one round trip when the
 * customer comes inline; a `buyerId` costs one read first).
 *
 * The charge gets a dynamic BR Code whose location URL (on this service) serves the signed cob
 * payload, an unguessable QR image URL, and an expiry (`expirationSeconds`, default 3600). The
 * BR Code names the seller (fantasy name, else legal name) and its city; the signed payload names
 * the receiving PIX key (the seller's, else the installation's; test charges fall back to the
 * sandbox key). The customer is a snapshot of the buyer (by `buyerId`) or of the inline `buyer`;
 * an inline buyer is not saved as a Buyer. The seller's fee rate for PIX is copied onto the row by
 * the database itself, and charged when the payment arrives.
 */
import { linkTakesChargeSql } from "../payment-links/room";
import { linkRefusal } from "../payment-links/refusal";
import type { HoldKeys } from "../payment-links/holds";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { insertWhere, type SqlValues } from "../../db/guarded";
import { preparedBatch } from "../../db/prepared";
import { checkoutSessions, transactions } from "../../db/schema";
import { randomToken } from "../../lib/crypto";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { TransactionCreate } from "../../schemas/transaction";
import { acquirerFor } from "../acquirers/acquirer";
import type { SellerProfile } from "../api-keys";
import { commitIdempotently, idempotentBatch, KEY_TTL_SECONDS, type IdempotentRequest, type IdempotentResult } from "../idempotency/commit";
import type { PixPsp } from "../../lib/acquirer";
import { buildDynamicBrCode, hasBrCodeText } from "../pix/brcode";
import { createAtPsp, forgetAtPsp, pspDebtor, pspTxid } from "../pix/psp-charge";
import { LOCATION_ID_LENGTH, locationUrl } from "../pix/location";
import { SANDBOX_PIX_KEY } from "../pix/receiver-key";
import type { Scope } from "../scope";
import { customerOf } from "./customer";
import { sellerFeeRateSql } from "./fees";
import { newClientSecret } from "./pending-action";
import { CUSTOMER_INITIATED, NO_CARD_COLUMNS, storedView, withBaseUrl, type TransactionRow } from "./serialize";

/** The request, once validated. */
export interface CreatePixInput {
  scope: Scope;
  seller: SellerProfile;
  request: IdempotentRequest;
  body: TransactionCreate;
  /** A payment link's charge: the link (whose room the insert checks) and the checkout session paying it. */
  link?: LinkCharge;
}

/** What a payment link's charge carries. */
export interface LinkCharge extends Partial<HoldKeys> {
  paymentLinkId: string;
  checkoutSessionId: string;
  /**
   * The buyer sent no Idempotency-Key: the charge's key (`request.scope.key`) was made up for it
   * and no one can send it again, so there is no answer to keep for a replay and no key row is
   * written (`request.fingerprint` is not read).
   */
  keyless?: boolean;
}

/** What the BR Code and the signed payload name as the receiver; a 422 when something is missing. */
export function receiverOf(platform: Platform, scope: Scope, seller: SellerProfile) {
  // The BR Code carries plain ASCII only: a name that is all emoji or non-Latin script cannot be
  // encoded, so fall back to the next usable name.
  const merchantName = [seller.fantasyName, seller.legalName].find(hasBrCodeText);
  if (!merchantName) {
    throw new ApiError("SELLER_PROFILE_INCOMPLETE", "Your fantasy and legal names have no Latin characters, which a PIX BR Code requires; ask the platform to set a fantasy name.", {
      extensions: { missing: ["fantasyName"] },
    });
  }
  if (!hasBrCodeText(seller.city)) {
    throw new ApiError("SELLER_PROFILE_INCOMPLETE", "Your seller profile has no city, which a PIX BR Code names as the merchant's; ask the platform to set it.", {
      extensions: { missing: ["city"] },
    });
  }
  const pixKey = seller.pixKey ?? platform.config.pixReceiverKey ?? (scope.livemode ? null : SANDBOX_PIX_KEY);
  if (!pixKey) {
    throw new ApiError("PIX_KEY_NOT_CONFIGURED", "No PIX key receives your live payments: neither your seller profile nor this installation (PIX_RECEIVER_KEY) has one.");
  }
  return { merchantName, merchantCity: seller.city!, pixKey };
}

/**
 * A new PIX charge's own columns: a random location id (the URL the BR Code carries), the BCB
 * txid (26 to 35 alphanumerics; 32 random ones), the dynamic BR Code and the receiving key.
 */
export function pixChargeColumns(platform: Platform, receiver: ReturnType<typeof receiverOf>, amount: number) {
  const locationId = randomToken(LOCATION_ID_LENGTH);
  return {
    pixLocationId: locationId,
    pixTxid: randomToken(32),
    pixQrCode: buildDynamicBrCode({
      locationUrl: locationUrl(platform.config.baseUrl, locationId),
      amountMinor: amount,
      merchantName: receiver.merchantName,
      merchantCity: receiver.merchantCity,
    }),
    pixKey: receiver.pixKey,
  };
}

/**
 * A live charge's own columns when a PSP receives live PIX: the charge created there (its BR Code
 * is the PSP's), a txid derived from the request (psp-charge.ts), and a random location id, which
 * only names the QR image this service draws of the PSP's BR Code.
 */
async function pspChargeColumns(
  platform: Platform,
  psp: PixPsp,
  input: { scope: Scope; request: IdempotentRequest; body: TransactionCreate; receiver: ReturnType<typeof receiverOf>; customer: Awaited<ReturnType<typeof customerOf>> },
) {
  const { scope, request, body, receiver, customer } = input;
  const txid = await pspTxid(platform, scope.sellerId, request);
  const created = await createAtPsp(platform, psp, {
    txid,
    amount: body.amount,
    receiverKey: receiver.pixKey,
    expiresInSeconds: body.expirationSeconds,
    debtor: await pspDebtor(platform, customer),
    description: body.description ? body.description.slice(0, 140) : undefined,
  });
  return { pixLocationId: randomToken(LOCATION_ID_LENGTH), pixTxid: txid, pixQrCode: created.brCode, pixKey: receiver.pixKey };
}

/** Every column of a new charge is a placeholder but the fee rate, which the database reads. */
function insertCharge(db: Db, keyFree: SQL) {
  const rate = sellerFeeRateSql(sql.placeholder("sellerId"), "PIX");
  const values = Object.fromEntries(Object.keys(getTableColumns(transactions)).map((k) => [k, sql.placeholder(k)])) as SqlValues<TransactionRow>;
  Object.assign(values, { feePlanId: rate.feePlanId, feePercentBps: rate.percentBps, feeFixedAmount: rate.fixedAmount });
  const linkRoom = linkTakesChargeSql(sql.placeholder("paymentLinkId"), sql.placeholder("createdAt"), {
    address: sql.placeholder("linkHoldAddress"),
    document: sql.placeholder("linkHoldDocument"),
  });
  return insertWhere(db, transactions, values, sql`${keyFree} and ${rate.priced} and ${linkRoom}`);
}

const created = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${sql.placeholder("id")})`;
const createBatch = idempotentBatch({ statements: (db, keyFree) => [insertCharge(db, keyFree)], created });

/**
 * A link's charge, by PIX or card: in the charge's own batch (one transaction, one commit), its
 * checkout session records it as its latest transaction if the charge was created and the session
 * is still OPEN. Before, that was a write of its own after the charge: a second durable commit per
 * pay (docs/performance.md, link-pix). A charge of no session (`checkoutSessionId` null) matches
 * no row.
 */
export const recordOnSession = (db: Db) =>
  db.run(sql`update ${checkoutSessions} set "transaction_id" = ${sql.placeholder("id")}, "updated_at" = ${sql.placeholder("createdAt")}
    where "id" = ${sql.placeholder("checkoutSessionId")} and "status" = 'OPEN'
    and exists (select 1 from ${transactions} t where t.id = ${sql.placeholder("id")})`);
const createLinkBatch = idempotentBatch({ statements: (db, keyFree) => [insertCharge(db, keyFree), recordOnSession(db)], created });
/** A keyless link charge (LinkCharge.keyless): the charge and its session's record, no key row. */
const createKeylessLinkBatch = preparedBatch((db) => [insertCharge(db, sql`1 = 1`), recordOnSession(db)]);

/** Creates the charge, or replays the first answer to the same key. */
export async function createPixTransaction(platform: Platform, input: CreatePixInput): Promise<IdempotentResult> {
  return (await createPixCharge(platform, input)).result;
}

/**
 * createPixTransaction, with the charge's row as it was created (null when the key replayed an
 * earlier answer): a link's pay shows it to the buyer without reading it back.
 */
export async function createPixCharge(
  platform: Platform,
  { scope, seller, request, body, link }: CreatePixInput,
): Promise<{ result: IdempotentResult; row: TransactionRow | null }> {
  const { psp } = acquirerFor(platform.acquirers, scope.livemode);
  const receiver = receiverOf(platform, scope, seller);
  const { config } = platform;
  const now = platform.now();
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const customer = await customerOf(platform, scope, body);
  // Live, through a PSP: the charge exists there first, under a txid a retry asks for again.
  const charge = psp ? await pspChargeColumns(platform, psp, { scope, request, body, receiver, customer }) : pixChargeColumns(platform, receiver, body.amount);
  const row: TransactionRow = {
    id,
    sellerId: scope.sellerId,
    livemode: scope.livemode,
    status: "PENDING",
    paymentMethod: "PIX",
    amount: body.amount,
    currency: body.currency,
    description: body.description ?? null,
    ...customer,
    idempotencyKey: request.scope.key,
    ...charge,
    ...NO_CARD_COLUMNS,
    ...CUSTOMER_INITIATED,
    settlementId: null,
    clientSecret: newClientSecret(id),
    confirmingUntil: null,
    paymentLinkId: link?.paymentLinkId ?? null,
    checkoutSessionId: link?.checkoutSessionId ?? null,
    linkHoldAddress: link?.holdAddress ?? null,
    linkHoldDocument: link?.holdDocument ?? null,
    linkSeenAt: null,
    expiresAt: new Date(now.getTime() + body.expirationSeconds * 1000).toISOString(),
    // Read by the database in the same transaction (fees.ts); never part of a response.
    feePlanId: null,
    feePercentBps: 0,
    feeFixedAmount: 0,
    feeAmount: null,
    netAmount: null,
    paidAt: null,
    pixEndToEndId: null,
    cancelledAt: null,
    cancellationReason: null,
    revision: crypto.randomUUID(),
    view: null,
    createdAt: at,
    updatedAt: at,
  };
  row.view = storedView({ row, refunds: [] });
  const response = { status: 201, body: withBaseUrl(row.view, config.baseUrl) };
  const commit = () => (link?.keyless ? commitKeyless(platform, row, response) : commitIdempotently(platform, request, link ? createLinkBatch : createBatch, row, response));
  // The PSP's charge is this request's own unless the key replays the same request's first answer
  // (same txid): turned away or refused, it is removed there too.
  const result = psp ? await commit().catch(async (e: unknown) => { await forgetAtPsp(platform, psp, row.pixTxid!); throw e; }) : await commit();
  if (psp && !result) await forgetAtPsp(platform, psp, row.pixTxid!);
  // The link (sold out, no longer active) or the price refused it: every other condition was checked above.
  if (!result && link) throw await linkRefusal(platform, link);
  if (!result) throw new ApiError("PAYMENT_METHOD_NOT_ENABLED", "Your fee plan has no price for PIX, so it is not offered to you; ask your company or the platform.");
  return { result, row: result.replayed ? null : row };
}

/** Commits a keyless link charge (LinkCharge.keyless); null when the link or the price refused it. */
async function commitKeyless(platform: Platform, row: TransactionRow, response: { status: number; body: string }): Promise<IdempotentResult | null> {
  const [inserted] = await createKeylessLinkBatch(platform.db).run(row);
  if (inserted!.rowsAffected !== 1) return null;
  return { replayed: false, ...response, expiresAt: platform.now().getTime() + KEY_TTL_SECONDS * 1000 };
}
