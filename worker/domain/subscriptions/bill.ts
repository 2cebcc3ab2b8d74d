/**
 * Running what billing has due at a time: subscriptions whose next invoice is due (issue.ts, and
 * a card invoice's first attempt right after) or that end at their period's end, then OPEN
 * invoices whose next look has come (collect.ts). Real-time subscriptions are run by the minute
 * sweep at the present; a test clock's by its advance, at each due moment in order (clocks.ts).
 *
 * Each read is bounded and served by a partial index on the due time, so subscriptions and
 * invoices that are not due cost nothing; items are run a few at a time, since each waits on the
 * database (and a card's on the acquirer).
 */
import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { invoices, pixChargeInstructions, subscriptionPlans, subscriptions } from "../../db/schema";
import { describeError } from "../../lib/describe-error";
import type { Platform } from "../../platform";
import { Outbox } from "../events/outbox";
import type { PlanRow } from "../subscription-plans/serialize";
import { addAttemptOutcome, authorizeAttempt, chargeClaimedInvoice } from "./attempt";
import { collectInvoice } from "./collect";
import { addIssue, issueInvoice, pspChargeOf } from "./issue";
import { forgetUnissued } from "../pix/psp-charge";
import { automaticoContexts } from "./automatico-issue";
import { advanceInstruction, dueInstructions } from "./automatico-sweep";
import { addSubscriptionMove } from "./move";
import { SWEEP_BATCH } from "./rules";
import type { InvoiceRow, SubscriptionRow } from "./store";

/** Statuses whose subscriptions are billed for new periods (INCOMPLETE waits for its first payment). */
export const BILLED_STATUSES = ["TRIALING", "ACTIVE", "PAST_DUE"] as const;
/**
 * Items run at once within a round: period ends, collection, and a page's card authorizations.
 * (Issuing is by pages, PAGE_ITEMS a batch: billPage. On the Node host batches in flight together
 * also share one COMMIT, its group commit; docs/performance.md has the runs.)
 */
const CONCURRENCY = 32;

/** Whose items: real-time ones (`clockId` null) or one test clock's. */
export function onClock(column: typeof subscriptions.testClockId | typeof invoices.testClockId | typeof pixChargeInstructions.testClockId, clockId: string | null): SQL {
  return clockId ? eq(column, clockId) : isNull(column);
}

/** Bills `sub` for what is due at `at`: its period's end (cancel at period end) or its next invoice. True when it did something. */
export async function billSubscription(platform: Platform, sub: SubscriptionRow, plan: PlanRow, at: string): Promise<boolean> {
  if (sub.cancelAtPeriodEnd) {
    const outbox = new Outbox(platform);
    const { index } = addSubscriptionMove(outbox, platform, sub, "cancel", at, { cancelledAt: at, nextBillingAt: null }, eq(subscriptions.revision, sub.revision));
    const results = await outbox.commit();
    return (results[index] as unknown[]).length === 1;
  }
  const invoice = await issueInvoice(platform, sub, plan, at);
  if (!invoice) return false;
  if (sub.paymentMethod === "CREDIT_CARD") await chargeClaimedInvoice(platform, sub, plan, invoice, at);
  return true;
}

/** Runs `work` over `items`, CONCURRENCY at a time; a failing item is logged and counted out. */
async function runAll<T>(platform: Platform, items: T[], what: string, work: (item: T) => Promise<boolean>): Promise<number> {
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        if (await work(item)) done++;
      } catch (err) {
        platform.log({ msg: "billing.item_failed", level: "error", code: "INTERNAL_ERROR", what, ...describeError(err) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return done;
}

/** Subscriptions due at `at` (a bounded page, oldest due first). */
async function dueSubscriptions(platform: Platform, clockId: string | null, at: string) {
  const s = subscriptions;
  return platform.db
    .select({ sub: s, plan: subscriptionPlans })
    .from(s)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, s.planId))
    .where(and(onClock(s.testClockId, clockId), sql`${s.nextBillingAt} is not null`, lte(s.nextBillingAt, at), or(inArray(s.status, [...BILLED_STATUSES]), eq(s.cancelAtPeriodEnd, true))))
    .orderBy(asc(s.nextBillingAt))
    .limit(SWEEP_BATCH);
}

/** OPEN invoices due at `at` and not claimed by an attempt in flight, with their subscription and plan. */
async function dueInvoices(platform: Platform, clockId: string | null, at: string) {
  const i = invoices;
  const now = platform.now().toISOString();
  return platform.db
    .select({ invoice: i, sub: subscriptions, plan: subscriptionPlans })
    .from(i)
    .innerJoin(subscriptions, eq(subscriptions.id, i.subscriptionId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(onClock(i.testClockId, clockId), eq(i.status, "OPEN"), sql`${i.nextAttemptAt} is not null`, lte(i.nextAttemptAt, at), or(isNull(i.claimedUntil), lte(i.claimedUntil, now))))
    .orderBy(asc(i.nextAttemptAt))
    .limit(SWEEP_BATCH);
}

/** Subscriptions billed by one pair of batches, and such pages in flight at once. */
const PAGE_ITEMS = 25;
const PAGES_IN_FLIGHT = 4;

/** `work` over `items`, CONCURRENCY at a time, in order; an item that throws is logged and answers null. */
async function mapConcurrent<T, R>(platform: Platform, items: T[], what: string, work: (item: T) => Promise<R>, concurrency = CONCURRENCY): Promise<Array<R | null>> {
  const out: Array<R | null> = new Array(items.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      try {
        out[k] = await work(items[k]!);
      } catch (err) {
        platform.log({ msg: "billing.item_failed", level: "error", code: "INTERNAL_ERROR", what, ...describeError(err) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}

type Due = { sub: SubscriptionRow; plan: PlanRow };

/**
 * Bills a page of due subscriptions at `at` with two commits, not two per subscription: one batch
 * issues every invoice (each under its own compare-and-set, so a subscription another biller got
 * to first is simply not issued), then the card ones are authorized, a few at a time, and every
 * outcome is recorded in a second batch. A batch that fails falls back to one per item, so one
 * bad item never holds back the page. Returns how many subscriptions moved.
 */
async function billPage(platform: Platform, page: Due[], at: string): Promise<number> {
  const ending = page.filter((d) => d.sub.cancelAtPeriodEnd);
  let moved = await runAll(platform, ending, "subscription", ({ sub, plan }) => billSubscription(platform, sub, plan, at));
  const due = page.filter((d) => !d.sub.cancelAtPeriodEnd);
  if (due.length === 0) return moved;
  let issued: Array<Due & { invoice: InvoiceRow }>;
  const added: Array<Due & { invoice: InvoiceRow; moved: number }> = [];
  try {
    const outbox = new Outbox(platform);
    const contexts = await automaticoContexts(platform.db, due.map((d) => d.sub));
    for (const d of due) added.push({ ...d, ...(await addIssue(outbox, platform, d.sub, d.plan, at, contexts)) });
    const results = await outbox.commit();
    issued = added.filter((a) => (results[a.moved] as unknown[]).length === 1);
    // Charges made at a PSP for invoices another biller issued first: removed there.
    await forgetUnissued(platform, added.filter((a) => !issued.includes(a)).map((a) => pspChargeOf(platform, a.sub, a.invoice)));
  } catch (err) {
    platform.log({ msg: "billing.batch_failed", level: "warn", what: "issue", ...describeError(err) });
    // Nothing of the batch was issued: its charges made at a PSP are removed there.
    await forgetUnissued(platform, added.map((a) => pspChargeOf(platform, a.sub, a.invoice)));
    return moved + (await runAll(platform, due, "subscription", ({ sub, plan }) => billSubscription(platform, sub, plan, at)));
  }
  moved += issued.length;
  const cards = issued.filter((d) => d.sub.paymentMethod === "CREDIT_CARD");
  if (cards.length === 0) return moved;
  // Born claimed (issue.ts): only this biller charges them. A sale that could not be asked for is left to its claim's lapse.
  const sales = await mapConcurrent(platform, cards, "invoice", (c) => authorizeAttempt(platform, c.sub, c.invoice));
  const asked = cards.flatMap((c, k) => (sales[k] ? [{ ...c, sale: sales[k]! }] : []));
  try {
    const outbox = new Outbox(platform);
    for (const c of asked) await addAttemptOutcome(outbox, platform, c.sub, c.plan, c.invoice, at, c.sale);
    await outbox.commit();
  } catch (err) {
    platform.log({ msg: "billing.batch_failed", level: "warn", what: "outcome", ...describeError(err) });
    await runAll(platform, asked, "invoice", async (c) => {
      const outbox = new Outbox(platform);
      await addAttemptOutcome(outbox, platform, c.sub, c.plan, c.invoice, at, c.sale);
      await outbox.commit();
      return true;
    });
  }
  return moved;
}

/** One round at `at`: a page of due subscriptions, then a page of due invoices. Returns how many items moved. */
export async function runDueRound(platform: Platform, clockId: string | null, at: string): Promise<{ moved: number; full: boolean }> {
  const subs = await dueSubscriptions(platform, clockId, at);
  // Pages of PAGE_ITEMS, PAGES_IN_FLIGHT at a time: fewer commits than one per item, a bounded batch each.
  const pages = Array.from({ length: Math.ceil(subs.length / PAGE_ITEMS) }, (_, k) => subs.slice(k * PAGE_ITEMS, (k + 1) * PAGE_ITEMS));
  const billed = (await mapConcurrent(platform, pages, "page", (page) => billPage(platform, page, at), PAGES_IN_FLIGHT)).reduce<number>((a, b) => a + (b ?? 0), 0);
  const due = await dueInvoices(platform, clockId, at);
  const collected = await runAll(platform, due, "invoice", ({ sub, plan, invoice }) => collectInvoice(platform, sub, plan, invoice as InvoiceRow, at));
  // PIX Automático: instructions to send, settle, reconcile or end dunning for (automatico-sweep.ts).
  const instructions = await dueInstructions(platform, clockId, at);
  const charged = await runAll(platform, instructions, "charge instruction", (row) => advanceInstruction(platform, row, at));
  return { moved: billed + collected + charged, full: subs.length === SWEEP_BATCH || due.length === SWEEP_BATCH || instructions.length === SWEEP_BATCH };
}

/** The minute sweep: real-time billing at the present, round after round while pages come back full (bounded). */
export async function billDueSubscriptions(platform: Platform): Promise<number> {
  let total = 0;
  for (let round = 0; round < 100; round++) {
    const { moved, full } = await runDueRound(platform, null, platform.now().toISOString());
    total += moved;
    if (!full || moved === 0) break;
  }
  return total;
}
