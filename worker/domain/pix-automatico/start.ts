/**
 * A PIX_AUTOMATICO subscription's recurrence, made with the subscription (domain/subscriptions/
 * create.ts): its terms are checked before anything is written (recurrenceTermsOf: a 422 naming
 * the field), then `startRecurrence` asks for it, in test mode from the sandbox (which plays the
 * PSP and the payer's bank: /v1/sandbox/pix-automatico/…) and in live mode from the PSP:
 *
 * - journey 3 (no trial): the first period's PIX charge (a cob, made by the invoice's batch) gets
 *   the recurrence's location linked; its BR Code becomes the composite one (`GET /rec/{id}?txid=`)
 *   that pays period 0 and authorizes the recurrence in one scan;
 * - journey 2 (a trial): a location and a BR Code that only authorizes;
 * - journey 1 (the seller gave the payer's account): a push to the payer's bank (`POST /solicrec`);
 *   without a trial, period 0 is paid by its own PIX charge (docs/subscriptions.md).
 *
 * The row is written by the subscription's batch. A recurrence whose batch is turned away stays
 * CREATED at the PSP and expires unanswered (docs/pix.md: an orphan is never shown to a payer).
 */
import type { AuthorizationJourney, PixAutomaticoPsp, PspRecurrence, RecurrencePeriodicity, RecurrenceRetryPolicy } from "../../lib/pix-automatico";
import { randomToken } from "../../lib/crypto";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { SubscriptionCreate } from "../../schemas/subscription";
import { sellerProfileOf } from "../api-keys";
import { buildRecurrenceBrCode, withRecurrenceLocation } from "../pix/brcode";
import { LOCATION_ID_LENGTH } from "../pix/location";
import { pspProblem } from "../pix/psp-charge";
import type { Scope } from "../scope";
import type { PlanRow } from "../subscription-plans/serialize";
import { pixAutomaticoSettingsOf } from "../subscriptions/rules";
import { clampLeadDays } from "../subscriptions/automatico-rules";
import type { SubscriptionRow } from "../subscriptions/store";
import { receiverOf } from "../transactions/create-pix-transaction";
import { storedView, type TransactionRow } from "../transactions/serialize";
import type { RecurrenceRow } from "./store";
import { contractOf, debtorOf, journeyOf, objectOf, periodicityOf, startDateOf } from "./terms";

/** Journey 1: how long the payer's bank offers the push request. */
export const PUSH_REQUEST_DAYS = 7;

/** What a new PIX_AUTOMATICO subscription's recurrence will be, checked before anything is written. */
export interface RecurrenceTerms {
  journey: AuthorizationJourney;
  periodicity: RecurrencePeriodicity;
  retryPolicy: RecurrenceRetryPolicy;
  /** The seller's lead days (the BCB's 2 to 10): when the periods the billing sweep issues are billed. */
  chargeLeadDays: number;
  debtor: Awaited<ReturnType<typeof debtorOf>>;
  payerAccount: SubscriptionCreate["payerAccount"];
  plan: PlanRow;
  trial: boolean;
}

/** The terms of `body`'s recurrence on `plan`; a 422 naming the field when PIX Automático cannot carry them. */
export async function recurrenceTermsOf(platform: Platform, scope: Scope, plan: PlanRow, body: SubscriptionCreate): Promise<RecurrenceTerms> {
  const periodicity = periodicityOf(plan);
  const trial = (body.trialDays ?? 0) > 0;
  const debtor = await debtorOf(platform, scope, body.buyerId);
  const { retryPolicy, chargeLeadDays } = await pixAutomaticoSettingsOf(platform.db, scope.sellerId, scope.livemode);
  if (scope.livemode && !platform.acquirers.live?.pixAutomatico) {
    throw new ApiError("PAYMENT_METHOD_NOT_ENABLED", "PIX_AUTOMATICO needs a PSP that offers PIX Automático, and none is configured for live payments.");
  }
  return { journey: journeyOf(body.payerAccount !== undefined, trial), periodicity, retryPolicy, chargeLeadDays: clampLeadDays(chargeLeadDays), debtor, payerAccount: body.payerAccount, plan, trial };
}

/**
 * Asks for the recurrence of `sub` (sandbox or PSP) and answers its row, to be written with the
 * subscription. `charge`: the first period's PIX charge (no trial), not yet written; journey 3's
 * gets the composite BR Code here.
 */
export async function startRecurrence(platform: Platform, terms: RecurrenceTerms, sub: SubscriptionRow, charge: TransactionRow | null): Promise<RecurrenceRow> {
  const at = sub.createdAt;
  const row: RecurrenceRow = {
    id: crypto.randomUUID(),
    subscriptionId: sub.id,
    sellerId: sub.sellerId,
    livemode: sub.livemode,
    pspRecurrenceId: null,
    status: "CREATED",
    journey: terms.journey,
    periodicity: terms.periodicity,
    retryPolicy: terms.retryPolicy,
    contract: contractOf(sub.id),
    object: objectOf(terms.plan.name) || null,
    locationId: null,
    firstTransactionId: charge?.id ?? null,
    authorizationBrCode: null,
    reconciledAt: null,
    endingCode: null,
    endingDescription: null,
    endedBy: null,
    approvedAt: null,
    endedAt: null,
    sandboxNextChargeOutcome: null,
    revision: crypto.randomUUID(),
    createdAt: at,
    updatedAt: at,
  };
  const psp = sub.livemode ? platform.acquirers.live?.pixAutomatico?.psp : undefined;
  if (psp) {
    try {
      await atPsp(platform, psp, terms, sub, row, charge);
    } catch (error) {
      throw pspProblem(platform, error, "create the PIX Automático recurrence");
    }
  } else {
    await inSandbox(platform, terms, sub, row, charge);
  }
  return row;
}

/** The sandbox's recurrence: an idRec of its own, and a location under this gateway's host. */
async function inSandbox(platform: Platform, terms: RecurrenceTerms, sub: SubscriptionRow, row: RecurrenceRow, charge: TransactionRow | null) {
  // The document's idRec: "RR", the receiver's ISPB (the sandbox's 99999999), a date and 11 characters.
  row.pspRecurrenceId = `RR99999999${sub.createdAt.slice(0, 10).replace(/-/g, "")}${randomToken(11)}`;
  if (terms.journey === "JORNADA_1") return;
  const location = `${new URL(platform.config.baseUrl).host}/pix/v2/locrec/${randomToken(LOCATION_ID_LENGTH)}`;
  await linkLocation(platform, terms, sub, row, charge, location, undefined);
}

/** The PSP's recurrence: `POST /locrec` and `POST /rec` (journeys 2, 3), `GET /rec/{id}?txid=` (3), `POST /solicrec` (1). */
async function atPsp(platform: Platform, psp: PixAutomaticoPsp, terms: RecurrenceTerms, sub: SubscriptionRow, row: RecurrenceRow, charge: TransactionRow | null) {
  const location = terms.journey === "JORNADA_1" ? undefined : await psp.createLocation();
  const rec = await psp.createRecurrence({
    contract: row.contract,
    ...(row.object ? { object: row.object } : {}),
    debtor: terms.debtor!,
    startDate: startDateOf(sub.billingAnchor, terms.plan, terms.trial),
    periodicity: terms.periodicity,
    amount: { kind: "FIXED", amount: terms.plan.amount },
    retryPolicy: terms.retryPolicy,
    ...(location ? { locationId: location.id } : {}),
    ...(terms.journey === "JORNADA_3" && charge?.pixTxid ? { firstChargeTxid: charge.pixTxid } : {}),
  });
  row.pspRecurrenceId = rec.id;
  row.locationId = location?.id ?? null;
  if (location) {
    const composite = terms.journey === "JORNADA_3" && charge?.pixTxid ? await psp.getRecurrence(rec.id, charge.pixTxid) : null;
    await linkLocation(platform, terms, sub, row, charge, location.location, composite);
    return;
  }
  const account = terms.payerAccount!;
  const document = account.document.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  await psp.requestAuthorization({
    recurrenceId: rec.id,
    payer: { documentType: document.length === 11 ? "CPF" : "CNPJ", document },
    account: { ispb: account.ispb, ...(account.branch ? { branch: account.branch } : {}), number: account.number },
    expiresAt: new Date(platform.now().getTime() + PUSH_REQUEST_DAYS * 86_400_000).toISOString(),
  });
}

/**
 * Journeys 2 and 3: the QR the buyer scans. Journey 3: the first charge's BR Code with the
 * recurrence's location (the PSP's composite when it gave one), which the charge then carries.
 */
async function linkLocation(platform: Platform, terms: RecurrenceTerms, sub: SubscriptionRow, row: RecurrenceRow, charge: TransactionRow | null, location: string, composite: PspRecurrence | null | undefined) {
  if (terms.journey === "JORNADA_3" && charge?.pixQrCode) {
    charge.pixQrCode = composite?.compositeBrCode ?? withRecurrenceLocation(charge.pixQrCode, location);
    charge.view = storedView({ row: charge, refunds: [] });
    row.authorizationBrCode = charge.pixQrCode;
    return;
  }
  const seller = await sellerProfileOf(platform.db, sub.sellerId);
  if (!seller) throw new Error(`seller ${sub.sellerId} of subscription ${sub.id} not found`);
  const receiver = receiverOf(platform, { sellerId: sub.sellerId, livemode: sub.livemode }, seller);
  row.authorizationBrCode = buildRecurrenceBrCode({ merchantName: receiver.merchantName, merchantCity: receiver.merchantCity, recurrenceLocationUrl: location });
}
