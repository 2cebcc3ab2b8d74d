/**
 * Running PIX Automático's charge instructions whose `nextCheckAt` has come (bill.ts's round, the
 * minute sweep for live ones and a test clock's advance for test ones, clocks.ts):
 *
 * - PENDING (live): sent to the PSP (`PUT /cobr/{txid}`; the txid is the invoice's, so a resend
 *   answers the one already there), then SCHEDULED until the day after its settlement date.
 * - SCHEDULED or RETRYING: a test one is settled by the sandbox's payer's bank as its outcome
 *   says; a live one whose date passed without a callback is reconciled (`GET /cobr/{txid}`).
 * - FAILED: the invoice's dunning ends (automatico-outcome.ts).
 * An instruction whose invoice is no longer OPEN (the subscription was cancelled) is CANCELLED,
 * and removed at the PSP when it was sent there.
 */
import { and, asc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { invoices, pixChargeInstructions } from "../../db/schema";
import { PspRejectedError, PspUnavailableError } from "../../lib/acquirer";
import type { PspRecurringCharge } from "../../lib/pix-automatico";
import type { Platform } from "../../platform";
import { sandboxEndToEndId } from "../pix/sandbox-end-to-end-id";
import type { InstructionRow } from "./automatico-issue";
import { endDunning, recordCancelled, recordFailed, recordPaid, type AttemptFailure } from "./automatico-outcome";
import { MAX_CHARGE_RETRIES, momentOn, retryDateOf } from "./automatico-rules";
import { addDays } from "./calendar";
import { onClock } from "./bill";
import { PIX_DAYS_AFTER_DUE, pixDueDateOf, SWEEP_BATCH } from "./rules";
import type { InvoiceRow } from "./store";

const i = pixChargeInstructions;
/** The sandbox's payer's bank refusing for funds (ISO 20022 AM04, InsufficientFunds). */
export const SANDBOX_FUNDS_REFUSAL: AttemptFailure = { code: "AM04", description: "Saldo insuficiente na conta do pagador (sandbox)." };
/** A live instruction the PSP could not be asked about is asked again this much later (real time). */
const PSP_RETRY_MS = 5 * 60_000;

/** Instructions due at `at` (a bounded page, oldest first). */
export async function dueInstructions(platform: Platform, clockId: string | null, at: string): Promise<InstructionRow[]> {
  return platform.db.select().from(i).where(and(onClock(i.testClockId, clockId), isNotNull(i.nextCheckAt), lte(i.nextCheckAt, at))).orderBy(asc(i.nextCheckAt)).limit(SWEEP_BATCH);
}

/**
 * The statement that brings forward, to `at`, the next look at the working instructions of
 * `invoiceIds` (their subscription was cancelled and the invoices voided in the same batch): the
 * sweep then CANCELs them, removed at the PSP before the payer's bank pays a voided invoice.
 */
export function wakeInstructionsOf(platform: Platform, invoiceIds: string[], at: string) {
  return platform.db.update(i).set({ nextCheckAt: at, updatedAt: at }).where(and(inArray(i.invoiceId, invoiceIds), inArray(i.status, ["PENDING", "SCHEDULED", "RETRYING"])));
}

/** When a live instruction settling on `date` is reconciled if no callback came: an hour after that day ends in Brasília. */
export function reconcileAtOf(date: string): string {
  return new Date(Date.parse(`${date}T23:59:59.999-03:00`) + 3_600_000).toISOString();
}

/** Runs due instruction `row` at `at`; true when it moved. */
export async function advanceInstruction(platform: Platform, row: InstructionRow, at: string): Promise<boolean> {
  if (row.status === "FAILED") return endDunning(platform, row, at);
  const [invoice] = await platform.db.select().from(invoices).where(eq(invoices.id, row.invoiceId)).limit(1);
  if (!invoice || invoice.status !== "OPEN") {
    const psp = platform.acquirers.live?.pixAutomatico?.psp;
    if (!row.livemode || row.status === "PENDING" || !psp) return recordCancelled(platform, row, at);
    // Sent to the PSP: removed there first, so the payer's bank does not pay a voided invoice.
    try {
      await psp.cancelCharge(row.txid);
      return await recordCancelled(platform, row, at);
    } catch (error) {
      if (error instanceof PspUnavailableError) return later(platform, row, at);
      if (!(error instanceof PspRejectedError)) throw error;
      // Too late (the BCB refuses from the first attempt's date on): followed to its end, so a payment is recorded.
      platform.log({ msg: "pix_automatico.cancel_refused", level: "warn", txid: row.txid, status: error.status, title: error.title });
    }
  }
  if (!row.livemode) return settleInSandbox(platform, row, invoice!, at);
  return advanceLive(platform, row, invoice!, at);
}

/** The sandbox's payer's bank ends the current attempt as the instruction's outcome says. */
async function settleInSandbox(platform: Platform, row: InstructionRow, invoice: InvoiceRow, at: string): Promise<boolean> {
  const first = row.attempts === 0;
  const fails = row.sandboxOutcome === "INSUFFICIENT_FUNDS" || (row.sandboxOutcome === "RETRIED_THEN_PAID" && first);
  if (!fails) return recordPaid(platform, row, sandboxEndToEndId(platform.now()), at);
  const last = row.nextRetryDate ?? row.settlementDate;
  const onDate = (date: string) => momentOn(invoice.dueAt, row.dueDate, date);
  return recordFailed(platform, row, SANDBOX_FUNDS_REFUSAL, at, afterFailure(row, last, pixDueDateOf(at), onDate, onDate(last)));
}

/**
 * After a failed attempt on `last` (asked `today`): the next retry (PERMITE_3R_7D, one left within
 * 7 days) checked at `checkAt(date)`, else dunning, ending PIX_DAYS_AFTER_DUE days after `failedAt`.
 */
function afterFailure(row: InstructionRow, last: string, today: string, checkAt: (date: string) => string, failedAt: string) {
  const date = row.retryPolicy === "PERMITE_3R_7D" && row.retries < MAX_CHARGE_RETRIES ? retryDateOf(row.settlementDate, last, today, row.retries + 1) : null;
  if (date) return { retryDate: date, retryCheckAt: checkAt(date) };
  return { dunningEndsAt: addDays(failedAt, PIX_DAYS_AFTER_DUE) };
}

/** A live instruction: send it, or reconcile it with the PSP. */
async function advanceLive(platform: Platform, row: InstructionRow, invoice: InvoiceRow, at: string): Promise<boolean> {
  const automatico = platform.acquirers.live?.pixAutomatico;
  if (!automatico) {
    platform.log({ msg: "pix_automatico.no_psp", level: "error", txid: row.txid });
    return later(platform, row, at);
  }
  try {
    if (row.status !== "PENDING") {
      const charge = await automatico.psp.getCharge(row.txid);
      if (!charge) throw new PspRejectedError(404, "cobr not found", `the PSP has no cobr ${row.txid}`);
      return await applyPspCharge(platform, row, charge, at);
    }
    await automatico.psp.createCharge({
      txid: row.txid,
      recurrenceId: row.pspRecurrenceId,
      amount: row.amount,
      dueDate: row.dueDate,
      adjustToBusinessDay: row.adjustToBusinessDay,
      receiverAccount: automatico.receiverAccount,
      info: `Fatura ${invoice.periodStart.slice(0, 10)} a ${invoice.periodEnd.slice(0, 10)}`,
    });
    return await setCheck(platform, row, { status: "SCHEDULED", nextCheckAt: reconcileAtOf(row.settlementDate) }, at);
  } catch (error) {
    if (error instanceof PspUnavailableError) return later(platform, row, at);
    if (!(error instanceof PspRejectedError)) throw error;
    platform.log({ msg: "pix_automatico.rejected", level: "error", txid: row.txid, status: error.status, title: error.title });
    // Refused for good (the window missed, the recurrence ended at the PSP): the invoice goes to dunning.
    return recordFailed(platform, row, { code: "PSP_REJECTED", description: error.title }, at, { dunningEndsAt: addDays(at, PIX_DAYS_AFTER_DUE) });
  }
}

/**
 * A live instruction as the PSP holds it (read back after a callback, or by reconciliation) applied
 * to `row`: paid, a new failed attempt (a retry asked, or spent), or still waiting (checked again
 * after its date). What `row` already recorded changes nothing: a replay is a no-op.
 */
export async function applyPspCharge(platform: Platform, row: InstructionRow, charge: PspRecurringCharge, at: string): Promise<boolean> {
  if (row.status === "PAID" || row.status === "FAILED" || row.status === "CANCELLED") return false;
  const paid = charge.attempts.find((a) => a.status === "PAID");
  if (paid || charge.status === "PAID") return recordPaid(platform, row, paid?.endToEndId ?? "", at);
  const failed = charge.attempts.filter((a) => a.status === "FAILED");
  const last = charge.attempts.at(-1);
  const ended = charge.status === "REJECTED" || charge.status === "EXPIRED" || charge.status === "CANCELLED";
  if (failed.length > row.attempts && last?.status === "FAILED") {
    const failure = last.failure ?? { code: "FAILED", description: "the payer's bank did not pay" };
    const spent = { dunningEndsAt: addDays(at, PIX_DAYS_AFTER_DUE) };
    const next = ended ? spent : afterFailure(row, last.settlementDate, pixDueDateOf(platform.now().toISOString()), reconcileAtOf, at);
    if ("retryDate" in next) {
      try {
        await platform.acquirers.live!.pixAutomatico!.psp.retryCharge(row.txid, next.retryDate);
      } catch (error) {
        if (!(error instanceof PspRejectedError)) throw error;
        // The PSP refused the retentativa (its rules, the payer's bank's): spent.
        platform.log({ msg: "pix_automatico.retry_refused", level: "warn", txid: row.txid, status: error.status, title: error.title });
        return recordFailed(platform, row, failure, at, spent);
      }
    }
    return recordFailed(platform, row, failure, at, next);
  }
  if (ended) return recordFailed(platform, row, charge.ending ?? { code: charge.status, description: `the PSP ended the cobr ${charge.status}` }, at, { dunningEndsAt: addDays(at, PIX_DAYS_AFTER_DUE) });
  // Nothing new: look again after the current attempt's date (or tomorrow, when it has passed).
  const pending = last?.settlementDate ?? row.settlementDate;
  const check = reconcileAtOf(pending);
  return setCheck(platform, row, { nextCheckAt: check > at ? check : addDays(at, 1) }, at);
}

async function setCheck(platform: Platform, row: InstructionRow, changes: Partial<InstructionRow>, at: string): Promise<boolean> {
  const [moved] = await platform.db.update(i).set({ ...changes, revision: crypto.randomUUID(), updatedAt: at }).where(and(eq(i.id, row.id), eq(i.revision, row.revision))).returning({ id: i.id });
  return moved !== undefined;
}

/** The PSP could not be asked: the same step again a little later. */
function later(platform: Platform, row: InstructionRow, at: string): Promise<boolean> {
  return setCheck(platform, row, { nextCheckAt: new Date(platform.now().getTime() + PSP_RETRY_MS).toISOString() }, at);
}
