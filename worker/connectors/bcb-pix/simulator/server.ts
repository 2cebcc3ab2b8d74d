/**
 * A PSP's API Pix on 127.0.0.1, for the connector's tests and for running the live PIX path on one
 * machine (`npm run psp:sim`): the subset the gateway uses (OAuth2 client credentials, cob, cobv,
 * pix, devolução, webhook and its callbacks; PIX Automático's locrec, rec, solicrec, cobr and
 * theirs, in automatico.ts), with every request and answer checked against the
 * BCB document (./schema.ts), plus a control API under `/__sim/` (no OAuth) that plays the
 * payer's bank and the PSP's moods: pay a charge, fail the next calls, lose a callback, settle a
 * devolução. Optional mTLS: with `tls`, https that requires a client certificate signed by `ca`.
 *
 * Node-only (node:http, node:https); imported by tests and worker/cli only (architecture test).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer, request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { buildDynamicBrCode } from "../../../domain/pix/brcode";
import { AUTOMATICO_ERRORS, AUTOMATICO_OPERATIONS, AUTOMATICO_SCOPES, AUTOMATICO_TEMPLATES, type AutomaticoCallback, type CobrOutcome } from "./automatico";
import { createAutomatico } from "./automatico-state";
import { apiPixSchemas, GENERAL_STATUSES, readQuery, violationsOf, type Operation, type Violacao } from "./schema";

// ---------------------------------------------------------------------------------------------
// Public shape

export interface PspSimulatorOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: "127.0.0.1";
  /** Serve https and require a client certificate signed by `ca` (mTLS). PEM text. */
  tls?: { cert: string; key: string; ca: string };
  clientId?: string;
  /** Default: a random secret for this run. */
  clientSecret?: string;
  /** Lifetime of an access token (expires_in). Default 3600. */
  tokenSeconds?: number;
  /** The receiver's DICT key at this PSP: cob.chave and PUT /webhook/{chave} must name it. */
  receiverKey?: string;
  /**
   * An answer the document does not allow is a bug of the simulator: it answers 500 either way;
   * "throw" (default) also throws it out of the request's handler, uncaught, so a test run fails
   * loudly; "log" writes it with `log` (by hand).
   */
  onBug?: "throw" | "log";
  /** One line per API request (method, path, status, duration; never a credential) and each bug. */
  log?: (line: string) => void;
}

/** One request the API Pix side received (the control API's are not kept). */
export interface ReceivedRequest {
  method: string;
  /** Relative to the API base (`url`): "/cob/{txid}", "/oauth/token". */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON, or the form's fields (token endpoint), or the text; undefined when empty. */
  body: unknown;
  /** Lowercase names; the Authorization header is never kept (see hasBearer). */
  headers: Record<string, string>;
  /** Whether it carried `Authorization: Bearer …` (valid or not). */
  hasBearer: boolean;
  /** What the simulator answered (0 while in flight). */
  status: number;
  at: string;
}

/** A callback the simulator sent (or dropped) to a registered webhook. */
export interface SentCallback {
  url: string;
  body: { pix: unknown[] };
  outcome: "delivered" | "failed" | "dropped";
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  error?: string;
  at: string;
}

/** What became of the callback a payment or a settled devolução triggers. */
export interface CallbackOutcome {
  /** "none": no webhook registered for the charge's key. */
  outcome: "delivered" | "failed" | "dropped" | "none";
  status?: number;
  error?: string;
}

export interface PayOptions {
  /** Amount paid, "10.50" (the document's format); default the charge's `valor.original`. */
  amount?: string;
  /** Who pays (kept for GET /pix's cpf/cnpj filters; the document's Pix carries no payer). */
  payer?: { name: string; cpf?: string; cnpj?: string };
  /** The payer's free text (`infoPagador`, ≤ 140). */
  infoPagador?: string;
}

export interface PspSimulatorControl {
  /** Pays an ATIVA, unexpired cob or cobv as the payer's bank would: it becomes CONCLUIDA, a Pix is received, the callback sent (awaited). */
  pay(txid: string, opts?: PayOptions): Promise<{ pix: Record<string, unknown>; callback: CallbackOutcome }>;
  /**
   * The next `n` requests whose path (relative to `url`) starts with `pathPrefix` answer `status`
   * (default 503, the document's ServicoIndisponivel) with the document's problem. With
   * `afterProcessing`, the request is carried out first and only its answer is lost (a timeout
   * after the PSP committed).
   */
  failNext(pathPrefix: string, n: number, status?: number, opts?: { afterProcessing?: boolean; retryAfterSeconds?: number }): void;
  /** The next callback (or `n`) is not sent, as a lost callback. */
  dropNextCallback(n?: number): void;
  /** Ends an EM_PROCESSAMENTO devolução; the callback the document asks for is sent (awaited). */
  settleRefund(e2eid: string, id: string, outcome: "DEVOLVIDO" | "NAO_REALIZADO", motivo?: string): Promise<{ devolucao: Record<string, unknown>; callback: CallbackOutcome }>;
  /** The PSP removes an ATIVA charge (REMOVIDA_PELO_PSP). */
  removeByPsp(txid: string): void;
  /** Every access token issued so far is expired from now on (a token that expires mid-run). */
  expireTokens(): void;
  received(): ReceivedRequest[];
  callbacks(): SentCallback[];
  /** Bugs found in the simulator's own answers (also thrown or logged, see onBug). */
  bugs(): string[];
  /** PIX Automático: the payer's bank answering a recurrence, and settling a charge instruction (callbacks awaited). */
  automatico: {
    approveRec(idRec: string, journey?: string): Promise<{ rec: Record<string, unknown>; callback?: AutomaticoCallback }>;
    rejectRec(idRec: string): Promise<{ rec: Record<string, unknown>; callback?: AutomaticoCallback }>;
    cancelRec(idRec: string): Promise<{ rec: Record<string, unknown>; callback?: AutomaticoCallback }>;
    expireRec(idRec: string): Promise<{ rec: Record<string, unknown>; callback?: AutomaticoCallback }>;
    settleCobr(txid: string, outcome: CobrOutcome): Promise<{ cobr: Record<string, unknown>; callback?: AutomaticoCallback }>;
    callbacks(): AutomaticoCallback[];
  };
  /** Forgets charges, Pix, devoluções, webhooks, PIX Automático's locations, recs, cobrs and their webhooks, failure rules and records; issued tokens stay valid. */
  reset(): void;
}

export interface PspSimulator {
  /** Base of the API Pix: `http(s)://127.0.0.1:PORT/v2`. */
  url: string;
  /** `{url}/oauth/token` */
  tokenUrl: string;
  /** Origin of the control API (`{origin}/__sim/…`). */
  controlUrl: string;
  clientId: string;
  clientSecret: string;
  receiverKey: string;
  control: PspSimulatorControl;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Constants

/** The receiver (the platform's account at this PSP): a cobv's `recebedor`, the webhook's `cnpj`. */
const RECEIVER = {
  cnpj: "11222333000181",
  nome: "Pay Gateway Simulado Ltda",
  logradouro: "Rua do Simulador, 100",
  cidade: "Sao Paulo",
  uf: "SP",
  cep: "01001000",
};
const PSP_ISPB = "12345678";
const PAYER_ISPB = "87654321";
const DEFAULT_RECEIVER_KEY = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906"; // an EVP (the document's example key)
export const SCOPES = ["cob.write", "cob.read", "cobv.write", "cobv.read", "pix.write", "pix.read", "webhook.write", "webhook.read", ...AUTOMATICO_SCOPES];
const ERROR_BASE = "https://pix.bcb.gov.br/api/v2/error/";
const CALLBACK_TIMEOUT_MS = 10_000;
const MAX_BODY = 1 << 20;

/** The document's error types used here: status, title, detail (its "Significado"). */
const ERRORS: Record<string, [number, string, string]> = {
  RequisicaoInvalida: [400, "Requisição inválida.", "Requisição inválida."],
  AcessoNegado: [403, "Acesso Negado", "Requisição de participante autenticado que viola alguma regra de autorização."],
  NaoEncontrado: [404, "Não Encontrado", "Entidade não encontrada."],
  PermanentementeRemovido: [410, "Permanentemente Removido", "Indica que a entidade existia, mas foi permanentemente removida."],
  ErroInternoDoServidor: [500, "Erro Interno do Servidor", "Condição inesperada ao processar requisição."],
  ServicoIndisponivel: [503, "Serviço Indisponível", "Serviço não está disponível no momento. Serviço solicitado pode estar em manutenção ou fora da janela de funcionamento."],
  IndisponibilidadePorTempoEsgotado: [504, "Indisponibilidade por tempo esgotado", "Indica que o serviço demorou além do esperado para retornar."],
  CobNaoEncontrado: [404, "Cobrança não encontrada.", "Cobrança não encontrada para o txid informado."],
  CobOperacaoInvalida: [400, "Cobrança inválida.", "A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada."],
  CobConsultaInvalida: [400, "Consulta inválida.", "Os parâmetros de consulta à cobrança para pagamento imediato não respeitam o _schema_ ou não fazem sentido semanticamente."],
  CobVNaoEncontrada: [404, "Cobrança não encontrada.", "Cobrança com vencimento não encontrada para o txid informado."],
  CobVOperacaoInvalida: [400, "Cobrança inválida.", "A requisição que busca alterar ou criar uma cobrança com vencimento não respeita o _schema_ ou está semanticamente errada."],
  CobVConsultaInvalida: [400, "Consulta inválida.", "Os parâmetros de consulta à cobrança com vencimento não respeitam o _schema_ ou não fazem sentido semanticamente."],
  PixNaoEncontrado: [404, "Pix não encontrado.", "Pix não encontrado para o e2eid informado."],
  PixDevolucaoNaoEncontrada: [404, "Devolução não encontrada.", "Devolução representada por {id} não encontrada para o e2eid informado."],
  PixConsultaInvalida: [400, "Consulta inválida.", "Os parâmetros de consulta à lista de pix recebidos não respeitam o _schema_ ou não fazem sentido semanticamente."],
  PixDevolucaoInvalida: [400, "Devolução inválida.", "A presente requisição de devolução não respeita o _schema_ ou não faz sentido semanticamente."],
  WebhookOperacaoInvalida: [400, "Webhook inválido.", "A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com sentido semanticamente inválido."],
  WebhookNaoEncontrado: [404, "Webhook não encontrado.", "O webhook denotado por {chave} não encontra-se estabelecido."],
  // Not in the document, whose errors assume an authenticated client: RFC 6750's 401 with an RFC 7807 body (type about:blank).
  NaoAutorizado: [401, "Unauthorized", "Requisição sem token de acesso válido."],
  ...AUTOMATICO_ERRORS,
};
/** The general error type of a status (failNext). */
const GENERAL_TYPE: Record<number, string> = {
  400: "RequisicaoInvalida",
  403: "AcessoNegado",
  404: "NaoEncontrado",
  410: "PermanentementeRemovido",
  500: "ErroInternoDoServidor",
  503: "ServicoIndisponivel",
  504: "IndisponibilidadePorTempoEsgotado",
};

/** Per implemented operation: the prefix of its body's fields in violations, and its error types. */
const IMPLEMENTED: Record<string, { prefix: string; invalid: string; notFound: string }> = {
  "PUT /cob/{txid}": { prefix: "cob", invalid: "CobOperacaoInvalida", notFound: "CobNaoEncontrado" },
  "PATCH /cob/{txid}": { prefix: "cob", invalid: "CobOperacaoInvalida", notFound: "CobNaoEncontrado" },
  "GET /cob/{txid}": { prefix: "cob", invalid: "CobConsultaInvalida", notFound: "CobNaoEncontrado" },
  "PUT /cobv/{txid}": { prefix: "cobv", invalid: "CobVOperacaoInvalida", notFound: "CobVNaoEncontrada" },
  "PATCH /cobv/{txid}": { prefix: "cobv", invalid: "CobVOperacaoInvalida", notFound: "CobVNaoEncontrada" },
  "GET /cobv/{txid}": { prefix: "cobv", invalid: "CobVConsultaInvalida", notFound: "CobVNaoEncontrada" },
  "GET /pix/{e2eid}": { prefix: "pix", invalid: "RequisicaoInvalida", notFound: "PixNaoEncontrado" },
  "GET /pix": { prefix: "", invalid: "PixConsultaInvalida", notFound: "NaoEncontrado" },
  "PUT /pix/{e2eid}/devolucao/{id}": { prefix: "devolucao", invalid: "PixDevolucaoInvalida", notFound: "PixNaoEncontrado" },
  "GET /pix/{e2eid}/devolucao/{id}": { prefix: "devolucao", invalid: "RequisicaoInvalida", notFound: "PixDevolucaoNaoEncontrada" },
  "PUT /webhook/{chave}": { prefix: "webhook", invalid: "WebhookOperacaoInvalida", notFound: "WebhookNaoEncontrado" },
  "GET /webhook/{chave}": { prefix: "webhook", invalid: "RequisicaoInvalida", notFound: "WebhookNaoEncontrado" },
  "DELETE /webhook/{chave}": { prefix: "webhook", invalid: "RequisicaoInvalida", notFound: "WebhookNaoEncontrado" },
  ...AUTOMATICO_OPERATIONS,
};
const TEMPLATES = ["/cob/{txid}", "/cobv/{txid}", "/pix/{e2eid}/devolucao/{id}", "/pix/{e2eid}", "/pix", "/webhook/{chave}", ...AUTOMATICO_TEMPLATES].map((template) => ({
  template,
  names: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
  re: new RegExp(`^${template.replace(/\{\w+\}/g, "([^/]+)")}$`),
}));

/** RFC 6749's token answer and error (the document only names the token URL). */
const TOKEN_ANSWER = /^[A-Za-z0-9_-]{20,}$/;

// ---------------------------------------------------------------------------------------------
// State

type Json = Record<string, any>;
type Status = "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";

interface Charge {
  kind: "cob" | "cobv";
  txid: string;
  revisao: number;
  criacao: string;
  status: Status;
  /** The fields the receiver set (the body of the last PUT, PATCHes merged in). */
  fields: Json;
  /** The last PUT's body as sent, canonical: an identical PUT changes nothing. */
  lastPut: string;
  location: string;
  pixCopiaECola: string;
  /** The charge's answer at each revision (GET ?revisao=n). */
  revisions: Json[];
  pix: string[];
}

interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza: string;
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO";
  motivo?: string;
}

interface PixRecord {
  endToEndId: string;
  txid: string;
  valor: string;
  chave: string;
  horario: string;
  infoPagador?: string;
  payer?: PayOptions["payer"];
  devolucoes: Devolucao[];
}

interface FailRule {
  prefix: string;
  remaining: number;
  status: number;
  afterProcessing: boolean;
  retryAfterSeconds?: number;
}

/** An answer: status, body (JSON) and its media type. */
interface Answer {
  status: number;
  body?: unknown;
  mediaType?: string;
  headers?: Record<string, string>;
  /** A failure failNext asked for: any status, with a `Problema` body. */
  simulated?: boolean;
}

/** An error answer the document defines: type name, violations. */
class Problem extends Error {
  constructor(
    readonly tipo: string,
    readonly violacoes?: Violacao[],
    readonly detail?: string,
  ) {
    super(tipo);
  }
}

/** A control call that cannot be done (unknown txid, charge not ATIVA…). */
export class SimulatorError extends Error {
  override name = "SimulatorError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------

export async function startPspSimulator(options: PspSimulatorOptions = {}): Promise<PspSimulator> {
  const schemas = apiPixSchemas();
  const clientId = options.clientId ?? "pay-gateway";
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const tokenSeconds = options.tokenSeconds ?? 3600;
  const receiverKey = options.receiverKey ?? DEFAULT_RECEIVER_KEY;
  const onBug = options.onBug ?? "throw";
  const log = options.log ?? (() => {});
  if ((options.host ?? "127.0.0.1") !== "127.0.0.1") throw new Error("the PSP simulator binds 127.0.0.1 only");

  const tokens = new Map<string, { expiresAt: number; scopes: string[] }>();
  let charges = new Map<string, Charge>();
  let pixes = new Map<string, PixRecord>();
  let webhooks = new Map<string, { webhookUrl: string; criacao: string }>();
  let received: ReceivedRequest[] = [];
  let sent: SentCallback[] = [];
  let failRules: FailRule[] = [];
  let dropCallbacks = 0;
  const bugs: string[] = [];
  let locationHost = "127.0.0.1";

  function bug(message: string): void {
    const error = new Error(`PSP simulator bug: ${message}`);
    bugs.push(error.message);
    log(error.message);
    if (onBug === "throw") {
      process.nextTick(() => {
        throw error;
      });
    }
  }

  // ---- answers, checked against the document

  function problemBody(tipo: string, violacoes?: Violacao[], detail?: string) {
    const [status, title, meaning] = ERRORS[tipo]!;
    const type = tipo === "NaoAutorizado" ? "about:blank" : `${ERROR_BASE}${tipo}`;
    return { type, title, status, detail: detail ?? meaning, ...(violacoes?.length ? { violacoes } : {}) };
  }

  /** Why `answer` is not what the document allows for `op` (undefined: it is). */
  function answerError(op: Operation | undefined, answer: Answer): string | undefined {
    const spec = answer.simulated ? undefined : op?.responses.get(answer.status);
    if (spec) {
      if (!spec.validator) return answer.body === undefined ? undefined : `${op!.key} ${answer.status} has no body in the document`;
      if (!spec.mediaTypes.includes(answer.mediaType ?? "")) return `${op!.key} ${answer.status} is ${spec.mediaTypes.join(" or ")} in the document, not ${answer.mediaType}`;
      const validate = spec.validator();
      return validate(answer.body) ? undefined : `${op!.key} ${answer.status}: ${JSON.stringify(violationsOf(validate.errors, answer.body, ""))}`;
    }
    if (GENERAL_STATUSES.has(answer.status) || answer.status === 401 || answer.simulated) {
      if (answer.mediaType !== "application/problem+json") return `a ${answer.status} answer is application/problem+json, not ${answer.mediaType}`;
      return schemas.validateProblem(answer.body) ? undefined : `${answer.status}: ${JSON.stringify(violationsOf(schemas.validateProblem.errors, answer.body, ""))}`;
    }
    return `the document has no ${answer.status} answer for ${op?.key ?? "this path"}`;
  }

  function write(res: ServerResponse, answer: Answer): void {
    const headers: Record<string, string> = { "Cache-Control": "no-store", ...answer.headers };
    if (answer.body === undefined) return void res.writeHead(answer.status, headers).end();
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, { ...headers, "Content-Type": `${answer.mediaType}; charset=utf-8`, "Content-Length": String(Buffer.byteLength(text)) }).end(text);
  }

  // ---- the API Pix

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname.startsWith("/__sim/")) return control(req, res, url);
    const started = Date.now();
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch {
      return void res.destroy(); // a body over MAX_BODY (its socket is closed), or a client that went away
    }
    const path = url.pathname.startsWith("/v2/") ? url.pathname.slice(3) : url.pathname;
    const contentType = String(req.headers["content-type"] ?? "");
    const record: ReceivedRequest = {
      method: req.method ?? "GET",
      path,
      query: Object.fromEntries(url.searchParams),
      body: bodyForRecord(raw, contentType),
      headers: Object.fromEntries(
        Object.entries(req.headers)
          .filter(([name]) => name !== "authorization")
          .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
      ),
      hasBearer: /^Bearer\s/i.test(String(req.headers.authorization ?? "")),
      status: 0,
      at: new Date().toISOString(),
    };
    received.push(record);

    let op: Operation | undefined;
    let answer: Answer;
    const rule = failRules.find((r) => r.remaining > 0 && path.startsWith(r.prefix));
    if (rule) rule.remaining--;
    try {
      if (rule && !rule.afterProcessing) throw failure(rule);
      if (!url.pathname.startsWith("/v2/")) throw new Problem("NaoEncontrado", undefined, "A API Pix deste simulador está sob /v2.");
      if (path === "/oauth/token") {
        answer = token(req, raw, contentType);
      } else {
        const route = TEMPLATES.map((t) => ({ t, m: t.re.exec(path) })).find((x) => x.m);
        const key = route ? `${record.method} ${route.t.template}` : undefined;
        op = key && IMPLEMENTED[key] ? schemas.operations.get(key) : undefined;
        if (!op) throw new Problem("NaoEncontrado", undefined, `O simulador não implementa ${record.method} ${path}.`);
        const params = Object.fromEntries(route!.t.names.map((n, i) => [n, safeDecode(route!.m![i + 1]!)]));
        answer = api(op, req, params, url.searchParams, raw, contentType);
      }
      if (rule?.afterProcessing) {
        const error = answerError(op, answer);
        if (error) bug(error);
        throw failure(rule);
      }
    } catch (error) {
      answer = asAnswer(error, op);
    }
    const error = path === "/oauth/token" && !answer.simulated && answer.mediaType === "application/json" ? tokenAnswerError(answer) : answerError(op, answer);
    if (error) {
      bug(error);
      answer = { status: 500, body: problemBody("ErroInternoDoServidor"), mediaType: "application/problem+json" };
    }
    record.status = answer.status;
    write(res, answer);
    log(`${record.method} ${path} → ${answer.status} (${Date.now() - started} ms)`);
  }

  function failure(rule: FailRule): Problem | Answer {
    const tipo = GENERAL_TYPE[rule.status];
    const headers = rule.retryAfterSeconds !== undefined ? { "Retry-After": String(rule.retryAfterSeconds) } : undefined;
    const body = tipo ? problemBody(tipo, undefined, `${ERRORS[tipo]![2]} (falha simulada)`) : { type: "about:blank", title: "Simulated failure", status: rule.status };
    return { status: rule.status, body, mediaType: "application/problem+json", headers, simulated: true };
  }

  function asAnswer(error: unknown, op: Operation | undefined): Answer {
    if (error instanceof Problem) {
      const body = problemBody(error.tipo, error.violacoes, error.detail);
      return { status: body.status, body, mediaType: "application/problem+json", headers: (error as { headers?: Record<string, string> }).headers };
    }
    if (error && typeof error === "object" && "status" in error && "mediaType" in error) return error as Answer;
    bug(`${op?.key ?? "request"} threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return { status: 500, body: problemBody("ErroInternoDoServidor"), mediaType: "application/problem+json" };
  }

  function unauthorized(detail: string, error?: string): Problem {
    return Object.assign(new Problem("NaoAutorizado", undefined, detail), {
      headers: { "WWW-Authenticate": `Bearer realm="api-pix"${error ? `, error="${error}"` : ""}` },
    });
  }

  function api(op: Operation, req: IncomingMessage, params: Record<string, string>, search: URLSearchParams, raw: Buffer, contentType: string): Answer {
    const meta = IMPLEMENTED[op.key]!;
    // OAuth2: a live bearer token with the operation's scopes.
    const auth = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ""));
    if (!auth) throw unauthorized("Requisição sem token de acesso (Authorization: Bearer).");
    const grant = tokens.get(auth[1]!);
    if (!grant) throw unauthorized("Token de acesso desconhecido.", "invalid_token");
    if (grant.expiresAt <= Date.now()) throw unauthorized("Token de acesso expirado.", "invalid_token");
    const missing = op.scopes.filter((s) => !grant.scopes.includes(s));
    if (missing.length) throw new Problem("AcessoNegado", undefined, `O token não tem o escopo ${missing.join(", ")}.`);

    // The document's schemas: path, query, body.
    const violations: Violacao[] = [];
    const validatePath = op.pathValidator();
    if (!validatePath(params)) violations.push(...violationsOf(validatePath.errors, params, ""));
    const { query, violations: repeated } = readQuery(op, search);
    violations.push(...repeated);
    const validateQuery = op.queryValidator();
    if (!validateQuery(query)) violations.push(...violationsOf(validateQuery.errors, query, ""));
    let body: unknown;
    if (op.body) {
      const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
      if (!op.body.mediaTypes.includes(mediaType)) {
        violations.push({ razao: `O corpo deve ser ${op.body.mediaTypes.join(" ou ")}.`, propriedade: "Content-Type", valor: contentType });
      } else {
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          violations.push({ razao: "O corpo não é um JSON válido." });
        }
        const validateBody = op.body.validator();
        if (body !== undefined && !validateBody(body)) violations.push(...violationsOf(validateBody.errors, body, meta.prefix));
      }
    } else if (raw.length > 0) {
      violations.push({ razao: `${op.key} não tem corpo.` });
    }
    if (violations.length) throw new Problem(meta.invalid, violations);
    return HANDLERS[op.key]!(params, query, body as Json, meta);
  }

  // ---- OAuth2 (RFC 6749 §4.4)

  function token(req: IncomingMessage, raw: Buffer, contentType: string): Answer {
    const oauthError = (status: number, error: string, description: string, headers?: Record<string, string>): Answer => ({
      status,
      body: { error, error_description: description },
      mediaType: "application/json",
      headers,
    });
    if (req.method !== "POST") throw new Problem("NaoEncontrado", undefined, "O endpoint de token aceita POST.");
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(String(req.headers.authorization ?? ""));
    const pair = basic ? Buffer.from(basic[1]!, "base64").toString("utf8") : "";
    const colon = pair.indexOf(":");
    const id = safeDecode(pair.slice(0, colon));
    const secret = safeDecode(pair.slice(colon + 1));
    if (!basic || colon < 0 || !same(id, clientId) || !same(secret, clientSecret)) {
      return oauthError(401, "invalid_client", "Client authentication failed (HTTP Basic with the client id and secret).", { "WWW-Authenticate": 'Basic realm="oauth"' });
    }
    if (contentType.split(";")[0]!.trim().toLowerCase() !== "application/x-www-form-urlencoded") {
      return oauthError(400, "invalid_request", "The body must be application/x-www-form-urlencoded.");
    }
    const form = new URLSearchParams(raw.toString("utf8"));
    const unknown = [...form.keys()].filter((k) => k !== "grant_type" && k !== "scope");
    if (unknown.length) return oauthError(400, "invalid_request", `Unexpected parameter(s): ${unknown.join(", ")} (client credentials go in HTTP Basic only).`);
    if (form.getAll("grant_type").length !== 1) return oauthError(400, "invalid_request", "grant_type is required, once.");
    if (form.get("grant_type") !== "client_credentials") return oauthError(400, "unsupported_grant_type", "Only client_credentials is supported.");
    const asked = form.has("scope") ? form.get("scope")!.split(" ").filter(Boolean) : SCOPES;
    const unknownScopes = asked.filter((s) => !SCOPES.includes(s));
    if (unknownScopes.length || asked.length === 0) return oauthError(400, "invalid_scope", `Unknown scope(s): ${unknownScopes.join(" ") || "(none asked)"}.`);
    const accessToken = randomBytes(32).toString("base64url");
    tokens.set(accessToken, { expiresAt: Date.now() + tokenSeconds * 1000, scopes: asked });
    return {
      status: 200,
      body: { access_token: accessToken, token_type: "Bearer", expires_in: tokenSeconds, scope: asked.join(" ") },
      mediaType: "application/json",
      headers: { Pragma: "no-cache" },
    };
  }

  function tokenAnswerError(answer: Answer): string | undefined {
    const b = answer.body as Json;
    if (answer.status === 200) {
      const keys = Object.keys(b).sort().join(",");
      if (keys !== "access_token,expires_in,scope,token_type" || !TOKEN_ANSWER.test(b.access_token) || b.token_type !== "Bearer" || !Number.isInteger(b.expires_in)) return `token answer ${keys}`;
      return undefined;
    }
    const errors = ["invalid_request", "invalid_client", "invalid_grant", "unauthorized_client", "unsupported_grant_type", "invalid_scope"];
    return (answer.status === 400 || answer.status === 401) && errors.includes(b.error) ? undefined : `token error ${answer.status} ${b.error}`;
  }

  // ---- charges

  function txidInUse(existing: Charge, kind: "cob" | "cobv"): Violacao {
    return { razao: `O txid já é utilizado por uma cobrança ${existing.kind === "cob" ? "imediata (cob)" : "com vencimento (cobv)"}.`, propriedade: `${kind}.txid`, valor: existing.txid };
  }

  function expired(c: Charge, now = Date.now()): boolean {
    if (c.kind === "cob") return Date.parse(c.criacao) + (c.fields.calendario?.expiracao ?? 86400) * 1000 <= now;
    const due = Date.parse(`${c.fields.calendario.dataDeVencimento}T23:59:59.999-03:00`);
    return due + (c.fields.calendario.validadeAposVencimento ?? 30) * 86_400_000 <= now;
  }

  /** The document's semantic rules for a charge's fields (after the schema passed). */
  function semanticViolations(kind: "cob" | "cobv", f: Json): Violacao[] {
    const v: Violacao[] = [];
    if (f.chave !== undefined && f.chave !== receiverKey) v.push({ razao: `O campo ${kind}.chave corresponde a uma conta que não pertence a este usuário recebedor.`, propriedade: `${kind}.chave`, valor: f.chave });
    if (f.loc !== undefined) v.push({ razao: `O location referenciado por ${kind}.loc.id inexiste.`, propriedade: `${kind}.loc.id` });
    if (f.valor?.original !== undefined && /^0+\.00$/.test(f.valor.original)) v.push({ razao: `O campo ${kind}.valor.original é zero.`, propriedade: `${kind}.valor.original`, valor: f.valor.original });
    if (f.valor?.retirada !== undefined) v.push({ razao: "Este PSP recebedor não oferece Pix Saque nem Pix Troco.", propriedade: `${kind}.valor.retirada` });
    if (kind === "cob" && f.calendario?.expiracao !== undefined && f.calendario.expiracao <= 0) {
      v.push({ razao: "O campo cob.calendario.expiracao é igual ou menor que zero.", propriedade: "cob.calendario.expiracao", valor: String(f.calendario.expiracao) });
    }
    if (kind === "cobv" && f.calendario) {
      if (f.calendario.dataDeVencimento < todayInBrazil()) {
        v.push({ razao: "O campo cobv.calendario.dataDeVencimento é anterior à data de criação da cobrança.", propriedade: "cobv.calendario.dataDeVencimento", valor: f.calendario.dataDeVencimento });
      }
      if ((f.calendario.validadeAposVencimento ?? 0) < 0) {
        v.push({ razao: "O campo cobv.calendario.validadeAposVencimento é menor do que zero.", propriedade: "cobv.calendario.validadeAposVencimento", valor: String(f.calendario.validadeAposVencimento) });
      }
    }
    return v;
  }

  function newLocation(kind: "cob" | "cobv"): string {
    return `${locationHost}/qr/v2/${kind === "cobv" ? "cobv/" : ""}${randomBytes(16).toString("hex")}`;
  }

  function brCode(c: Pick<Charge, "location" | "fields">): string {
    return buildDynamicBrCode({ locationUrl: c.location, amountMinor: Number(String(c.fields.valor.original).replace(".", "")), merchantName: RECEIVER.nome, merchantCity: RECEIVER.cidade });
  }

  /** The charge as CobGerada / CobVGerada (with `pix`: CobCompleta / CobVCompleta). */
  function chargeView(c: Charge, withPix: boolean): Json {
    const f = c.fields;
    const calendario =
      c.kind === "cob"
        ? { criacao: c.criacao, expiracao: f.calendario?.expiracao ?? 86400 }
        : { criacao: c.criacao, dataDeVencimento: f.calendario.dataDeVencimento, validadeAposVencimento: f.calendario.validadeAposVencimento ?? 30 };
    const view: Json = {
      calendario,
      txid: c.txid,
      revisao: c.revisao,
      location: c.location,
      status: c.status,
      ...(f.devedor ? { devedor: f.devedor } : {}),
      ...(c.kind === "cobv" ? { recebedor: RECEIVER } : {}),
      valor: f.valor,
      chave: f.chave,
      ...(f.solicitacaoPagador !== undefined ? { solicitacaoPagador: f.solicitacaoPagador } : {}),
      ...(f.infoAdicionais !== undefined ? { infoAdicionais: f.infoAdicionais } : {}),
      pixCopiaECola: c.pixCopiaECola,
    };
    if (withPix && c.pix.length) view.pix = c.pix.map((e2e) => pixView(pixes.get(e2e)!));
    return structuredClone(view);
  }

  function putCharge(kind: "cob" | "cobv", txid: string, body: Json, meta: { invalid: string }): Answer {
    const existing = charges.get(txid);
    const canonical = canonicalJson(body);
    if (existing && existing.kind !== kind) throw new Problem(meta.invalid, [txidInUse(existing, kind)]);
    if (existing && existing.lastPut === canonical) return { status: 201, body: chargeView(existing, false), mediaType: "application/json" };
    if (existing && existing.status !== "ATIVA") {
      throw new Problem(meta.invalid, [{ razao: "A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.", propriedade: `${kind}.txid`, valor: txid }]);
    }
    const violations = semanticViolations(kind, body);
    if (violations.length) throw new Problem(meta.invalid, violations);
    let charge: Charge;
    if (existing) {
      // The document's PUT creates or, on an ATIVA charge, replaces it: a new revision.
      charge = existing;
      charge.fields = structuredClone(body);
      charge.revisao++;
    } else {
      charge = { kind, txid, revisao: 0, criacao: new Date().toISOString(), status: "ATIVA", fields: structuredClone(body), lastPut: "", location: newLocation(kind), pixCopiaECola: "", revisions: [], pix: [] };
      charges.set(txid, charge);
    }
    charge.lastPut = canonical;
    charge.pixCopiaECola = brCode(charge);
    charge.revisions[charge.revisao] = chargeView(charge, false);
    return { status: 201, body: chargeView(charge, false), mediaType: "application/json" };
  }

  function patchCharge(kind: "cob" | "cobv", txid: string, body: Json, meta: { invalid: string; notFound: string }): Answer {
    const charge = charges.get(txid);
    if (!charge || charge.kind !== kind) throw new Problem(meta.notFound);
    if (charge.status !== "ATIVA") throw new Problem(meta.invalid, [{ razao: "A cobrança não está ATIVA, e a presente requisição busca alterá-la.", propriedade: `${kind}.status`, valor: charge.status }]);
    if (body.status !== undefined) {
      if (Object.keys(body).length > 1) {
        throw new Problem(meta.invalid, [
          { razao: "A cobrança está ATIVA, e a presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.", propriedade: `${kind}.status` },
        ]);
      }
      charge.status = body.status;
    } else {
      const merged: Json = { ...structuredClone(charge.fields), ...structuredClone(body) };
      if (body.calendario) merged.calendario = { ...charge.fields.calendario, ...body.calendario };
      if (body.valor) merged.valor = { ...charge.fields.valor, ...body.valor };
      const violations = semanticViolations(kind, body.calendario ? merged : { ...merged, calendario: undefined });
      if (violations.length) throw new Problem(meta.invalid, violations);
      charge.fields = merged;
      charge.pixCopiaECola = brCode(charge);
    }
    charge.revisao++;
    charge.revisions[charge.revisao] = chargeView(charge, false);
    return { status: 200, body: chargeView(charge, false), mediaType: "application/json" };
  }

  function getCharge(kind: "cob" | "cobv", txid: string, query: Json, meta: { invalid: string; notFound: string }): Answer {
    const charge = charges.get(txid);
    if (!charge || charge.kind !== kind) throw new Problem(meta.notFound);
    if (query.revisao !== undefined) {
      const at = charge.revisions[query.revisao];
      if (!at) throw new Problem(meta.invalid, [{ razao: "O parâmetro revisao corresponde a uma revisão inexistente para a cobrança apontada pelo parâmetro txid.", propriedade: "revisao", valor: String(query.revisao) }]);
      return { status: 200, body: structuredClone(at), mediaType: "application/json" };
    }
    return { status: 200, body: chargeView(charge, true), mediaType: "application/json" };
  }

  // ---- Pix and devoluções

  function pixView(p: PixRecord): Json {
    return structuredClone({
      endToEndId: p.endToEndId,
      txid: p.txid,
      valor: p.valor,
      chave: p.chave,
      horario: p.horario,
      ...(p.infoPagador !== undefined ? { infoPagador: p.infoPagador } : {}),
      ...(p.devolucoes.length ? { devolucoes: p.devolucoes.map(devolucaoView) } : {}),
    });
  }

  function devolucaoView(d: Devolucao): Json {
    return structuredClone({ ...d });
  }

  function listPix(query: Json, meta: { invalid: string }): Answer {
    const violations: Violacao[] = [];
    const inicio = Date.parse(query.inicio);
    const fim = Date.parse(query.fim);
    if (fim < inicio) violations.push({ razao: "O timestamp representado pelo parâmetro fim é anterior ao timestamp representado pelo parâmetro inicio.", propriedade: "fim", valor: query.fim });
    if (query.cpf !== undefined && query.cnpj !== undefined) violations.push({ razao: "Ambos os parâmetros cpf e cnpj estão preenchidos.", propriedade: "cpf" });
    if (violations.length) throw new Problem(meta.invalid, violations);
    const matching = [...pixes.values()]
      .filter((p) => {
        const at = Date.parse(p.horario);
        if (at < inicio || at > fim) return false;
        if (query.txid !== undefined && p.txid !== query.txid) return false;
        if (query.txIdPresente === false) return false; // every Pix received here has a txid
        if (query.devolucaoPresente !== undefined && query.devolucaoPresente !== p.devolucoes.length > 0) return false;
        if (query.cpf !== undefined && p.payer?.cpf !== query.cpf) return false;
        if (query.cnpj !== undefined && p.payer?.cnpj !== query.cnpj) return false;
        return true;
      })
      .sort((a, b) => a.horario.localeCompare(b.horario) || a.endToEndId.localeCompare(b.endToEndId));
    const paginaAtual: number = query["paginacao.paginaAtual"] ?? 0;
    const itensPorPagina: number = query["paginacao.itensPorPagina"] ?? 100;
    const parametros: Json = { inicio: query.inicio, fim: query.fim };
    for (const k of ["txid", "txIdPresente", "devolucaoPresente", "cpf", "cnpj"]) if (query[k] !== undefined) parametros[k] = query[k];
    parametros.paginacao = { paginaAtual, itensPorPagina, quantidadeDePaginas: Math.max(1, Math.ceil(matching.length / itensPorPagina)), quantidadeTotalDeItens: matching.length };
    const page = matching.slice(paginaAtual * itensPorPagina, (paginaAtual + 1) * itensPorPagina);
    return { status: 200, body: { parametros, pix: page.map(pixView) }, mediaType: "application/json" };
  }

  function putDevolucao(e2eid: string, id: string, body: Json, meta: { invalid: string; notFound: string }): Answer {
    const pix = pixes.get(e2eid);
    if (!pix) throw new Problem(meta.notFound);
    const violations: Violacao[] = [];
    if (pix.devolucoes.some((d) => d.id === id)) {
      violations.push({ razao: "A presente requisição de devolução apresenta um {id} já utilizado por outra requisição de devolução para o {e2eid} em questão.", propriedade: "id", valor: id });
    }
    const cents = toCents(body.valor);
    if (cents === 0) violations.push({ razao: "O campo devolucao.valor é zero.", propriedade: "devolucao.valor", valor: body.valor });
    const taken = pix.devolucoes.filter((d) => d.status !== "NAO_REALIZADO").reduce((sum, d) => sum + toCents(d.valor), 0);
    if (taken + cents > toCents(pix.valor)) {
      violations.push({
        razao: "A presente requisição de devolução, em conjunto com as demais prévias devoluções, se aplicável, excederia o valor do pix originário.",
        propriedade: "devolucao.valor",
        valor: body.valor,
      });
    }
    if (body.natureza === "RETIRADA") violations.push({ razao: "A natureza RETIRADA aplica-se a Pix Saque ou Pix Troco, que este Pix não é.", propriedade: "devolucao.natureza", valor: body.natureza });
    if (violations.length) throw new Problem(meta.invalid, violations);
    const devolucao: Devolucao = {
      id,
      rtrId: endToEnd("D", PSP_ISPB),
      valor: body.valor,
      natureza: body.natureza ?? "ORIGINAL",
      ...(body.descricao !== undefined ? { descricao: body.descricao } : {}),
      horario: { solicitacao: new Date().toISOString() },
      status: "EM_PROCESSAMENTO",
    };
    pix.devolucoes.push(devolucao);
    return { status: 201, body: devolucaoView(devolucao), mediaType: "application/json" };
  }

  // ---- webhooks and their callbacks

  function putWebhook(chave: string, body: Json, meta: { invalid: string }): Answer {
    const violations: Violacao[] = [];
    if (chave !== receiverKey) violations.push({ razao: "O parâmetro {chave} não corresponde a uma chave DICT pertencente a este usuário recebedor.", propriedade: "chave", valor: chave });
    if (!/^https?:\/\//i.test(body.webhookUrl)) violations.push({ razao: "Campo webhook.webhookUrl não respeita o _schema_ (uma URL http ou https).", propriedade: "webhook.webhookUrl", valor: body.webhookUrl });
    if (violations.length) throw new Problem(meta.invalid, violations);
    webhooks.set(chave, { webhookUrl: body.webhookUrl, criacao: webhooks.get(chave)?.criacao ?? new Date().toISOString() });
    return { status: 200 };
  }

  async function notify(chave: string, pix: Json[]): Promise<CallbackOutcome> {
    const hook = webhooks.get(chave);
    if (!hook) return { outcome: "none" };
    const body = { pix };
    if (!schemas.validateCallback(body)) bug(`callback body: ${JSON.stringify(violationsOf(schemas.validateCallback.errors, body, ""))}`);
    // The document: the callback goes to `{webhookUrl}/pix`, the URL as registered plus "/pix".
    const url = `${hook.webhookUrl}/pix`;
    const at = new Date().toISOString();
    if (dropCallbacks > 0) {
      dropCallbacks--;
      sent.push({ url, body: structuredClone(body), outcome: "dropped", at });
      return { outcome: "dropped" };
    }
    const result = await post(url, JSON.stringify(body));
    const outcome: CallbackOutcome = result.status !== undefined && result.status >= 200 && result.status < 300 ? { outcome: "delivered", status: result.status } : { outcome: "failed", ...result };
    sent.push({ url, body: structuredClone(body), at, ...(outcome as Omit<SentCallback, "url" | "body" | "at">) });
    return outcome;
  }

  /** POSTs JSON; over https the simulator presents its own certificate and trusts `ca` (the PSP's mTLS). */
  function post(url: string, text: string): Promise<{ status?: number; error?: string }> {
    return new Promise((resolve) => {
      const target = new URL(url);
      const send = target.protocol === "https:" ? httpsRequest : httpRequest;
      const tls = target.protocol === "https:" && options.tls ? { ca: options.tls.ca, cert: options.tls.cert, key: options.tls.key } : {};
      const req = send(target, { method: "POST", headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) }, timeout: CALLBACK_TIMEOUT_MS, ...tls }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode }));
      });
      req.on("timeout", () => req.destroy(new Error(`no answer in ${CALLBACK_TIMEOUT_MS} ms`)));
      req.on("error", (error) => resolve({ error: error.message }));
      req.end(text);
    });
  }

  // ---- operations

  const HANDLERS: Record<string, (p: Record<string, string>, q: Json, body: Json, meta: { invalid: string; notFound: string }) => Answer> = {
    "PUT /cob/{txid}": (p, _q, body, meta) => putCharge("cob", p.txid!, body, meta),
    "PATCH /cob/{txid}": (p, _q, body, meta) => patchCharge("cob", p.txid!, body, meta),
    "GET /cob/{txid}": (p, q, _b, meta) => getCharge("cob", p.txid!, q, meta),
    "PUT /cobv/{txid}": (p, _q, body, meta) => putCharge("cobv", p.txid!, body, meta),
    "PATCH /cobv/{txid}": (p, _q, body, meta) => patchCharge("cobv", p.txid!, body, meta),
    "GET /cobv/{txid}": (p, q, _b, meta) => getCharge("cobv", p.txid!, q, meta),
    "GET /pix/{e2eid}": (p, _q, _b, meta) => {
      const pix = pixes.get(p.e2eid!);
      if (!pix) throw new Problem(meta.notFound);
      return { status: 200, body: pixView(pix), mediaType: "application/json" };
    },
    "GET /pix": (_p, q, _b, meta) => listPix(q, meta),
    "PUT /pix/{e2eid}/devolucao/{id}": (p, _q, body, meta) => putDevolucao(p.e2eid!, p.id!, body, meta),
    "GET /pix/{e2eid}/devolucao/{id}": (p, _q, _b, meta) => {
      const pix = pixes.get(p.e2eid!);
      const devolucao = pix?.devolucoes.find((d) => d.id === p.id);
      if (!devolucao) throw new Problem(meta.notFound);
      return { status: 200, body: devolucaoView(devolucao), mediaType: "application/json" };
    },
    "PUT /webhook/{chave}": (p, _q, body, meta) => putWebhook(p.chave!, body, meta),
    "GET /webhook/{chave}": (p, _q, _b, meta) => {
      const hook = webhooks.get(p.chave!);
      if (!hook) throw new Problem(meta.notFound);
      return { status: 200, body: { webhookUrl: hook.webhookUrl, cnpj: RECEIVER.cnpj, criacao: hook.criacao }, mediaType: "application/json" };
    },
    "DELETE /webhook/{chave}": (p, _q, _b, meta) => {
      if (!webhooks.delete(p.chave!)) throw new Problem(meta.notFound);
      return { status: 204 };
    },
  };

  const automatico = createAutomatico(
    {
      schemas,
      problem: (tipo, violacoes, detail) => new Problem(tipo, violacoes, detail),
      post,
      bug,
      locationHost: () => locationHost,
      receiver: { cnpj: RECEIVER.cnpj, nome: RECEIVER.nome },
      ispb: PSP_ISPB,
      cobBrCode: (txid) => (charges.get(txid)?.kind === "cob" ? charges.get(txid)!.pixCopiaECola : undefined),
      payCob: (txid) => controlApi.pay(txid),
    },
    (status, message) => new SimulatorError(status, message),
  );
  Object.assign(HANDLERS, automatico.handlers);

  // ---- control

  const controlApi: PspSimulatorControl = {
    async pay(txid, opts = {}) {
      const charge = charges.get(txid);
      if (!charge) throw new SimulatorError(404, `no charge with txid ${txid}`);
      if (charge.status !== "ATIVA") throw new SimulatorError(409, `charge ${txid} is ${charge.status}: a payer's bank cannot pay it`);
      if (expired(charge)) throw new SimulatorError(409, `charge ${txid} has expired: a payer's bank cannot pay it`);
      const valor = opts.amount ?? charge.fields.valor.original;
      if (!/^\d{1,10}\.\d{2}$/.test(valor) || toCents(valor) === 0) throw new SimulatorError(400, `amount ${valor} is not a positive "0.00" amount`);
      if (opts.infoPagador !== undefined && opts.infoPagador.length > 140) throw new SimulatorError(400, "infoPagador has more than 140 characters");
      const pix: PixRecord = {
        endToEndId: endToEnd("E", PAYER_ISPB),
        txid,
        valor,
        chave: charge.fields.chave,
        horario: new Date().toISOString(),
        ...(opts.infoPagador !== undefined ? { infoPagador: opts.infoPagador } : {}),
        ...(opts.payer ? { payer: opts.payer } : {}),
        devolucoes: [],
      };
      pixes.set(pix.endToEndId, pix);
      charge.pix.push(pix.endToEndId);
      charge.status = "CONCLUIDA";
      const callback = await notify(pix.chave, [pixView(pix)]);
      return { pix: pixView(pix), callback };
    },
    failNext(pathPrefix, n, status = 503, opts = {}) {
      if (!Number.isInteger(n) || n < 1) throw new SimulatorError(400, "n must be a positive integer");
      if (!Number.isInteger(status) || status < 400 || status > 599) throw new SimulatorError(400, "status must be 4xx or 5xx");
      failRules.push({ prefix: pathPrefix, remaining: n, status, afterProcessing: opts.afterProcessing === true, retryAfterSeconds: opts.retryAfterSeconds });
    },
    dropNextCallback(n = 1) {
      dropCallbacks += n;
    },
    async settleRefund(e2eid, id, outcome, motivo) {
      const pix = pixes.get(e2eid);
      const devolucao = pix?.devolucoes.find((d) => d.id === id);
      if (!pix || !devolucao) throw new SimulatorError(404, `no devolução ${id} of Pix ${e2eid}`);
      if (devolucao.status !== "EM_PROCESSAMENTO") throw new SimulatorError(409, `devolução ${id} is already ${devolucao.status}`);
      if (outcome !== "DEVOLVIDO" && outcome !== "NAO_REALIZADO") throw new SimulatorError(400, "outcome is DEVOLVIDO or NAO_REALIZADO");
      devolucao.status = outcome;
      if (outcome === "DEVOLVIDO") devolucao.horario.liquidacao = new Date().toISOString();
      else devolucao.motivo = (motivo ?? "Devolução não realizada pelo PSP do pagador.").slice(0, 140);
      // The document: the callback also fires when a devolução reaches DEVOLVIDO or NAO_REALIZADO.
      const callback = await notify(pix.chave, [pixView(pix)]);
      return { devolucao: devolucaoView(devolucao), callback };
    },
    removeByPsp(txid) {
      const charge = charges.get(txid);
      if (!charge) throw new SimulatorError(404, `no charge with txid ${txid}`);
      if (charge.status !== "ATIVA") throw new SimulatorError(409, `charge ${txid} is ${charge.status}`);
      charge.status = "REMOVIDA_PELO_PSP";
      charge.revisao++;
      charge.revisions[charge.revisao] = chargeView(charge, false);
    },
    expireTokens() {
      for (const grant of tokens.values()) grant.expiresAt = 0;
    },
    received: () => structuredClone(received),
    callbacks: () => structuredClone(sent),
    bugs: () => [...bugs],
    automatico: {
      approveRec: automatico.approveRec,
      rejectRec: automatico.rejectRec,
      cancelRec: automatico.cancelRec,
      expireRec: automatico.expireRec,
      settleCobr: automatico.settleCobr,
      callbacks: automatico.callbacks,
    },
    reset() {
      automatico.reset();
      charges = new Map();
      pixes = new Map();
      webhooks = new Map();
      received = [];
      sent = [];
      failRules = [];
      dropCallbacks = 0;
    },
  };

  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const answer = (status: number, body: unknown) => void res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" }).end(JSON.stringify(body));
    try {
      const raw = await readBody(req);
      const body: Json = raw.length ? JSON.parse(raw.toString("utf8")) : {};
      const path = url.pathname.slice("/__sim".length);
      const post = req.method === "POST";
      let m: RegExpExecArray | null;
      if (post && (m = /^\/cob\/([^/]+)\/pay$/.exec(path))) return answer(200, await controlApi.pay(safeDecode(m[1]!), body));
      if (post && (m = /^\/cob\/([^/]+)\/remove$/.exec(path))) return answer(200, (controlApi.removeByPsp(safeDecode(m[1]!)), { ok: true }));
      if (post && (m = /^\/pix\/([^/]+)\/devolucao\/([^/]+)\/settle$/.exec(path))) return answer(200, await controlApi.settleRefund(safeDecode(m[1]!), safeDecode(m[2]!), body.status, body.motivo));
      if (post && (m = /^\/rec\/([^/]+)\/(approve|reject|cancel|expire)$/.exec(path))) {
        const idRec = safeDecode(m[1]!);
        const { approveRec, rejectRec, cancelRec, expireRec } = controlApi.automatico;
        return answer(200, await (m[2] === "approve" ? approveRec(idRec, body.journey) : m[2] === "reject" ? rejectRec(idRec) : m[2] === "cancel" ? cancelRec(idRec) : expireRec(idRec)));
      }
      if (post && (m = /^\/cobr\/([^/]+)\/settle$/.exec(path))) return answer(200, await controlApi.automatico.settleCobr(safeDecode(m[1]!), body.outcome));
      if (req.method === "GET" && path === "/automatico/callbacks") return answer(200, controlApi.automatico.callbacks());
      if (post && path === "/fail-next") return answer(200, (controlApi.failNext(String(body.path ?? "/"), body.count ?? 1, body.status, body), { ok: true }));
      if (post && path === "/drop-next-callback") return answer(200, (controlApi.dropNextCallback(body.count ?? 1), { ok: true }));
      if (post && path === "/tokens/expire") return answer(200, (controlApi.expireTokens(), { ok: true }));
      if (post && path === "/reset") return answer(200, (controlApi.reset(), { ok: true }));
      if (req.method === "GET" && path === "/received") return answer(200, controlApi.received());
      if (req.method === "GET" && path === "/callbacks") return answer(200, controlApi.callbacks());
      return answer(404, { error: `no control route ${req.method} ${url.pathname}` });
    } catch (error) {
      if (error instanceof SimulatorError) return answer(error.status, { error: error.message });
      if (error instanceof SyntaxError) return answer(400, { error: "the body is not JSON" });
      return answer(500, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  // ---- the server

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    onRequest(req, res).catch((error) => {
      bug(`unhandled: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  };
  const server: Server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key, ca: options.tls.ca, requestCert: true, rejectUnauthorized: true }, handler)
    : createHttpServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  locationHost = `127.0.0.1:${port}`;
  const origin = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;
  return {
    url: `${origin}/v2`,
    tokenUrl: `${origin}/v2/oauth/token`,
    controlUrl: `${origin}/__sim`,
    clientId,
    clientSecret,
    receiverKey,
    control: controlApi,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// helpers

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) return void req.destroy(new Error("body too large"));
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function bodyForRecord(raw: Buffer, contentType: string): unknown {
  if (!raw.length) return undefined;
  const text = raw.toString("utf8");
  if (/x-www-form-urlencoded/i.test(contentType)) {
    const form = Object.fromEntries(new URLSearchParams(text));
    if ("client_secret" in form) form.client_secret = "[redacted]";
    return form;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** JSON with sorted keys: two bodies that say the same thing compare equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
}

function toCents(valor: string): number {
  return Number(String(valor).replace(".", ""));
}

/** Today in Brasília (UTC-3, no daylight saving since 2019), "YYYY-MM-DD". */
function todayInBrazil(): string {
  return new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
}

/** An end-to-end id (E…) or a return id (D…): letter, ISPB, yyyyMMddHHmm (UTC), 11 alphanumerics = 32. */
function endToEnd(letter: "E" | "D", ispb: string): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 12);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const tail = [...randomBytes(11)].map((b) => alphabet[b % alphabet.length]).join("");
  return `${letter}${ispb}${stamp}${tail}`;
}
