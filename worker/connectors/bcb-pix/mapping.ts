/**
 * Between the gateway's words and the API Pix's (BCB API Pix 2.9.0): amounts as integer centavos
 * and as the document's decimal strings, the charge and devolução statuses, the debtor's document,
 * and the request bodies the connector sends. Pure functions, no I/O.
 */
import type { PixChargeRequest, PspPixCharge, PspPixPayment, PspRefund } from "../../lib/acquirer";

/** The largest amount `\d{1,10}\.\d{2}` can carry: 9 999 999 999.99. */
export const MAX_CENTAVOS = 999_999_999_999;

/** An answer from the PSP that does not follow the document; the client turns it into PspUnavailableError. */
export class MalformedAnswerError extends Error {
  override name = "MalformedAnswerError";
}

/** A request the document would refuse, caught before it is sent; the client turns it into PspRejectedError. */
export class InvalidRequestError extends Error {
  override name = "InvalidRequestError";
}

/**
 * Centavos as the document's decimal string: 1234 → "12.34", 5 → "0.05". Integer arithmetic
 * only (no float ever holds the amount), so every amount up to MAX_CENTAVOS is exact.
 */
export function toDecimal(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0 || centavos > MAX_CENTAVOS) {
    throw new InvalidRequestError(`amount must be a whole number of centavos from 0 to ${MAX_CENTAVOS}`);
  }
  const reais = Math.trunc(centavos / 100);
  return `${reais}.${String(centavos - reais * 100).padStart(2, "0")}`;
}

/**
 * The document's decimal string as centavos: "12.34" → 1234. The document's pattern is
 * `\d{1,10}\.\d{2}`; one decimal digit or none ("12.3", "12") is read too, exactly, since a PSP
 * that drops a trailing zero still means the same money. Anything else is refused, never rounded.
 */
export function fromDecimal(value: unknown): number {
  const match = typeof value === "string" ? /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!match) throw new MalformedAnswerError("an amount is not a decimal string like 12.34");
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Cuts `text` to at most `max` characters, counted as JSON Schema's maxLength counts them (code points). */
export function truncate(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : points.slice(0, max).join("");
}

const CHARGE_STATUSES = new Set<string>(["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"]);

/**
 * A cob's or cobv's status. The enum says REMOVIDA_…, while the same schema's description says
 * REMOVIDO_…: both spellings are read, as the enum's.
 */
export function chargeStatus(value: unknown): PspPixCharge["status"] {
  const status = typeof value === "string" ? value.replace(/^REMOVIDO_/, "REMOVIDA_") : "";
  if (!CHARGE_STATUSES.has(status)) throw new MalformedAnswerError("a charge's status is not one of the document's");
  return status as PspPixCharge["status"];
}

const REFUND_STATUSES = new Set<string>(["EM_PROCESSAMENTO", "DEVOLVIDO", "NAO_REALIZADO"]);

/** The devedor object: CPF as 11 digits or CNPJ as 14 of [0-9A-Z] (the alphanumeric CNPJ included), and the name (≤ 200). */
export function debtorOf(debtor: NonNullable<PixChargeRequest["debtor"]>): Record<string, string> {
  const name = truncate(debtor.name.trim(), 200);
  if (debtor.documentType === "CPF") {
    const cpf = debtor.document.replace(/\D/g, "");
    if (cpf.length !== 11) throw new InvalidRequestError("the debtor's CPF must have 11 digits");
    return { cpf, nome: name };
  }
  const cnpj = debtor.document.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) throw new InvalidRequestError("the debtor's CNPJ must have 14 characters");
  return { cnpj, nome: name };
}

/**
 * The body of `PUT /cob/{txid}` (CobSolicitada) or, with `due`, `PUT /cobv/{txid}`
 * (CobVSolicitada). Only fields the document defines; `loc` is left to the PSP, which then
 * creates the location itself. A cobv must name its devedor (the document requires it).
 */
export function chargeBody(charge: PixChargeRequest): Record<string, unknown> {
  if (!Number.isSafeInteger(charge.amount) || charge.amount <= 0) throw new InvalidRequestError("a charge's amount must be positive");
  const description = charge.description === undefined ? "" : truncate(charge.description.trim(), 140);
  const body: Record<string, unknown> = {};
  if (charge.due) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(charge.due.date)) throw new InvalidRequestError("a due date must be YYYY-MM-DD");
    if (!Number.isInteger(charge.due.validDaysAfter) || charge.due.validDaysAfter < 0) {
      throw new InvalidRequestError("the days a charge stays payable after its due date must be a whole number, 0 or more");
    }
    if (!charge.debtor) throw new InvalidRequestError("a charge with a due date (cobv) must name its debtor");
    body.calendario = { dataDeVencimento: charge.due.date, validadeAposVencimento: charge.due.validDaysAfter };
  } else {
    if (!Number.isInteger(charge.expiresInSeconds) || charge.expiresInSeconds <= 0 || charge.expiresInSeconds > 2_147_483_647) {
      throw new InvalidRequestError("a charge's expiration must be a positive whole number of seconds");
    }
    body.calendario = { expiracao: charge.expiresInSeconds };
  }
  if (charge.debtor) body.devedor = debtorOf(charge.debtor);
  body.valor = { original: toDecimal(charge.amount) };
  // The document's limit on a DICT key as written in a charge (CobBase.chave).
  if (!charge.receiverKey || [...charge.receiverKey].length > 77) throw new InvalidRequestError("the receiver key (chave) must be 1 to 77 characters");
  body.chave = charge.receiverKey;
  if (description) body.solicitacaoPagador = description;
  return body;
}

/** A charge as the PSP answered it (CobGerada, CobCompleta, CobVGerada, CobVCompleta). */
export function chargeFromAnswer(answer: unknown): PspPixCharge {
  const cob = record(answer, "charge");
  const valor = record(cob.valor, "charge's valor");
  const loc = cob.loc && typeof cob.loc === "object" ? (cob.loc as Record<string, unknown>) : {};
  if (typeof cob.txid !== "string") throw new MalformedAnswerError("a charge has no txid");
  return {
    txid: cob.txid,
    status: chargeStatus(cob.status),
    amount: fromDecimal(valor.original),
    // Optional in CobGerada: "" says the PSP sent none (the caller decides what a charge without one is worth).
    brCode: typeof cob.pixCopiaECola === "string" ? cob.pixCopiaECola : "",
    location: typeof cob.location === "string" ? cob.location : typeof loc.location === "string" ? loc.location : "",
    payments: Array.isArray(cob.pix) ? cob.pix.map(paymentFromAnswer) : [],
  };
}

/** The receiver key a charge names (`chave`), to compare a charge found with the one asked for. */
export function chargeKeyOf(answer: unknown): string | undefined {
  const chave = (answer as { chave?: unknown } | null)?.chave;
  return typeof chave === "string" ? chave : undefined;
}

/** One PIX received (Pix). */
export function paymentFromAnswer(answer: unknown): PspPixPayment {
  const pix = record(answer, "PIX");
  if (typeof pix.endToEndId !== "string" || typeof pix.horario !== "string") throw new MalformedAnswerError("a PIX lacks endToEndId or horario");
  return {
    endToEndId: pix.endToEndId,
    txid: typeof pix.txid === "string" && pix.txid !== "" ? pix.txid : null,
    amount: fromDecimal(pix.valor),
    paidAt: pix.horario,
  };
}

/** A devolução (Devolucao), of the PIX `endToEndId` (the answer itself does not name it). */
export function refundFromAnswer(answer: unknown, endToEndId: string): PspRefund {
  const devolucao = record(answer, "devolução");
  if (typeof devolucao.id !== "string") throw new MalformedAnswerError("a devolução has no id");
  if (typeof devolucao.status !== "string" || !REFUND_STATUSES.has(devolucao.status)) {
    throw new MalformedAnswerError("a devolução's status is not one of the document's");
  }
  const refund: PspRefund = { id: devolucao.id, endToEndId, amount: fromDecimal(devolucao.valor), status: devolucao.status as PspRefund["status"] };
  if (typeof devolucao.motivo === "string" && devolucao.motivo !== "") refund.reason = devolucao.motivo;
  else if (refund.status === "NAO_REALIZADO") refund.reason = "the PSP gave no reason (motivo)";
  return refund;
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new MalformedAnswerError(`the ${what} is not an object`);
  return value as Record<string, unknown>;
}
