/**
 * Cielo's Notification Post (card-connectors.md §2.9): `{"PaymentId", "ChangeType", …}` sent to the
 * URL the merchant gave Cielo's support, with no status in it. The gateway's sales are authorized
 * and captured at once, so a notification brings nothing the sale's answer did not, except what
 * changed at Cielo since: a void or refund made outside the gateway (ChangeType 1) or a chargeback
 * (7). So a notification is never trusted alone: the sale is read back from Cielo's query host and
 * compared with the transaction; a disagreement is logged for an operator (`cielo.notification`,
 * level warn), never applied by itself. The URL carries a secret path segment derived from the
 * vault key, as the PIX PSP's does.
 */
import { and, eq } from "drizzle-orm";
import type { CieloAcquirer } from "../../connectors/cielo/client";
import { transactions } from "../../db/schema";
import { equalsConstantTime } from "../../lib/crypto";
import type { Platform } from "../../platform";

/** The secret path segment of the notification URL. */
export async function cieloNotificationSecret(platform: Platform): Promise<string> {
  const [secret] = await platform.vault.digests(["cielo-notification-url"]);
  return secret!;
}

/** The URL to give Cielo's support for the Notification Post. */
export async function cieloNotificationUrl(platform: Platform): Promise<string> {
  return new URL(`/acquirers/cielo/${await cieloNotificationSecret(platform)}/notifications`, platform.config.baseUrl).toString();
}

/** True when `presented` is the notification URL's secret. */
export async function isCieloNotificationSecret(platform: Platform, presented: string): Promise<boolean> {
  return equalsConstantTime(presented, await cieloNotificationSecret(platform));
}

/** The live Cielo connector, when this installation has one. */
export function liveCieloOf(platform: Platform): CieloAcquirer | null {
  const cielo = platform.acquirers.cards.live.find((a) => a.name === "cielo");
  return cielo && "getSale" in cielo ? (cielo as CieloAcquirer) : null;
}

/** What Cielo's sale status says of our transaction's: which of ours agree with it. */
const AGREEING: Record<number, readonly string[]> = {
  1: ["PAID"],
  2: ["PAID", "REFUND_PENDING"],
  3: ["FAILED"],
  10: ["REFUNDED", "REFUND_PENDING"],
  11: ["REFUNDED", "REFUND_PENDING"],
  13: ["FAILED"],
};

/** How a notification ended: the sale unknown here, matching ours, or not. */
export type NotificationOutcome = "unknown" | "matched" | "mismatched" | "chargeback";

/**
 * Reads the notified sale back from Cielo and compares it with its transaction. Throws the
 * connector's errors when Cielo cannot be read (the route answers 503 so Cielo retries).
 */
export async function checkCieloNotification(platform: Platform, cielo: CieloAcquirer, paymentId: string, changeType: number | null): Promise<NotificationOutcome> {
  const [tx] = await platform.db
    .select({ id: transactions.id, status: transactions.status, amount: transactions.amount, sellerId: transactions.sellerId })
    .from(transactions)
    .where(and(eq(transactions.acquirerReference, paymentId), eq(transactions.acquirer, cielo.name), eq(transactions.livemode, true)))
    .limit(1);
  const sale = tx ? await cielo.getSale(paymentId) : null;
  const outcome: NotificationOutcome = !tx || !sale
    ? "unknown"
    : changeType === 7
      ? "chargeback"
      : (AGREEING[sale.status] ?? []).includes(tx.status) && sale.amount === tx.amount
        ? "matched"
        : "mismatched";
  platform.log({
    msg: "cielo.notification",
    level: outcome === "matched" ? "info" : "warn",
    outcome,
    changeType,
    transactionId: tx?.id ?? null,
    sellerId: tx?.sellerId ?? null,
    ours: tx?.status ?? null,
    cieloStatus: sale?.status ?? null,
    cieloVoidedAmount: sale?.voidedAmount ?? null,
  });
  return outcome;
}
