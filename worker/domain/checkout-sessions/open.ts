/**
 * POST /v1/payment-links/{id}/checkout-sessions (public): a buyer opens a checkout of a link that
 * can be paid now (an inactive, expired or sold-out link is refused with its own code). The
 * session lives the link's `checkoutSessionTtlMinutes` (default DEFAULT_SESSION_TTL_MINUTES), or
 * never expires when the link says so. Its client secret is answered this once.
 *
 * One statement, built once per database: `INSERT … SELECT … FROM payment_links WHERE <payable
 * now>` (room.ts), which copies the link's seller and mode, computes the expiry from the link's TTL
 * and answers, with RETURNING, what the view needs (the link's redirect URLs). No read of the link
 * comes first: a link that can be paid costs one write. Only when nothing was inserted is the link
 * read (and expired, when due) to say why.
 */
import { sql } from "drizzle-orm";
import { preparedBatch } from "../../db/prepared";
import { checkoutSessions, paymentLinks } from "../../db/schema";
import { randomToken } from "../../lib/crypto";
import { ApiError, notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import { DEFAULT_SESSION_TTL_MINUTES } from "../../schemas/payment-link";
import { refusalOf } from "../payment-links/refusal";
import { linkPayableSql } from "../payment-links/room";
import { readLink } from "../payment-links/store";
import { toSessionView, type CheckoutSessionRow } from "./store";

/** The guarded INSERT; its one row (when the link could be paid) says what the view needs. */
const insertSession = preparedBatch((db) => {
  const l = paymentLinks;
  const s = checkoutSessions;
  const p = sql.placeholder;
  // ISO 8601 with milliseconds and Z, as Date.toISOString writes it (SQLite's date math is in whole ms).
  const expiresAt = sql`case when ${l.checkoutSessionNeverExpires} then null
    else strftime('%Y-%m-%dT%H:%M:%fZ', ${p("at")}, '+' || coalesce(${l.checkoutSessionTtlMinutes}, ${p("defaultTtl")}) || ' minutes') end`;
  const linkColumn = (name: string) => sql`(select ${sql.identifier(name)} from ${l} where ${l.id} = ${s}.${sql.identifier("payment_link_id")})`;
  return [
    db.run(sql`insert into ${s} ("id", "payment_link_id", "seller_id", "livemode", "status", "client_secret", "transaction_id", "expires_at", "created_at", "updated_at")
      select ${p("id")}, ${l.id}, ${l.sellerId}, ${l.livemode}, 'OPEN', ${p("clientSecret")}, null, ${expiresAt}, ${p("at")}, ${p("at")}
      from ${l} where ${l.id} = ${p("linkId")} and ${linkPayableSql(p("at"))}
      returning "seller_id", "livemode", "expires_at", ${linkColumn("success_url")}, ${linkColumn("cancel_url")}`),
  ];
});

/** Opens a session of link `linkId`; answers it with its client secret. */
export async function openCheckoutSession(platform: Platform, linkId: string) {
  const at = platform.now().toISOString();
  const id = crypto.randomUUID();
  const clientSecret = `${id}_secret_${randomToken(32)}`;
  const values = { id, linkId, clientSecret, at, defaultTtl: DEFAULT_SESSION_TTL_MINUTES };
  for (let attempt = 0; ; attempt++) {
    const [inserted] = await insertSession(platform.db).run(values);
    const raw = inserted!.rows[0] as ArrayLike<unknown> | undefined;
    if (raw) {
      const row: CheckoutSessionRow = {
        id,
        paymentLinkId: linkId,
        sellerId: raw[0] as string,
        livemode: Boolean(raw[1]),
        status: "OPEN",
        clientSecret,
        transactionId: null,
        expiresAt: (raw[2] as string | null) ?? null,
        createdAt: at,
        updatedAt: at,
      };
      const link = { successUrl: (raw[3] as string | null) ?? null, cancelUrl: (raw[4] as string | null) ?? null };
      return { ...toSessionView(row, link), clientSecret };
    }
    // Refused: say why (a link past its expiry is expired here, with its event).
    const link = await readLink(platform, linkId, undefined, "room");
    if (!link) throw notFound("payment link", linkId);
    const refusal = refusalOf(link);
    if (refusal) throw refusal;
    // Room was freed between the two statements (a pending charge ended): try once more.
    if (attempt > 0) {
      throw new ApiError("CONCURRENT_MODIFICATION", "The payment link changed while this checkout was opened; retry it.", { headers: { "Retry-After": "1" } });
    }
  }
}
