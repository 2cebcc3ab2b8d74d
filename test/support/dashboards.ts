/**
 * Rows for the dashboard tests, written straight to the database: fee plans with a platform
 * share, sub-sellers of a company (with keys), and transactions and refunds at chosen times and
 * states. Portable (no Node module), so the workerd tests use it too.
 */
import type { Client, InStatement } from "@libsql/client";
import { eq } from "drizzle-orm";
import type { Db } from "../../worker/db/client";
import { feePlanRates, feePlans, refunds, sellers, transactions, type PaymentMethod, type RefundStatus, type TransactionStatus } from "../../worker/db/schema";
import { createCompanySeller, type SellerWithKeys } from "../../worker/domain/sellers";

/** A plan's price per method: [percentBps, fixedAmount]. */
export type Rates = Partial<Record<PaymentMethod, [number, number]>>;

/** Inserts a fee plan (and its rates) owned by `owner`; returns its id. */
export async function insertFeePlan(db: Db, owner: string | null, platformShareBps: number, rates: Rates): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(feePlans).values({ id, name: `Plano ${platformShareBps}`, ownerSellerId: owner, platformShareBps, createdAt: "2026-01-01T00:00:00.000Z" });
  const rows = Object.entries(rates).map(([method, [percentBps, fixedAmount]]) => ({ feePlanId: id, paymentMethod: method as PaymentMethod, percentBps, fixedAmount }));
  if (rows.length) await db.insert(feePlanRates).values(rows);
  return id;
}

/** A seller with keys under company `parentId` (null: a company), on plan `feePlanId`. */
export async function insertSeller(db: Db, parentId: string | null, feePlanId: string | undefined, name: string): Promise<SellerWithKeys> {
  const seller = await createCompanySeller(db, { legalName: name, email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`, feePlanId }, new Date("2026-01-01T00:00:00Z"));
  if (parentId) await db.update(sellers).set({ parentId, livemode: false }).where(eq(sellers.id, seller.sellerId));
  return seller;
}

/** What varies between the fixtures' transactions; the rest is a plausible constant. */
export interface TxSpec {
  method: PaymentMethod;
  amount: number;
  status: TransactionStatus;
  createdAt: string;
  /** Set for a transaction that was paid (PAID, REFUND_PENDING, REFUNDED). */
  paidAt?: string;
  /** The fee charged (hand-computed in the test); the net is amount − fee. */
  fee?: number;
  /** The plan recorded on the transaction (null: none recorded). */
  planId: string | null;
  currency?: string;
  livemode?: boolean;
  /** Settled: the id of the settlement that paid it (no settlement row is needed for the dashboards). */
  settled?: boolean;
}

/** Inserts a transaction of `sellerId`; returns its id. */
export async function insertTx(db: Db, sellerId: string, spec: TxSpec): Promise<string> {
  const id = crypto.randomUUID();
  const paid = spec.fee !== undefined;
  await db.insert(transactions).values({
    id,
    sellerId,
    livemode: spec.livemode ?? false,
    status: spec.status,
    paymentMethod: spec.method,
    amount: spec.amount,
    currency: spec.currency ?? "BRL",
    customer: { name: "Maria da Silva", email: "maria@example.com", documentType: "CPF", document: "***.982.247-**" },
    // Already in the sealed form's shape, so no sweep mistakes it for a legacy clear row.
    customerPii: "v1.fixture",
    idempotencyKey: id,
    feePlanId: spec.planId,
    feePercentBps: 0,
    feeFixedAmount: 0,
    feeAmount: paid ? spec.fee : null,
    netAmount: paid ? spec.amount - spec.fee! : null,
    paidAt: spec.paidAt ?? null,
    settlementId: spec.settled ? crypto.randomUUID() : null,
    revision: crypto.randomUUID(),
    createdAt: spec.createdAt,
    updatedAt: spec.paidAt ?? spec.createdAt,
  });
  return id;
}

/** Inserts a refund of transaction `transactionId`. */
export async function insertRefund(db: Db, transactionId: string, r: { amount: number; original: number; status: RefundStatus; requestedAt: string; completedAt?: string }) {
  await db.insert(refunds).values({
    id: crypto.randomUUID(),
    transactionId,
    amount: r.amount,
    originalAmount: r.original,
    status: r.status,
    requestedAt: r.requestedAt,
    completedAt: r.completedAt ?? null,
    updatedAt: r.completedAt ?? r.requestedAt,
  });
}

/**
 * The query plan (EXPLAIN QUERY PLAN lines) of every statement `run` sends through `client`
 * that reads `table` (its quoted name, as drizzle writes it, unless `reads` says otherwise), to
 * check that a dashboard reads by index.
 */
export async function plansOf(client: Client, table: string, run: () => Promise<unknown>, reads = (sql: string) => sql.includes(`"${table}"`)): Promise<string[][]> {
  const execute = client.execute.bind(client);
  const sent: InStatement[] = [];
  client.execute = ((stmt: InStatement) => (sent.push(stmt), execute(stmt))) as Client["execute"];
  try {
    await run();
  } finally {
    client.execute = execute;
  }
  const reading = sent.map((s) => (typeof s === "string" ? { sql: s, args: [] } : s)).filter((s) => reads(s.sql));
  return Promise.all(reading.map(async (s) => (await execute({ sql: `explain query plan ${s.sql}`, args: s.args ?? [] })).rows.map((r) => String(r[3]))));
}
