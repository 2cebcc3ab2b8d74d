/**
 * PIX Automático's request bodies (BCB API Pix 2.9.0): `POST /rec` (RecSolicitada), `PUT
 * /cobr/{txid}` (CobRSolicitada) and `POST /solicrec` (SolicRecSolicitada), each checked before
 * anything is sent: a request the document would refuse is an InvalidRequestError naming the
 * field (the client answers it as PspRejectedError 400). Pure functions, no I/O.
 */
import type { AuthorizationPushRequest, RecurrenceRequest, RecurringChargeRequest } from "../../lib/pix-automatico";
import { debtorOf, InvalidRequestError, toDecimal } from "./mapping";
import { TXID_PATTERN } from "./txid";

const PERIODICITIES = new Set(["SEMANAL", "MENSAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"]);
const RETRY_POLICIES = new Set(["NAO_PERMITE", "PERMITE_3R_7D"]);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The document's RecId: 29 letters and digits. */
export const REC_ID_PATTERN = /^[a-zA-Z0-9]{29}$/;

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

/** `id` when it is an idRec (29 letters and digits), else InvalidRequestError. */
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

