/**
 * What a PSP's error answer means to the gateway. The API Pix answers errors as RFC 7807 problems
 * (`Problema`: type, title, status, detail, violacoes[]): a 4xx is the PSP refusing this request
 * (PspRejectedError, with its title and detail), a 5xx is the PSP unable to answer now
 * (PspUnavailableError, with its Retry-After).
 *
 * A violação carries `valor`, the value it refused, which may be the debtor's CPF: it is never
 * copied. Title and detail are the PSP's own words, with any run of 11 or more digits (a CPF or
 * CNPJ a PSP might quote) masked, since the error travels to logs and to the caller.
 */
import { PspRejectedError, PspUnavailableError } from "../../lib/acquirer";
import type { AnswerHeaders, PspAnswer } from "../http/exchange";

/** A problem as the document shapes it; every field optional, since a proxy's 502 has none. */
export interface BcbProblem {
  type?: string;
  title?: string;
  detail?: string;
  violacoes?: { razao?: string; propriedade?: string }[];
}

/** The answer's body as a problem, or {} when it is not one (an HTML error page, an empty body). */
export function problemOf(answer: PspAnswer): BcbProblem {
  try {
    const body = JSON.parse(answer.text) as unknown;
    return body && typeof body === "object" && !Array.isArray(body) ? (body as BcbProblem) : {};
  } catch {
    return {};
  }
}

/** The error an answer of status ≥ 400 becomes. `call` names it for the message (`PUT /cob/{txid}`). */
export function errorOf(answer: PspAnswer, call: string): PspRejectedError | PspUnavailableError {
  const problem = problemOf(answer);
  if (answer.status >= 500 || answer.status === 429) {
    const title = text(problem.title) || `HTTP ${answer.status}`;
    return new PspUnavailableError(`${call}: the PSP answered ${answer.status} ${title} (request ${answer.requestId})`, retryAfterSeconds(answer.headers));
  }
  const violations = (Array.isArray(problem.violacoes) ? problem.violacoes : [])
    .map((v) => [text(v?.propriedade), text(v?.razao)].filter(Boolean).join(": "))
    .filter(Boolean)
    .slice(0, 5);
  const detail = [text(problem.detail), ...violations].filter(Boolean).join("; ") || `${call} was refused`;
  return new PspRejectedError(answer.status, text(problem.title) || `HTTP ${answer.status}`, mask(detail));
}

/**
 * Retry-After in seconds: the delay form ("120"), or the date form, as seconds from now. Absent
 * or unreadable: undefined (the caller picks its own delay).
 */
export function retryAfterSeconds(headers: AnswerHeaders, now = Date.now()): number | undefined {
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A string field of a problem, bounded (a PSP's detail is not a place for a novel). */
function text(value: unknown): string {
  return typeof value === "string" ? mask(value.trim()).slice(0, 300) : "";
}

/** Masks what could be a payer's document: runs of 11+ digits, and CPFs and CNPJs written with punctuation. */
function mask(value: string): string {
  return value.replace(/\d{11,}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{3}\.\d{3}\.\d{3}-\d{2}/g, "***");
}
