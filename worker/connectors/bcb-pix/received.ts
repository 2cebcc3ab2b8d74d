/**
 * The PIX received in a window (`GET /pix?inicio&fim`), every page of it: what reconciliation reads
 * to find a payment whose callback was lost.
 *
 * The document pages by number (`paginacao.paginaAtual` from 0, `paginacao.itensPorPagina` up to
 * 1000) and answers how many pages there are (`parametros.paginacao.quantidadeDePaginas`). Pages
 * are read in order until the last one the PSP counts. A PIX arriving meanwhile may shift an
 * entry onto a page already read (or twice onto two): entries are kept once by end-to-end id, and
 * the sweep's windows overlap, so one shifted past this run is found by the next.
 */
import type { PspPixPayment } from "../../lib/acquirer";
import { callApi, failOn, jsonOf, type ApiOptions } from "./api";
import { InvalidRequestError, MalformedAnswerError, paymentFromAnswer } from "./mapping";

/** A bound on the pages one call reads, so a PSP that keeps counting cannot hold a sweep forever. */
const MAX_PAGES = 1_000;

/** Every PIX received between `from` and `to` (RFC 3339 timestamps, inclusive as the document says). */
export async function listReceived(api: ApiOptions, from: string, to: string, pageSize: number): Promise<PspPixPayment[]> {
  if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) throw new InvalidRequestError("inicio and fim must be RFC 3339 timestamps");
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) throw new InvalidRequestError("the page size must be from 1 to 1000");
  const seen = new Map<string, PspPixPayment>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({
      inicio: from,
      fim: to,
      "paginacao.paginaAtual": String(page),
      "paginacao.itensPorPagina": String(pageSize),
    });
    const answer = await callApi(api, "GET", "/pix", undefined, query);
    failOn(answer);
    const body = jsonOf(answer) as { pix?: unknown; parametros?: { paginacao?: { quantidadeDePaginas?: unknown } } } | null;
    // PixConsultados lists `cobs` as required and `pix` as optional (a slip of the document): no
    // `pix` is read as an empty page.
    const entries = body?.pix ?? [];
    if (!Array.isArray(entries)) throw new MalformedAnswerError("GET /pix answered a pix that is not a list");
    for (const entry of entries) {
      const payment = paymentFromAnswer(entry);
      if (!seen.has(payment.endToEndId)) seen.set(payment.endToEndId, payment);
    }
    const pages = body?.parametros?.paginacao?.quantidadeDePaginas;
    // No count (a PSP that leaves paginacao out) is one page; an empty page is the end whatever the count says.
    if (typeof pages !== "number" || page + 1 >= pages || entries.length === 0) return [...seen.values()];
  }
  // Never a partial list: reconciliation would take what is missing for "not paid".
  throw new MalformedAnswerError(`GET /pix counted more than ${MAX_PAGES} pages: a shorter window is needed`);
}
