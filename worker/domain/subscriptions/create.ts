/**
 * Creating a subscription: (none) → TRIALING, INCOMPLETE or ACTIVE (docs/subscriptions.md).
 *
 * The plan must be the seller's, in the key's mode and ACTIVE; the method one the plan takes; a
 * card subscription needs a token of the buyer's card that paid with 3DS (merchant-initiated
 * charges follow). With a trial, nothing is billed until it ends (the trial's end is the billing
 * anchor). Without one, the first period's invoice is issued with the subscription, in the same
 * batch as the subscription and its SUBSCRIPTION_CREATED event: PIX waits for the buyer
 * (INCOMPLETE until paid); a card is charged at once (ACTIVE when approved). PIX_AUTOMATICO also
 * asks for its recurrence (domain/pix-automatico/start.ts), written in the same batch, and is
 * INCOMPLETE until the payer authorizes it.
 *
 * An Idempotency-Key is kept on the subscription (unique per seller and mode): a retry answers
 * the subscription it created, as it is now; the same key with another plan or buyer is a 409.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { insertWhere } from "../../db/guarded";
import { pixRecurrences, subscriptions } from "../../db/schema";
import { ApiError, notFound } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { SubscriptionCreate } from "../../schemas/subscription";
import { sellerProfileOf } from "../api-keys";
import { findBuyer } from "../buyers";
import { assertMerchantInitiatedReady } from "../cards/merchant-initiated";
import { newEvent, Outbox } from "../events/outbox";
import type { Scope } from "../scope";
import { readPlan } from "../subscription-plans/store";
import { receiverOf } from "../transactions/create-pix-transaction";
import { readFeeRate } from "../transactions/fees";
import type { TransactionRow } from "../transactions/serialize";
import { recurrenceTermsOf, startRecurrence } from "../pix-automatico/start";
import { toPixAutomatico, type RecurrenceRow } from "../pix-automatico/store";
import { chargeClaimedInvoice } from "./attempt";
import { addDays, period } from "./calendar";
import { readTestClock } from "./clocks";
import { invoiceStatements, newInvoice, pspChargeOf } from "./issue";
import { forgetUnissued } from "../pix/psp-charge";
import { billingAtOf, cadenceOf, MAX_SUBSCRIPTIONS_PER_CLOCK } from "./rules";
import { readSubscription, toSubscription, type SubscriptionRow } from "./store";

const invalid = (path: string, code: string, message: string) => validationError([{ path, in: "body", code, message }], "INVALID_DATA");

/** What the route answers: the subscription, and whether it was created before under the same key. */
export interface CreatedSubscription {
  row: SubscriptionRow;
  replayed: boolean;
}

/** A retry under `key`: the subscription it created, or a 409 when the key was used for another one. */
async function replayOf(platform: Platform, scope: Scope, key: string, body: SubscriptionCreate): Promise<CreatedSubscription | null> {
  const s = subscriptions;
  const [row] = await platform.db.select().from(s).where(and(eq(s.sellerId, scope.sellerId), eq(s.livemode, scope.livemode), eq(s.idempotencyKey, key))).limit(1);
  if (!row) return null;
  const differing = (["planId", "buyerId", "paymentMethod"] as const).filter((f) => row[f] !== body[f]);
  if (differing.length) {
    throw new ApiError("IDEMPOTENCY_KEY_REUSED", `This Idempotency-Key created another subscription (${differing.join(", ")} differ); use a new key for a new request.`, {
      extensions: { differingFields: differing },
    });
  }
  return { row, replayed: true };
}

/** Checks what the body refers to; returns the plan and the clock's time when on one. */
async function checkReferences(platform: Platform, scope: Scope, body: SubscriptionCreate) {
  const plan = await readPlan(platform.db, scope, body.planId);
  if (!plan) throw notFound("subscription plan", body.planId);
  if (plan.status !== "ACTIVE") throw invalid("planId", "invalid_value", "the plan is ARCHIVED: it takes no new subscriptions");
  // PIX Automático is PIX (its fee, its receiver): a plan that takes PIX takes it.
  const method = body.paymentMethod === "PIX_AUTOMATICO" ? "PIX" : body.paymentMethod;
  if (!plan.paymentMethods.includes(method)) throw invalid("paymentMethod", "invalid_value", `the plan takes ${plan.paymentMethods.join(" or ")}`);
  if (!(await findBuyer(platform.db, scope, body.buyerId))) throw invalid("buyerId", "not_found", "no buyer of yours has this id");
  if (body.paymentMethod === "CREDIT_CARD") {
    if (!body.cardToken) throw invalid("cardToken", "required", "a CREDIT_CARD subscription needs the token of the buyer's card");
    await assertMerchantInitiatedReady(platform, { ...scope, buyerId: body.buyerId, cardToken: body.cardToken });
  } else if (body.cardToken) {
    throw invalid("cardToken", "invalid_value", "only a CREDIT_CARD subscription takes a card token");
  }
  if (body.payerAccount && body.paymentMethod !== "PIX_AUTOMATICO") throw invalid("payerAccount", "invalid_value", "only a PIX_AUTOMATICO subscription takes the payer's account");
  if (!(await readFeeRate(platform.db, scope.sellerId, method, 1))) {
    throw new ApiError("PAYMENT_METHOD_NOT_ENABLED", `Your fee plan has no price for ${body.paymentMethod}, so it is not offered to you; ask your company or the platform.`);
  }
  if (method === "PIX") {
    const seller = await sellerProfileOf(platform.db, scope.sellerId);
    if (seller) receiverOf(platform, scope, seller);
  }
  let clockTime: string | null = null;
  if (body.testClockId) {
    if (scope.livemode) throw invalid("testClockId", "invalid_value", "test clocks are for test keys only");
    const clock = await readTestClock(platform, scope, body.testClockId);
    if (!clock) throw invalid("testClockId", "not_found", "no test clock of yours has this id");
    const [on] = await platform.db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.testClockId, clock.id));
    if ((on?.n ?? 0) >= MAX_SUBSCRIPTIONS_PER_CLOCK) throw invalid("testClockId", "invalid_value", `a test clock carries at most ${MAX_SUBSCRIPTIONS_PER_CLOCK} subscriptions`);
    clockTime = clock.frozenTime;
  }
  const recurrence = body.paymentMethod === "PIX_AUTOMATICO" ? await recurrenceTermsOf(platform, scope, plan, body) : null;
  return { plan, clockTime, recurrence };
}

/** Creates the subscription (and its first invoice when there is no trial), or answers the one its key created. */
export async function createSubscription(platform: Platform, scope: Scope, body: SubscriptionCreate, key: string | undefined): Promise<CreatedSubscription> {
  if (key) {
    const replay = await replayOf(platform, scope, key, body);
    if (replay) return replay;
  }
  const { plan, clockTime, recurrence } = await checkReferences(platform, scope, body);
  const at = clockTime ?? platform.now().toISOString();
  const trialDays = body.trialDays ?? 0;
  const trialEndAt = trialDays > 0 ? addDays(at, trialDays) : null;
  const anchor = trialEndAt ?? at;
  const base: SubscriptionRow = {
    id: crypto.randomUUID(),
    sellerId: scope.sellerId,
    livemode: scope.livemode,
    planId: plan.id,
    buyerId: body.buyerId,
    paymentMethod: body.paymentMethod,
    cardToken: body.cardToken ?? null,
    // PIX Automático waits for the payer's authorization first, trial or not.
    status: trialEndAt && !recurrence ? "TRIALING" : "INCOMPLETE",
    billingAnchor: anchor,
    periodsBilled: 0,
    currentPeriodStart: at,
    currentPeriodEnd: anchor,
    nextBillingAt: null,
    trialEndAt,
    cancelAtPeriodEnd: false,
    cancelledAt: null,
    latestInvoiceId: null,
    testClockId: body.testClockId ?? null,
    idempotencyKey: key ?? null,
    revision: crypto.randomUUID(),
    createdAt: at,
    updatedAt: at,
  };
  const invoice = trialEndAt ? null : newInvoice(base, plan, 0, at, platform.now());
  const row: SubscriptionRow = trialEndAt
    ? { ...base, nextBillingAt: billingAtOf(base, plan, 0, base.paymentMethod, recurrence?.chargeLeadDays) }
    : { ...base, periodsBilled: 1, latestInvoiceId: invoice!.id, ...currentPeriod(base, plan), nextBillingAt: billingAtOf(base, plan, 1, base.paymentMethod, recurrence?.chargeLeadDays) };

  const s = subscriptions;
  const outbox = new Outbox(platform);
  const keyFree = key ? sql`not exists (select 1 from ${s} where ${s.sellerId} = ${scope.sellerId} and ${s.livemode} = ${scope.livemode} and ${s.idempotencyKey} = ${key})` : sql`1`;
  const inserted = outbox.change(insertWhere(platform.db, s, row, keyFree));
  const created = sql`exists (select 1 from ${s} where ${s.id} = ${row.id})`;
  let rec: RecurrenceRow | null = null;
  const startRec = recurrence ? async (charge: TransactionRow | null) => void (rec = await startRecurrence(platform, recurrence, row, charge)) : undefined;
  if (invoice) outbox.change(...(await invoiceStatements(platform, row, plan, invoice, created, startRec)));
  if (startRec && !rec) await startRec(null);
  if (rec) outbox.change(insertWhere(platform.db, pixRecurrences, rec, created));
  const recView = rec ? toPixAutomatico(rec, platform.config.baseUrl, null) : null;
  outbox.emit(newEvent({ type: "SUBSCRIPTION_CREATED", sellerId: scope.sellerId, livemode: scope.livemode, occurredAt: at, data: { details: toSubscription(row, recView) } }), created);
  const results = await outbox.commit();
  if ((results[inserted] as { rowsAffected?: number }).rowsAffected === 0) {
    if (invoice) await forgetUnissued(platform, [pspChargeOf(platform, row, invoice)]);
    // Another request with the same key won the race: answer its subscription.
    const replay = key ? await replayOf(platform, scope, key, body) : null;
    if (replay) return replay;
    throw new ApiError("CONCURRENT_MODIFICATION", "The subscription could not be created; retry with the same Idempotency-Key.");
  }
  if (invoice && row.paymentMethod === "CREDIT_CARD") await chargeClaimedInvoice(platform, row, plan, invoice, at);
  return { row: (await readSubscription(platform.db, scope, row.id))!, replayed: false };
}

/** The first period's bounds, as the subscription shows them. */
function currentPeriod(sub: SubscriptionRow, plan: Parameters<typeof cadenceOf>[0]) {
  const { start, end } = period(sub.billingAnchor, cadenceOf(plan), 0);
  return { currentPeriodStart: start, currentPeriodEnd: end };
}
