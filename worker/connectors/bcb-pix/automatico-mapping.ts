/**
 * PIX Automático between the gateway's words and the API Pix's (BCB API Pix 2.9.0): one status
 * table per machine (rec, cobr, a cobr's attempts, solicrec), the request bodies of /rec, /cobr
 * and /solicrec, checked before anything is sent, and the answers and callbacks read back. Pure
 * functions, no I/O.
 */
import type {
  AuthorizationJourney,
  AuthorizationPushRequest,
  ChargeAttemptStatus,
  PspAuthorizationPush,
  PspChargeAttempt,
  PspRecurrence,
  PspRecurringCharge,
  RecurrenceCanceller,
  RecurrenceRequest,
  RecurrenceStatus,
  RecurringChargeRequest,
  RecurringChargeStatus,
} from "../../lib/pix-automatico";
import { debtorOf, fromDecimal, InvalidRequestError, MalformedAnswerError, toDecimal } from "./mapping";
import { TXID_PATTERN } from "./txid";

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

const PERIODICITIES = new Set(["SEMANAL", "MENSAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"]);
const RETRY_POLICIES = new Set(["NAO_PERMITE", "PERMITE_3R_7D"]);
const JOURNEYS = new Set(["JORNADA_1", "JORNADA_2", "JORNADA_3", "JORNADA_4"]);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The document's RecId: 29 letters and digits. */
export const REC_ID_PATTERN = /^[a-zA-Z0-9]{29}$/;

/** Looks `value` up in `table`; a value the document does not define is a malformed answer. */
export function lookup<T>(table: Record<string, T>, value: unknown, what: string): T {
  const found = typeof value === "string" && Object.hasOwn(table, value) ? table[value] : undefined;
  if (found === undefined) throw new MalformedAnswerError(`${what} ${JSON.stringify(value)} is not one of the document's`);
  return found;
}

/** Throws unless `text` is 1 to `max` code points (JSON Schema's maxLength counts code points). */
function checkText(text: string | undefined, max: number, field: string, required: boolean): void {
  if (text === undefined || text === "") {
    if (required) throw new InvalidRequestError(`${field} is required`);
    return;
  }
  if ([...text].length > max) throw new InvalidRequestError(`${field} must be at most ${max} characters (it has ${[...text].length})`);
}

function checkDate(date: string | undefined, field: string): void {
  if (date !== undefined && (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))) throw new InvalidRequestError(`${field} must be a date YYYY-MM-DD`);
}

export function checkRecId(id: string): string {
  if (!REC_ID_PATTERN.test(id)) throw new InvalidRequestError("idRec is 29 letters and digits");
  return id;
}

/** The body of `POST /rec` (RecSolicitada). */
export function recurrenceBody(r: RecurrenceRequest): Record<string, unknown> {
  checkText(r.contract, 35, "vinculo.contrato", true);
  checkText(r.object, 35, "vinculo.objeto", false);
  if (!PERIODICITIES.has(r.periodicity)) throw new InvalidRequestError(`calendario.periodicidade must be one of SEMANAL, MENSAL, TRIMESTRAL, SEMESTRAL, ANUAL (not ${JSON.stringify(r.periodicity)})`);
  if (!RETRY_POLICIES.has(r.retryPolicy)) throw new InvalidRequestError("politicaRetentativa must be NAO_PERMITE or PERMITE_3R_7D");
  checkDate(r.startDate, "calendario.dataInicial");
  checkDate(r.endDate, "calendario.dataFinal");
  if (r.endDate !== undefined && r.endDate < r.startDate) throw new InvalidRequestError("calendario.dataFinal must not be before calendario.dataInicial");
  const devedor = debtorOf(r.debtor);
  devedor.nome = [...devedor.nome!].slice(0, 140).join(""); // PessoaFisicaRecorrencia.nome: ≤ 140
  const body: Record<string, unknown> = {
    vinculo: { contrato: r.contract, devedor, ...(r.object ? { objeto: r.object } : {}) },
    calendario: { dataInicial: r.startDate, ...(r.endDate ? { dataFinal: r.endDate } : {}), periodicidade: r.periodicity },
    politicaRetentativa: r.retryPolicy,
  };
  if (r.amount.kind === "FIXED") {
    if (r.amount.amount <= 0) throw new InvalidRequestError("valor.valorRec must be positive");
    body.valor = { valorRec: toDecimal(r.amount.amount) };
  } else if (r.amount.minimum !== undefined) {
    body.valor = { valorMinimoRecebedor: toDecimal(r.amount.minimum) };
  }
  if (r.locationId !== undefined) {
    if (!Number.isSafeInteger(r.locationId) || r.locationId <= 0) throw new InvalidRequestError("loc must be a location id from POST /locrec");
    body.loc = r.locationId;
  }
  if (r.firstChargeTxid !== undefined) {
    if (!TXID_PATTERN.test(r.firstChargeTxid)) throw new InvalidRequestError("ativacao.dadosJornada.txid is 26 to 35 letters and digits");
    body.ativacao = { dadosJornada: { txid: r.firstChargeTxid } };
  }
  return body;
}

/** The body of `PUT /cobr/{txid}` (CobRSolicitada). */
export function recurringChargeBody(c: RecurringChargeRequest): Record<string, unknown> {
  checkRecId(c.recurrenceId);
  if (!Number.isSafeInteger(c.amount) || c.amount <= 0) throw new InvalidRequestError("valor.original must be positive");
  checkDate(c.dueDate, "calendario.dataDeVencimento");
  checkText(c.info, 140, "infoAdicional", false);
  const account = c.receiverAccount;
  checkText(account.number, 20, "recebedor.conta", true);
  checkText(account.branch, 4, "recebedor.agencia", false);
  if (!["CORRENTE", "POUPANCA", "PAGAMENTO"].includes(account.type)) throw new InvalidRequestError("recebedor.tipoConta must be CORRENTE, POUPANCA or PAGAMENTO");
  return {
    idRec: c.recurrenceId,
    ...(c.info ? { infoAdicional: c.info } : {}),
    calendario: { dataDeVencimento: c.dueDate },
    valor: { original: toDecimal(c.amount) },
    ajusteDiaUtil: c.adjustToBusinessDay,
    recebedor: { ...(account.branch ? { agencia: account.branch } : {}), conta: account.number, tipoConta: account.type },
  };
}

/** The body of `POST /solicrec` (SolicRecSolicitada). */
export function pushBody(p: AuthorizationPushRequest): Record<string, unknown> {
  checkRecId(p.recurrenceId);
  const document = p.payer.document.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  if (p.payer.documentType === "CPF" ? !/^\d{11}$/.test(document) : !/^[0-9A-Z]{12}\d{2}$/.test(document)) throw new InvalidRequestError(`destinatario.${p.payer.documentType.toLowerCase()} is not a valid ${p.payer.documentType}`);
  if (!/^[0-9A-Z]{8}$/.test(p.account.ispb)) throw new InvalidRequestError("destinatario.ispbParticipante is 8 letters and digits");
  checkText(p.account.number, 20, "destinatario.conta", true);
  checkText(p.account.branch, 4, "destinatario.agencia", false);
  if (Number.isNaN(Date.parse(p.expiresAt))) throw new InvalidRequestError("calendario.dataExpiracaoSolicitacao must be an RFC 3339 timestamp");
  return {
    idRec: p.recurrenceId,
    calendario: { dataExpiracaoSolicitacao: p.expiresAt },
    destinatario: { conta: p.account.number, ispbParticipante: p.account.ispb, ...(p.account.branch ? { agencia: p.account.branch } : {}), [p.payer.documentType.toLowerCase()]: document },
  };
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
