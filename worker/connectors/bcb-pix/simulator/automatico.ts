/**
 * The PSP simulator's PIX Automático (BCB API Pix 2.9.0): recurrence locations (`POST /locrec`),
 * recurrences (`POST /rec`, `GET/PATCH /rec/{idRec}`), push requests (`POST /solicrec`), charge
 * instructions (`PUT/GET/PATCH /cobr/{txid}`, `POST /cobr/{txid}/retentativa/{data}`) and the
 * `webhookrec` / `webhookcobr` registrations and callbacks. server.ts routes the requests here
 * after checking them against the document, and checks every answer; the callbacks' bodies are
 * checked here. The control side plays the payer's bank: approve, reject or cancel a recurrence,
 * settle a charge instruction paid, failed for funds, or failed and then paid on its retry.
 */
import type { ApiPixSchemas, Violacao } from "./schema";


/** The document's PIX Automático error types: status, title, meaning. */
export const AUTOMATICO_ERRORS: Record<string, [number, string, string]> = {
  RecNaoEncontrada: [404, "Recorrência não encontrada.", "Recorrência não encontrada para o idRec informado."],
  RecOperacaoInvalida: [400, "Recorrência inválida.", "A requisição que busca alterar ou criar uma recorrência não respeita o _schema_ ou está semanticamente errada."],
  RecConsultaInvalida: [400, "Consulta inválida.", "Os parâmetros de consulta à recorrência não respeitam o _schema_ ou não fazem sentido semanticamente."],
  SolicRecOperacaoInvalida: [400, "Solicitação inválida.", "A requisição que busca criar uma solicitação de recorrência não respeita o _schema_ ou está semanticamente errada."],
  CobRNaoEncontrado: [404, "Cobrança não encontrada.", "Cobrança recorrente não encontrada para o txid informado."],
  CobROperacaoInvalida: [400, "Cobrança inválida.", "A requisição que busca alterar ou criar uma cobrança recorrente não respeita o _schema_ ou está semanticamente errada."],
  CobRConsultaInvalida: [400, "Consulta inválida.", "Os parâmetros de consulta à cobrança recorrente não respeitam o _schema_ ou não fazem sentido semanticamente."],
  PayloadLocationOperacaoInvalida: [400, "Location inválida.", "A requisição de criação de location não respeita o _schema_ ou está semanticamente errada."],
  WebhookRecOperacaoInvalida: [400, "Webhook inválido.", "A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com sentido semanticamente inválido."],
  WebhookCobROperacaoInvalida: [400, "Webhook inválido.", "A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com sentido semanticamente inválido."],
};

/** Per operation: the prefix of its body's fields in violations, and its error types (server.ts's IMPLEMENTED). */
export const AUTOMATICO_OPERATIONS: Record<string, { prefix: string; invalid: string; notFound: string }> = {
  "POST /locrec": { prefix: "loc", invalid: "PayloadLocationOperacaoInvalida", notFound: "NaoEncontrado" },
  "POST /rec": { prefix: "rec", invalid: "RecOperacaoInvalida", notFound: "RecNaoEncontrada" },
  "GET /rec/{idRec}": { prefix: "rec", invalid: "RecConsultaInvalida", notFound: "RecNaoEncontrada" },
  "PATCH /rec/{idRec}": { prefix: "rec", invalid: "RecOperacaoInvalida", notFound: "RecNaoEncontrada" },
  "POST /solicrec": { prefix: "solicrec", invalid: "SolicRecOperacaoInvalida", notFound: "RecNaoEncontrada" },
  "PUT /cobr/{txid}": { prefix: "cobr", invalid: "CobROperacaoInvalida", notFound: "CobRNaoEncontrado" },
  "GET /cobr/{txid}": { prefix: "cobr", invalid: "CobRConsultaInvalida", notFound: "CobRNaoEncontrado" },
  "PATCH /cobr/{txid}": { prefix: "cobr", invalid: "CobROperacaoInvalida", notFound: "CobRNaoEncontrado" },
  "POST /cobr/{txid}/retentativa/{data}": { prefix: "cobr", invalid: "CobROperacaoInvalida", notFound: "CobRNaoEncontrado" },
  "PUT /webhookrec": { prefix: "webhook", invalid: "WebhookRecOperacaoInvalida", notFound: "NaoEncontrado" },
  "PUT /webhookcobr": { prefix: "webhook", invalid: "WebhookCobROperacaoInvalida", notFound: "NaoEncontrado" },
};
/** The paths above, most specific first (server.ts's TEMPLATES). */
export const AUTOMATICO_TEMPLATES = ["/cobr/{txid}/retentativa/{data}", "/cobr/{txid}", "/rec/{idRec}", "/rec", "/locrec", "/solicrec", "/webhookrec", "/webhookcobr"];
/** The OAuth2 scopes these operations ask for. */
export const AUTOMATICO_SCOPES = ["rec.write", "rec.read", "solicrec.write", "solicrec.read", "cobr.write", "cobr.read", "webhookrec.write", "webhookrec.read", "webhookcobr.write", "webhookcobr.read", "payloadlocationrec.write", "payloadlocationrec.read"];

/** How the payer's bank ends a charge instruction's current attempt (control). */
export type CobrOutcome = "paid" | "insufficient-funds" | "retried-then-paid";

/** A callback sent to a registered webhookrec / webhookcobr URL. */
export interface AutomaticoCallback {
  url: string;
  body: { recs?: unknown[]; cobsr?: unknown[] };
  status?: number;
  error?: string;
}

/** What server.ts lends: its problem, its callback POST, its bug report, the charges' BR Codes. */
export interface AutomaticoDeps {
  schemas: ApiPixSchemas;
  problem(tipo: string, violacoes?: Violacao[], detail?: string): Error;
  post(url: string, text: string): Promise<{ status?: number; error?: string }>;
  bug(message: string): void;
  locationHost(): string;
  receiver: { cnpj: string; nome: string };
  ispb: string;
  /** A cob's BR Code (journey 3's composite starts from it), or undefined. */
  cobBrCode(txid: string): string | undefined;
  /** Pays a cob as the payer's bank (journey 3's first period). */
  payCob(txid: string): Promise<unknown>;
}

/** The simulator's control error (server.ts answers its status). */
export type ControlFailure = (status: number, message: string) => Error;

/** The next business day from `date` (weekends only: the simulator knows no holidays). */
export function nextBusinessDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
