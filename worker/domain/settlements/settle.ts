/**
 * Paying settlements: the minute sweep `settlements.pay`, and the sandbox's forced run.
 *
 * Per seller, mode and currency with something due, ONE batch writes ONE settlement of:
 *   - its transactions (PAID, REFUND_PENDING or REFUNDED, not yet settled) due by today;
 *   - the COMPLETED refunds and the OPEN or LOST chargebacks not yet deducted whose transaction
 *     is due by today, i.e. settled now or before: a refund or chargeback of a transaction not
 *     yet due waits for that transaction's settlement, one of a settled transaction goes into
 *     the seller's next one.
 * netAmount = gross − fee − refunded − chargeback (negative: a debit). The batch inserts the
 * settlement with its sums, stamps `settlement_id` on what it counted, marks it PAID and writes
 * SETTLEMENT_PAID (the settlement in `data.details`) with its webhook deliveries. The sums and
 * the stamps read the same rows (`settlement_id is null` and due) inside one write transaction,
 * so what is counted is exactly what is stamped; a concurrent sweep (both hosts run it) then
 * finds nothing left, and its guarded insert, event and fan-out write nothing.
 *
 * Paying: this installation has no payout connector, so a settlement is PAID when written, in
 * live mode as in the sandbox. A real connector (a PIX or TED transfer to the seller's bank
 * account) would sit here: write SCHEDULED, transfer, then mark PAID and emit the event.
 */
import { eq, sql } from "drizzle-orm";
import { settlements } from "../../db/schema";
import type { Platform } from "../../platform";
import type { Settlement } from "../../schemas/settlement";
import type { Scope } from "../scope";
import { newEvent, Outbox } from "../events/outbox";
import { netSql } from "./net";
import { dueBySql, settlementJsonSql, SETTLED_STATUSES_SQL, toSettlement, type SettlementRow } from "./schedule";

/** At most this many settlements per run; the rest waits for the next minute. */
export const SETTLEMENT_BATCH = 100;

/** A seller's money in one mode and currency: what one settlement covers. */
interface Group {
  sellerId: string;
  livemode: boolean;
  currency: string;
}

/** The settlement's net, from its sums below (net.ts: the formula a payment's page shows too). */
const NET = netSql({ gross: sql`tx.gross`, fee: sql`tx.fee`, refunded: sql`rf.total`, chargedBack: sql`cb.total` });

const STATUSES = SETTLED_STATUSES_SQL;

/**
 * The rows a settlement of `g` counts: transactions `t`, refunds `r`, chargebacks `c` (each
 * condition reads its own alias, so the sums and the stamping updates share it word for word).
 */
function candidates(g: Group, today: string) {
  const lm = g.livemode ? 1 : 0;
  const due = sql`t.seller_id = ${g.sellerId} and t.livemode = ${lm} and t.currency = ${g.currency} and ${dueBySql("t", today)}`;
  const ofDue = (a: string) => sql`exists (select 1 from transactions t where t.id = ${sql.raw(a)}.transaction_id and ${due})`;
  return {
    transactions: sql`${due} and t.settlement_id is null and t.status in (${STATUSES})`,
    refunds: sql`r.status = 'COMPLETED' and r.settlement_id is null and ${ofDue("r")}`,
    chargebacks: sql`c.seller_id = ${g.sellerId} and c.livemode = ${lm} and c.currency = ${g.currency}
      and c.settlement_id is null and c.status in ('OPEN', 'LOST') and ${ofDue("c")}`,
  };
}

/** Groups with something due by `today`, at most `limit`; `only` narrows to one seller and mode. */
async function dueGroups(platform: Platform, today: string, limit: number, only?: Scope): Promise<Group[]> {
  const scoped = (a: string) => (only ? sql`and ${sql.raw(a)}.seller_id = ${only.sellerId} and ${sql.raw(a)}.livemode = ${only.livemode ? 1 : 0}` : sql``);
  const rows = await platform.db.all<{ seller_id: string; livemode: number; currency: string }>(sql`
    select t.seller_id, t.livemode, t.currency from transactions t indexed by transactions_unsettled_idx
      where t.settlement_id is null and t.status in (${STATUSES}) and ${dueBySql("t", today)} ${scoped("t")}
    union
    select t.seller_id, t.livemode, t.currency from refunds r join transactions t on t.id = r.transaction_id
      where r.status = 'COMPLETED' and r.settlement_id is null and ${dueBySql("t", today)} ${scoped("t")}
    union
    select c.seller_id, c.livemode, c.currency from chargebacks c join transactions t on t.id = c.transaction_id
      where c.settlement_id is null and c.status in ('OPEN', 'LOST') and ${dueBySql("t", today)} ${scoped("c")}
    limit ${limit}`);
  return rows.map((r) => ({ sellerId: r.seller_id, livemode: Boolean(r.livemode), currency: r.currency }));
}

/** Settles one group in one batch; the settlement, or null when a concurrent run got there first. */
async function settleGroup(platform: Platform, g: Group, today: string): Promise<Settlement | null> {
  const { db } = platform;
  const at = platform.now().toISOString();
  const id = crypto.randomUUID();
  const where = candidates(g, today);
  const exists = sql`exists (select 1 from settlements where settlements.id = ${id})`;
  const outbox = new Outbox(platform);
  outbox.change(
    db.run(sql`insert into settlements (id, seller_id, livemode, status, currency, due_date, transaction_count, gross_amount,
        fee_amount, refunded_amount, chargeback_amount, net_amount, paid_at, created_at, updated_at)
      select ${id}, ${g.sellerId}, ${g.livemode ? 1 : 0}, 'PAID', ${g.currency}, ${today}, tx.n, tx.gross, tx.fee, rf.total, cb.total,
        ${NET}, ${at}, ${at}, ${at}
      from (select count(*) as n, coalesce(sum(t.amount), 0) as gross, coalesce(sum(coalesce(t.fee_amount, 0)), 0) as fee
              from transactions t where ${where.transactions}) as tx,
           (select count(*) as n, coalesce(sum(r.amount), 0) as total from refunds r where ${where.refunds}) as rf,
           (select count(*) as n, coalesce(sum(c.amount), 0) as total from chargebacks c where ${where.chargebacks}) as cb
      where tx.n + rf.n + cb.n > 0`),
    db.run(sql`update transactions as t set settlement_id = ${id} where ${where.transactions} and ${exists}`),
    db.run(sql`update refunds as r set settlement_id = ${id}, updated_at = ${at} where ${where.refunds} and ${exists}`),
    db.run(sql`update chargebacks as c set settlement_id = ${id}, updated_at = ${at} where ${where.chargebacks} and ${exists}`),
  );
  // The payload is the settlement as the batch wrote it, read by the database.
  const data = sql`select json_object('details', json(${settlementJsonSql("s")})) from settlements s where s.id = ${id}`;
  outbox.emit(newEvent({ type: "SETTLEMENT_PAID", sellerId: g.sellerId, livemode: g.livemode, occurredAt: at, data }), exists);
  const read = outbox.change(db.select().from(settlements).where(eq(settlements.id, id)));
  const [row] = (await outbox.commit())[read] as SettlementRow[];
  return row ? toSettlement(row) : null;
}

/** What a run settles: as of which moment, and optionally one seller's data in one mode only. */
export interface SettleOptions {
  asOf: Date;
  only?: Scope;
}

/** Settles what is due as of `asOf` (at most SETTLEMENT_BATCH settlements); returns them. */
export async function settleDue(platform: Platform, { asOf, only }: SettleOptions): Promise<Settlement[]> {
  const today = asOf.toISOString().slice(0, 10);
  const paid: Settlement[] = [];
  for (const group of await dueGroups(platform, today, SETTLEMENT_BATCH, only)) {
    const settlement = await settleGroup(platform, group, today);
    if (settlement) paid.push(settlement);
  }
  return paid;
}

/** The minute sweep: settles every seller's due money in both modes; returns how many settlements it paid. */
export async function paySettlements(platform: Platform): Promise<number> {
  return (await settleDue(platform, { asOf: platform.now() })).length;
}
