/**
 * A seller's operations on a subscription after creation (docs/subscriptions.md): list and read,
 * change the card or the method (PATCH), cancel now or at the period's end, read its invoices,
 * and set the card retry schedule. Each move goes through the machine (machine.ts) and the outbox.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { keysetWindow } from "../../db/keyset";
import { invoices, subscriptionSettings, subscriptions } from "../../db/schema";
import { pageLimit, pageOf, pageStart, type Page, type PageParams } from "../../lib/pagination";
import { ApiError, notFound } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { Invoice, Subscription, SubscriptionUpdate } from "../../schemas/subscription";
import { assertMerchantInitiatedReady } from "../cards/merchant-initiated";
import { Outbox } from "../events/outbox";
import type { Scope } from "../scope";
import { readPlan } from "../subscription-plans/store";
import { SUBSCRIPTION_MACHINE } from "./machine";
import { addSubscriptionMove, type SubscriptionChanges } from "./move";
import { timeOf } from "./paid";
import { addVoidOpenInvoices } from "./void";
import { cancelRecurrenceOf } from "../pix-automatico/cancel";
import { billingAtOf, DEFAULT_CARD_RETRY_DAYS, pixAutomaticoSettingsOf } from "./rules";
import type { RecurrenceRetryPolicy } from "../../lib/pix-automatico";
import { readSubscription, toInvoice, toSubscription, type SubscriptionRow } from "./store";

/** The scope's subscription, or a 404. */
async function mine(platform: Platform, scope: Scope, id: string): Promise<SubscriptionRow> {
  const row = await readSubscription(platform.db, scope, id);
  if (!row) throw notFound("subscription", id);
  return row;
}

/** GET /v1/subscriptions/{id}. */
export async function getSubscription(platform: Platform, scope: Scope, id: string): Promise<Subscription> {
  return toSubscription(await mine(platform, scope, id));
}

/** The list's filters (GET /v1/subscriptions). */
export type SubscriptionFilters = { status?: SubscriptionRow["status"]; planId?: string; buyerId?: string };
/** The list's filters and position. */
export type SubscriptionListQuery = PageParams & SubscriptionFilters;

/** The scope's subscriptions matching the list's filters (status, plan, buyer); all of them without. */
export function subscriptionsMatching(scope: Scope, query: SubscriptionFilters = {}) {
  const s = subscriptions;
  return and(
    eq(s.sellerId, scope.sellerId),
    eq(s.livemode, scope.livemode),
    query.status ? eq(s.status, query.status) : undefined,
    query.planId ? eq(s.planId, query.planId) : undefined,
    query.buyerId ? eq(s.buyerId, query.buyerId) : undefined,
  );
}

/** GET /v1/subscriptions: the scope's subscriptions, newest first, filtered by status, plan and buyer. */
export async function listSubscriptions(platform: Platform, scope: Scope, query: SubscriptionListQuery): Promise<Page<Subscription>> {
  const s = subscriptions;
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, s.createdAt, s.id);
  const where = subscriptionsMatching(scope, query);
  const [rows, [total]] = await platform.db.batch([
    platform.db.select().from(s).where(and(where, after)).orderBy(desc(s.createdAt), desc(s.id)).limit(pageLimit(start, query.size)).offset(offset),
    platform.db.select({ n: count() }).from(s).where(where),
  ]);
  const page = pageOf(rows, total?.n ?? 0, start, query.size);
  return { ...page, items: page.items.map((row) => toSubscription(row)) };
}

/** GET /v1/subscriptions/{id}/invoices: its invoices, newest period first. */
export async function listInvoices(platform: Platform, scope: Scope, id: string, query: PageParams): Promise<Page<Invoice>> {
  const sub = await mine(platform, scope, id);
  const i = invoices;
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, i.createdAt, i.id);
  const where = eq(i.subscriptionId, sub.id);
  const [rows, [total]] = await platform.db.batch([
    platform.db.select().from(i).where(and(where, after)).orderBy(desc(i.createdAt), desc(i.id)).limit(pageLimit(start, query.size)).offset(offset),
    platform.db.select({ n: count() }).from(i).where(where),
  ]);
  const page = pageOf(rows, total?.n ?? 0, start, query.size);
  return { ...page, items: page.items.map(toInvoice) };
}

/**
 * PATCH /v1/subscriptions/{id}: a new card (the next attempt, a PAST_DUE retry included, uses it)
 * or another method of the plan's. A change of method moves the next billing time (PIX invoices are
 * issued a few days early).
 */
export async function updateSubscription(platform: Platform, scope: Scope, id: string, patch: SubscriptionUpdate): Promise<Subscription> {
  const sub = await mine(platform, scope, id);
  SUBSCRIPTION_MACHINE.require(sub.status, "update");
  // PIX Automático is the payer's authorization: no card or method to change (cancel and subscribe anew).
  if (sub.paymentMethod === "PIX_AUTOMATICO") {
    throw validationError([{ path: patch.cardToken ? "cardToken" : "paymentMethod", in: "body", code: "invalid_value", message: "a PIX_AUTOMATICO subscription is paid as its payer authorized: cancel it and create another to change how it is paid" }], "INVALID_DATA");
  }
  const method = patch.paymentMethod ?? sub.paymentMethod;
  const plan = (await readPlan(platform.db, scope, sub.planId))!;
  if (!(plan.paymentMethods as readonly string[]).includes(method)) {
    throw validationError([{ path: "paymentMethod", in: "body", code: "invalid_value", message: `the plan takes ${plan.paymentMethods.join(" or ")}` }], "INVALID_DATA");
  }
  const cardToken = method === "PIX" ? null : (patch.cardToken ?? sub.cardToken);
  if (method !== "PIX") {
    if (!cardToken) throw validationError([{ path: "cardToken", in: "body", code: "required", message: "a CREDIT_CARD subscription needs the token of the buyer's card" }], "INVALID_DATA");
    if (patch.cardToken) await assertMerchantInitiatedReady(platform, { ...scope, buyerId: sub.buyerId, cardToken });
  } else if (patch.cardToken) {
    throw validationError([{ path: "cardToken", in: "body", code: "invalid_value", message: "only a CREDIT_CARD subscription takes a card token" }], "INVALID_DATA");
  }
  const changes: SubscriptionChanges = { paymentMethod: method, cardToken };
  if (method !== sub.paymentMethod && sub.nextBillingAt && !sub.cancelAtPeriodEnd) changes.nextBillingAt = billingAtOf(sub, plan, sub.periodsBilled, method);
  return commitMove(platform, sub, "update", changes);
}

/**
 * POST /v1/subscriptions/{id}/cancel. Now: CANCELLED (SUBSCRIPTION_CANCELLED); its OPEN invoices
 * are voided and their pending PIX charges cancelled, in the same batch. At the period's end: the
 * subscription stays as it is with `cancelAtPeriodEnd`, issues no further invoice, and is
 * CANCELLED when the period ends (bill.ts).
 */
export async function cancelSubscription(platform: Platform, scope: Scope, id: string, atPeriodEnd: boolean): Promise<Subscription> {
  const sub = await mine(platform, scope, id);
  const at = await timeOf(platform, sub.testClockId);
  if (atPeriodEnd) {
    SUBSCRIPTION_MACHINE.require(sub.status, "update");
    // INCOMPLETE and TRIALING have no paid period to run out: they end now.
    if (sub.status === "ACTIVE" || sub.status === "PAST_DUE") {
      return commitMove(platform, sub, "update", { cancelAtPeriodEnd: true, nextBillingAt: sub.currentPeriodEnd > at ? sub.currentPeriodEnd : at });
    }
  }
  SUBSCRIPTION_MACHINE.require(sub.status, "cancel");
  const outbox = new Outbox(platform);
  const { next, index } = addSubscriptionMove(outbox, platform, sub, "cancel", at, { cancelledAt: at, nextBillingAt: null, cancelAtPeriodEnd: false }, eq(subscriptions.revision, sub.revision));
  await addVoidOpenInvoices(outbox, platform, sub, at);
  const results = await outbox.commit();
  if ((results[index] as unknown[]).length !== 1) return toSubscription(await mine(platform, scope, id));
  if (sub.paymentMethod === "PIX_AUTOMATICO") await cancelRecurrenceOf(platform, sub.id);
  return toSubscription(next);
}

/** Commits one move of `sub` guarded by its revision; a lost race answers the subscription as it now is. */
async function commitMove(platform: Platform, sub: SubscriptionRow, trigger: "update", changes: SubscriptionChanges): Promise<Subscription> {
  const at = await timeOf(platform, sub.testClockId);
  const outbox = new Outbox(platform);
  const { next, index } = addSubscriptionMove(outbox, platform, sub, trigger, at, changes, eq(subscriptions.revision, sub.revision));
  const results = await outbox.commit();
  if ((results[index] as unknown[]).length !== 1) {
    throw new ApiError("CONCURRENT_MODIFICATION", "The subscription changed while this request was applied; nothing was changed: read it and retry.");
  }
  return toSubscription(next);
}

/** The seller's subscription settings of a mode (GET/PUT /v1/subscriptions/settings), defaults filled in. */
export interface SubscriptionSettings {
  cardRetryDays: number[];
  pixRetryPolicy: RecurrenceRetryPolicy;
  pixChargeLeadDays: number;
}

/** GET /v1/subscriptions/settings: the card retry schedule and PIX Automático's settings of the key's mode. */
export async function readSettings(platform: Platform, scope: Scope): Promise<SubscriptionSettings> {
  const s = subscriptionSettings;
  const [row] = await platform.db.select({ days: s.cardRetryDays }).from(s).where(and(eq(s.sellerId, scope.sellerId), eq(s.livemode, scope.livemode))).limit(1);
  const pix = await pixAutomaticoSettingsOf(platform.db, scope.sellerId, scope.livemode);
  return { cardRetryDays: row?.days ?? [...DEFAULT_CARD_RETRY_DAYS], pixRetryPolicy: pix.retryPolicy, pixChargeLeadDays: pix.chargeLeadDays };
}

/** PUT /v1/subscriptions/settings: the fields given replace the stored ones; a field left out keeps its value (or default). */
export async function writeSettings(platform: Platform, scope: Scope, input: Partial<SubscriptionSettings>): Promise<SubscriptionSettings> {
  const next = { ...(await readSettings(platform, scope)), ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as SubscriptionSettings;
  const s = subscriptionSettings;
  const updatedAt = platform.now().toISOString();
  const values = { cardRetryDays: next.cardRetryDays, pixRetryPolicy: next.pixRetryPolicy, pixChargeLeadDays: next.pixChargeLeadDays, updatedAt };
  await platform.db
    .insert(s)
    .values({ sellerId: scope.sellerId, livemode: scope.livemode, ...values })
    .onConflictDoUpdate({ target: [s.sellerId, s.livemode], set: values });
  return next;
}
