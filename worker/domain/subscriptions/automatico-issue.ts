/**
 * A PIX_AUTOMATICO invoice's charge instruction, written by the batch that issues the invoice
 * (issue.ts), only where that batch issued it: so there is exactly one per period, however many
 * billers race (the invoice's unique period key decides). The instruction names the recurrence's
 * idRec and is due on the invoice's due date (its Brasília date), with ajusteDiaUtil when that is
 * not a business day. A live one is PENDING until the sweep has sent it to the PSP
 * (automatico-sweep.ts); a test one is SCHEDULED at once at the sandbox's payer's bank, which
 * ends it as the recurrence's next-charge setting says, a setting this batch takes and clears.
 * A recurrence that is not APPROVED gets a FAILED instruction: the invoice goes to dunning.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { insertWhere, type Statement } from "../../db/guarded";
import { pixChargeInstructions, pixRecurrences, subscriptionSettings } from "../../db/schema";
import type { Platform } from "../../platform";
import type { SandboxChargeOutcome } from "../../../shared/subscriptions";
import { clampLeadDays, momentOn, settlementOf } from "./automatico-rules";
import { pixDueDateOf } from "./rules";
import type { InvoiceRow, SubscriptionRow } from "./store";

export type InstructionRow = typeof pixChargeInstructions.$inferSelect;

/** The txid of an invoice's instruction: the invoice id's 32 hex digits (the document's 26 to 35 letters and digits). */
export const instructionTxidOf = (invoiceId: string) => invoiceId.replace(/-/g, "");

/** The code of an instruction that could not be sent because its recurrence is not APPROVED. */
export const RECURRENCE_NOT_APPROVED = "RECURRENCE_NOT_APPROVED";

/** What issuing a PIX_AUTOMATICO period needs besides the subscription: its recurrence and the seller's lead days. */
export interface AutomaticoIssueContext {
  rec: typeof pixRecurrences.$inferSelect | null;
  leadDays: number;
}

/**
 * The issue contexts of `subs`' PIX_AUTOMATICO ones, by subscription id, in two reads for a whole
 * page (a read per subscription, waiting on the page's commits, halved the sweep's rate).
 */
export async function automaticoContexts(db: Db, subs: readonly SubscriptionRow[]): Promise<Map<string, AutomaticoIssueContext>> {
  const mine = subs.filter((s) => s.paymentMethod === "PIX_AUTOMATICO");
  const out = new Map<string, AutomaticoIssueContext>();
  if (mine.length === 0) return out;
  const r = pixRecurrences;
  const st = subscriptionSettings;
  const recs = await db.select().from(r).where(inArray(r.subscriptionId, mine.map((s) => s.id)));
  const settings = await db.select({ sellerId: st.sellerId, livemode: st.livemode, days: st.pixChargeLeadDays }).from(st).where(inArray(st.sellerId, [...new Set(mine.map((s) => s.sellerId))]));
  for (const sub of mine) {
    const days = settings.find((x) => x.sellerId === sub.sellerId && x.livemode === sub.livemode)?.days ?? null;
    out.set(sub.id, { rec: recs.find((x) => x.subscriptionId === sub.id) ?? null, leadDays: clampLeadDays(days) });
  }
  return out;
}

/** The statements that write `invoice`'s instruction (and take the sandbox's setting), where `happened` holds. */
export function instructionStatements(platform: Platform, sub: SubscriptionRow, invoice: InvoiceRow, happened: SQL, rec: AutomaticoIssueContext["rec"]): Statement[] {
  const { db } = platform;
  const r = pixRecurrences;
  const dueDate = pixDueDateOf(invoice.dueAt);
  const { adjustToBusinessDay, settlementDate } = settlementOf(dueDate);
  const at = invoice.createdAt;
  const approved = rec?.status === "APPROVED" && !!rec.pspRecurrenceId;
  const outcome = (rec?.sandboxNextChargeOutcome ?? "PAID") as SandboxChargeOutcome;
  const row: InstructionRow = {
    id: crypto.randomUUID(),
    invoiceId: invoice.id,
    subscriptionId: sub.id,
    sellerId: sub.sellerId,
    livemode: sub.livemode,
    pspRecurrenceId: rec?.pspRecurrenceId ?? "",
    retryPolicy: rec?.retryPolicy ?? "PERMITE_3R_7D",
    txid: instructionTxidOf(invoice.id),
    amount: invoice.amount,
    dueDate,
    adjustToBusinessDay,
    settlementDate,
    status: !approved ? "FAILED" : sub.livemode ? "PENDING" : "SCHEDULED",
    attempts: 0,
    retries: 0,
    nextRetryDate: null,
    failureCode: approved ? null : RECURRENCE_NOT_APPROVED,
    failureDescription: approved ? null : `The subscription's recurrence is ${rec?.status ?? "missing"}, not APPROVED: no charge instruction can be sent.`,
    endToEndId: null,
    sandboxOutcome: sub.livemode ? null : outcome,
    // Live: sent by the sweep's next round; test: settled by the sandbox's bank on its settlement date; not approved: dunning now.
    nextCheckAt: !approved || sub.livemode ? at : momentOn(invoice.dueAt, dueDate, settlementDate),
    testClockId: sub.testClockId,
    revision: crypto.randomUUID(),
    createdAt: at,
    updatedAt: at,
  };
  const statements: Statement[] = [insertWhere(db, pixChargeInstructions, row, happened)];
  if (rec?.sandboxNextChargeOutcome && !sub.livemode && approved) {
    const written = sql`exists (select 1 from ${pixChargeInstructions} where ${pixChargeInstructions.id} = ${row.id})`;
    // Applied to this charge, then cleared; a setting changed meanwhile is kept for the next one.
    statements.push(db.update(r).set({ sandboxNextChargeOutcome: null, updatedAt: at }).where(and(eq(r.id, rec.id), eq(r.sandboxNextChargeOutcome, rec.sandboxNextChargeOutcome), written)));
  }
  return statements;
}
