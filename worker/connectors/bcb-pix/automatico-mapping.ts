/**
 * PIX Automático's answers and callbacks in the gateway's words (BCB API Pix 2.9.0): one status
 * table per machine (rec, cobr, a cobr's attempts, solicrec) and the readers of RecGerada /
 * RecCompleta / RecNotification, CobRGerada / CobRCompleta / CobRNotification and SolicRecCompleta.
 * The request bodies are automatico-requests.ts's. Pure functions, no I/O.
 */
import type { AuthorizationJourney, ChargeAttemptStatus, PspAuthorizationPush, PspChargeAttempt, PspRecurrence, PspRecurringCharge, RecurrenceCanceller, RecurrenceStatus, RecurringChargeStatus } from "../../lib/pix-automatico";
import { fromDecimal, MalformedAnswerError } from "./mapping";

/** rec.status → the gateway's. */
export const REC_STATUSES: Record<string, RecurrenceStatus> = { CRIADA: "CREATED", APROVADA: "APPROVED", REJEITADA: "REJECTED", EXPIRADA: "EXPIRED", CANCELADA: "CANCELLED" };
/** cobr.status → the gateway's. */
export const COBR_STATUSES: Record<string, RecurringChargeStatus> = { CRIADA: "CREATED", ATIVA: "ACTIVE", CONCLUIDA: "PAID", EXPIRADA: "EXPIRED", REJEITADA: "REJECTED", CANCELADA: "CANCELLED" };
/** cobr.tentativas[].status → the gateway's: REJEITADA is an attempt that FAILED (no funds, account closed…). */
export const ATTEMPT_STATUSES: Record<string, ChargeAttemptStatus> = { SOLICITADA: "REQUESTED", AGENDADA: "SCHEDULED", PAGA: "PAID", CANCELADA: "CANCELLED", REJEITADA: "FAILED", EXPIRADA: "EXPIRED" };
/** cobr.tentativas[].tipo: scheduled (AGND), not scheduled (NTAG), a retry (RIFL). */
export const ATTEMPT_KINDS: Record<string, PspChargeAttempt["kind"]> = { AGND: "SCHEDULED", NTAG: "UNSCHEDULED", RIFL: "RETRY" };
/** encerramento.cancelamento.solicitante → who cancelled. */
export const CANCELLERS: Record<string, RecurrenceCanceller> = { USUARIO_PAGADOR: "PAYER", PSP_PAGADOR: "PAYER_PSP", USUARIO_RECEBEDOR: "RECEIVER", PSP_RECEBEDOR: "RECEIVER_PSP" };
/** solicrec.status → the gateway's. */
export const PUSH_STATUSES: Record<string, PspAuthorizationPush["status"]> = { CRIADA: "CREATED", ENVIADA: "SENT", RECEBIDA: "RECEIVED", ACEITA: "ACCEPTED", REJEITADA: "REJECTED", EXPIRADA: "EXPIRED", CANCELADA: "CANCELLED" };

const JOURNEYS = new Set(["JORNADA_1", "JORNADA_2", "JORNADA_3", "JORNADA_4"]);

/** Looks `value` up in `table`; a value the document does not define is a malformed answer. */
export function lookup<T>(table: Record<string, T>, value: unknown, what: string): T {
  const found = typeof value === "string" && Object.hasOwn(table, value) ? table[value] : undefined;
  if (found === undefined) throw new MalformedAnswerError(`${what} ${JSON.stringify(value)} is not one of the document's`);
  return found;
}

/** A recurrence as the PSP answered it (RecGerada, RecCompleta) or a callback carried it (RecNotification). */
export function recurrenceFromAnswer(answer: unknown): PspRecurrence {
  const rec = record(answer, "recurrence");
  if (typeof rec.idRec !== "string") throw new MalformedAnswerError("a recurrence has no idRec");
  const ativacao = optional(rec.ativacao);
  const journey = ativacao.tipoJornada;
  const txid = optional(ativacao.dadosJornada).txid;
  const out: PspRecurrence = {
    id: rec.idRec,
    status: lookup(REC_STATUSES, rec.status, "a recurrence's status"),
    journey: typeof journey === "string" && JOURNEYS.has(journey) ? (journey as AuthorizationJourney) : null,
  };
  if (typeof txid === "string") out.firstChargeTxid = txid;
  const ending = endingOf(rec.encerramento);
  if (ending) out.ending = ending;
  const loc = optional(rec.loc);
  if (typeof loc.id === "number" && typeof loc.location === "string") out.location = { id: loc.id, location: loc.location };
  const qr = optional(rec.dadosQR).pixCopiaECola;
  if (typeof qr === "string") out.compositeBrCode = qr;
  return out;
}

/** A charge instruction as the PSP answered it (CobRGerada, CobRCompleta) or a callback carried it (CobRNotification). */
export function recurringChargeFromAnswer(answer: unknown): PspRecurringCharge {
  const cobr = record(answer, "charge instruction");
  if (typeof cobr.txid !== "string" || typeof cobr.idRec !== "string") throw new MalformedAnswerError("a charge instruction lacks txid or idRec");
  const out: PspRecurringCharge = {
    txid: cobr.txid,
    recurrenceId: cobr.idRec,
    status: lookup(COBR_STATUSES, cobr.status, "a charge instruction's status"),
    attempts: Array.isArray(cobr.tentativas) ? cobr.tentativas.map(attemptFromAnswer) : [],
  };
  const valor = optional(cobr.valor);
  if (valor.original !== undefined) out.amount = fromDecimal(valor.original);
  const due = optional(cobr.calendario).dataDeVencimento;
  if (typeof due === "string") out.dueDate = due;
  const ending = endingOf(cobr.encerramento);
  if (ending) out.ending = ending;
  return out;
}

function attemptFromAnswer(value: unknown): PspChargeAttempt {
  const t = record(value, "attempt");
  if (typeof t.dataLiquidacao !== "string" || typeof t.endToEndId !== "string") throw new MalformedAnswerError("an attempt lacks dataLiquidacao or endToEndId");
  const attempt: PspChargeAttempt = {
    kind: lookup(ATTEMPT_KINDS, t.tipo, "an attempt's tipo"),
    settlementDate: t.dataLiquidacao,
    status: lookup(ATTEMPT_STATUSES, t.status, "an attempt's status"),
    endToEndId: t.endToEndId,
  };
  const rejeicao = optional(t.rejeicao);
  if (typeof rejeicao.codigo === "string") attempt.failure = { code: rejeicao.codigo, description: String(rejeicao.descricao ?? "") };
  return attempt;
}

/** A push request as the PSP answered it (SolicRecCompleta). */
export function pushFromAnswer(answer: unknown): PspAuthorizationPush {
  const s = record(answer, "authorization request");
  if (typeof s.idSolicRec !== "string" || typeof s.idRec !== "string") throw new MalformedAnswerError("an authorization request lacks idSolicRec or idRec");
  return { id: s.idSolicRec, recurrenceId: s.idRec, status: lookup(PUSH_STATUSES, s.status, "an authorization request's status") };
}

/** encerramento: a rejection's or a cancellation's code, description and (cancellation) who. */
function endingOf(value: unknown): PspRecurrence["ending"] | undefined {
  const e = optional(value);
  const rejeicao = optional(e.rejeicao);
  if (typeof rejeicao.codigo === "string") return { code: rejeicao.codigo, description: String(rejeicao.descricao ?? "") };
  const cancelamento = optional(e.cancelamento);
  if (typeof cancelamento.codigo === "string") {
    return { code: cancelamento.codigo, description: String(cancelamento.descricao ?? ""), by: lookup(CANCELLERS, cancelamento.solicitante, "a cancellation's solicitante") };
  }
  return undefined;
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new MalformedAnswerError(`the ${what} is not an object`);
  return value as Record<string, unknown>;
}

function optional(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
