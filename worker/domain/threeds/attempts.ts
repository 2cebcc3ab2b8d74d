/**
 * Card testing, stopped per transaction (docs/security.md): a transaction's client secret and the
 * seller's publishable key sit in the shop's page, so a bot can try card after card on one
 * transaction. A transaction therefore accepts at most MAX_CARDS_PER_TRANSACTION different cards
 * and MAX_AUTHENTICATIONS_PER_TRANSACTION 3DS sessions; past either, every further card is refused
 * (409 CARD_ATTEMPTS_EXCEEDED) before it is vaulted, and the seller hears of it once
 * (TRANSACTION_CARD_ATTEMPTS_EXCEEDED, with the transaction). The limit holds under concurrency:
 * the session is written only where the counts are still under it (`roomForCardSql`).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { threedsSessions, transactions } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import { newEvent, Outbox } from "../events/outbox";
import { toTransaction, type TransactionRow } from "../transactions/serialize";

/** Different cards one transaction accepts. */
export const MAX_CARDS_PER_TRANSACTION = 5;
/** 3DS sessions one transaction accepts (a buyer may retry the same card a few times). */
export const MAX_AUTHENTICATIONS_PER_TRANSACTION = 10;

/** SQL true while transaction `transactionId` may still take card `fingerprint` (as a guarded insert's condition). */
export function roomForCardSql(transactionId: string, fingerprint: string) {
  const s = threedsSessions;
  return sql`(select count(*) from ${s} where ${s.transactionId} = ${transactionId}) < ${MAX_AUTHENTICATIONS_PER_TRANSACTION}
    and (exists (select 1 from ${s} where ${s.transactionId} = ${transactionId} and ${s.cardFingerprint} = ${fingerprint})
      or (select count(distinct ${s.cardFingerprint}) from ${s} where ${s.transactionId} = ${transactionId}) < ${MAX_CARDS_PER_TRANSACTION})`;
}

/** Whether `tx` may take card `fingerprint` now (checked before the card is vaulted). */
export async function hasRoomForCard(platform: Platform, tx: TransactionRow, fingerprint: string): Promise<boolean> {
  const [row] = await platform.db.select({ ok: sql<number>`${roomForCardSql(tx.id, fingerprint)}` }).from(sql`(select 1)`);
  return Number(row?.ok) === 1;
}

/** Records that `tx` refused a card (its event, once) and returns the error to answer. */
export async function cardAttemptsExceeded(platform: Platform, tx: TransactionRow): Promise<ApiError> {
  const at = platform.now().toISOString();
  const t = transactions;
  const outbox = new Outbox(platform);
  outbox.change(platform.db.update(t).set({ cardAttemptsExceededAt: at }).where(and(eq(t.id, tx.id), isNull(t.cardAttemptsExceededAt))));
  outbox.emit(
    newEvent({ type: "TRANSACTION_CARD_ATTEMPTS_EXCEEDED", sellerId: tx.sellerId, livemode: tx.livemode, occurredAt: at, data: { transaction: toTransaction({ row: tx, refunds: [] }, platform.config.baseUrl) } }),
    sql`changes() = 1`,
  );
  await outbox.commit();
  platform.log({ msg: "threeds.card_attempts_exceeded", level: "warn", transactionId: tx.id, sellerId: tx.sellerId });
  return new ApiError(
    "CARD_ATTEMPTS_EXCEEDED",
    `This transaction has been tried with ${MAX_CARDS_PER_TRANSACTION} different cards (or ${MAX_AUTHENTICATIONS_PER_TRANSACTION} authentications): it takes no further card. Ask the seller for a new payment.`,
    { extensions: { maxCards: MAX_CARDS_PER_TRANSACTION, maxAuthentications: MAX_AUTHENTICATIONS_PER_TRANSACTION } },
  );
}
