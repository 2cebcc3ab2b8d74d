/**
 * The API Pix connector: the PixPsp port (worker/lib/acquirer.ts) over the Banco Central's API
 * Pix 2.9.0, which every PSP in the PIX arrangement exposes to its receivers. One client per PSP
 * account: its base URL, OAuth2 client and the host's mTLS transport.
 *
 * Retries are safe because every id is the gateway's: a charge's txid and a devolução's id are
 * derived from the transaction and the refund (txid.ts). A second PUT of an id the PSP already
 * holds is refused by some PSPs (400) and taken as a revision by others; either way the connector
 * reads the object back and answers it when it is the one asked for, so a retry after a lost
 * answer yields the charge the first attempt made, never a second one.
 */
import { PspRejectedError, type PixChargeRequest, type PixPsp, type PspPixCharge, type PspPixPayment, type PspRefund } from "../../lib/acquirer";
import { asPortErrors, callApi, failOn, jsonOf, pathOf, type ApiAnswer, type ApiOptions } from "./api";
import { chargeBody, chargeFromAnswer, chargeKeyOf, InvalidRequestError, MalformedAnswerError, refundFromAnswer, toDecimal } from "./mapping";
import { createAccessTokens } from "./oauth";
import { listReceived } from "./received";
import { devolucaoIdFor, TXID_PATTERN } from "./txid";
import type { PspLog, PspTransport } from "../http/exchange";

/** The connector's settings (config.ts reads them from the environment). */
export interface BcbPixClientConfig {
  /** The API Pix base URL, e.g. `https://pix.example-psp.com.br/v2` (a trailing slash is dropped). */
  baseUrl: string;
  /** The OAuth2 token URL (client credentials). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The host's way out, with the client certificate (worker/node/psp-transport.ts, worker/cloudflare/psp-transport.ts). */
  transport: PspTransport;
  /** Each HTTP exchange's timeout; default 10 000 ms. */
  timeoutMs?: number;
  /** One line per exchange (Platform.log): method, host, path, status, duration, request id. */
  log?: PspLog;
  /** The port's `name`, in logs and records; default `bcb-pix`. */
  name?: string;
  /** OAuth2 scopes to ask for, when the PSP wants them named (space-separated). */
  scope?: string;
  /** Page size of `GET /pix` (paginacao.itensPorPagina, 1-1000); default 100, the document's. */
  pageSize?: number;
  /** The clock of the token cache, in ms; tests move it. Default Date.now. */
  now?: () => number;
}

const REMOVED = new Set<PspPixCharge["status"]>(["REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"]);
/** Statuses that say "there is none": 404 NaoEncontrado, and 410 PermanentementeRemovido. */
const NONE = new Set([404, 410]);
/** Statuses a PUT of an id already used may answer (400 in the document; 409 by some PSPs). */
const ALREADY_THERE = new Set([400, 409]);

/** Builds the connector over `config`. */
export function createBcbPixPsp(config: BcbPixClientConfig): PixPsp {
  const name = config.name ?? "bcb-pix";
  const exchangeOptions = { transport: config.transport, timeoutMs: config.timeoutMs ?? 10_000, log: config.log, name };
  const tokens = createAccessTokens({ ...exchangeOptions, tokenUrl: config.tokenUrl, clientId: config.clientId, clientSecret: config.clientSecret, scope: config.scope, now: config.now });
  const api: ApiOptions = { ...exchangeOptions, baseUrl: config.baseUrl.replace(/\/+$/, ""), tokens };
  const guarded = <T>(work: () => Promise<T>) => asPortErrors(work, config.log, name);

  /** The charge `txid` with its raw answer's key, or null when the PSP has none. */
  const readCharge = async (txid: string, kind: "cob" | "cobv") => {
    const answer = await callApi(api, "GET", pathOf(kind, checkTxid(txid)));
    if (NONE.has(answer.status)) return null;
    failOn(answer);
    const body = jsonOf(answer);
    return { charge: chargeFromAnswer(body), key: chargeKeyOf(body) };
  };

  const readRefund = async (endToEndId: string, id: string): Promise<PspRefund | null> => {
    const answer = await callApi(api, "GET", pathOf("pix", checkEndToEndId(endToEndId), "devolucao", id));
    if (NONE.has(answer.status)) return null;
    failOn(answer);
    return refundFromAnswer(jsonOf(answer), endToEndId);
  };

  return {
    name,

    createCharge: (charge: PixChargeRequest) =>
      guarded(async () => {
        const kind = charge.due ? "cobv" : "cob";
        const answer = await callApi(api, "PUT", pathOf(kind, checkTxid(charge.txid)), chargeBody(charge));
        if (answer.status < 300) return chargeFromAnswer(jsonOf(answer));
        if (!ALREADY_THERE.has(answer.status)) throw failure(answer);
        // Refused: possibly because an earlier attempt, whose answer was lost, created it. The
        // charge there is ours when it asks the same amount of the same key.
        const found = await readCharge(charge.txid, kind);
        if (!found) throw failure(answer);
        if (found.charge.amount !== charge.amount || found.key !== charge.receiverKey) {
          throw new PspRejectedError(answer.status, "txid already used", `the PSP holds a different ${kind} under this txid (amount or key differ)`);
        }
        return found.charge;
      }),

    getCharge: (txid, kind = "cob") => guarded(async () => (await readCharge(txid, kind))?.charge ?? null),

    removeCharge: (txid, kind = "cob") =>
      guarded(async () => {
        const answer = await callApi(api, "PATCH", pathOf(kind, checkTxid(txid)), { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
        // None there: nothing to remove (an earlier attempt's create never reached the PSP).
        if (answer.status < 300 || NONE.has(answer.status)) return;
        if (answer.status !== 400) throw failure(answer);
        // 400: the charge is no longer ATIVA. Removed already is what was asked; paid is not.
        const found = await readCharge(txid, kind);
        if (!found || REMOVED.has(found.charge.status)) return;
        throw new PspRejectedError(400, "Charge not removable", `the ${kind} is ${found.charge.status}: only an ATIVA charge can be removed`);
      }),

    refund: (endToEndId, refundId, amount) =>
      guarded(async () => {
        if (!Number.isSafeInteger(amount) || amount <= 0) throw new InvalidRequestError("a devolução's amount must be positive");
        const id = devolucaoIdFor(refundId);
        const answer = await callApi(api, "PUT", pathOf("pix", checkEndToEndId(endToEndId), "devolucao", id), { valor: toDecimal(amount) });
        if (answer.status < 300) return refundFromAnswer(jsonOf(answer), endToEndId);
        if (!ALREADY_THERE.has(answer.status)) throw failure(answer);
        // As for a charge: an id already used names the devolução an earlier attempt asked for.
        const found = await readRefund(endToEndId, id);
        if (!found) throw failure(answer);
        if (found.amount !== amount) throw new PspRejectedError(answer.status, "Devolução id already used", "the PSP holds a devolução of another amount under this id");
        return found;
      }),

    getRefund: (endToEndId, refundId) =>
      guarded(async () => {
        const found = await readRefund(endToEndId, devolucaoIdFor(refundId));
        if (!found) throw new PspRejectedError(404, "Devolução not found", "the PSP has no devolução under this id for this PIX");
        return found;
      }),

    listReceived: (from, to): Promise<PspPixPayment[]> => guarded(() => listReceived(api, from, to, config.pageSize ?? 100)),

    registerWebhook: (receiverKey, url) =>
      guarded(async () => {
        failOn(await callApi(api, "PUT", pathOf("webhook", receiverKey), { webhookUrl: url }));
      }),

    getWebhook: (receiverKey) =>
      guarded(async () => {
        const answer = await callApi(api, "GET", pathOf("webhook", receiverKey));
        if (NONE.has(answer.status)) return null;
        failOn(answer);
        const webhookUrl = (jsonOf(answer) as { webhookUrl?: unknown } | null)?.webhookUrl;
        if (typeof webhookUrl !== "string") throw new MalformedAnswerError("a webhook has no webhookUrl");
        return webhookUrl;
      }),
  };
}

/** The error `answer` stands for (it is known to be 400 or more, or a redirect). */
function failure(answer: ApiAnswer): Error {
  try {
    failOn(answer);
  } catch (err) {
    return err as Error;
  }
  return new PspRejectedError(answer.status, `HTTP ${answer.status}`, `${answer.call} was not accepted`);
}

function checkTxid(txid: string): string {
  if (!TXID_PATTERN.test(txid)) throw new InvalidRequestError("a txid is 26 to 35 letters and digits (txidFor makes one)");
  return txid;
}

function checkEndToEndId(endToEndId: string): string {
  if (!/^[a-zA-Z0-9]{32}$/.test(endToEndId)) throw new InvalidRequestError("an end-to-end id is 32 letters and digits");
  return endToEndId;
}

// Re-exported so that one import names the connector: the ids the domain derives for it.
export { devolucaoIdFor, txidFor } from "./txid";
