/**
 * The Rede e.Rede card acquirer: the CardAcquirer port (worker/lib/acquirer.ts) over e.Rede's REST
 * API (card-connectors.md §3). A sale is authorized and captured in one `POST /transactions`,
 * under a reference derived from the transaction (mapping.ts), so whatever happens to an answer
 * a query by that reference tells what Rede did:
 *
 * - the answer is lost (timeout, 5xx): the query finds the sale (its outcome is answered) or finds
 *   none (UNAVAILABLE: another acquirer may be tried); the query failing too is UNKNOWN;
 * - Rede says 122, a sale already sent under this reference (a retry of one whose answer was
 *   lost): the query answers what that first sale got.
 *
 * Refunds live in refunds.ts. Rede answers in its own words; the gateway's codes are mapping.ts's.
 */
import type { CardAcquirer, CardSale, SaleOutcome } from "../../lib/acquirer";
import type { ConnectorLog, ConnectorTransport } from "../http/exchange";
import { createAccessTokens } from "../bcb-pix/oauth";
import { callRede, RedeAuthError, RedeUnavailableError, type RedeApiOptions } from "./api";
import { declineOf, invalidSale, meaningOf, redeReferenceOf, saleBody, scrubMessage } from "./mapping";
import { concludeRedeRefund } from "./refunds";
import { MalformedRedeAnswerError, transactionOf, type RedeTransaction } from "./transaction";

/** The connector's settings (config.ts reads them from the environment). */
export interface RedeClientConfig {
  /** The API base with its version: `https://api.userede.com.br/erede/v1` (a trailing slash is dropped). */
  apiUrl: string;
  /** The affiliation number (PV, filiação). */
  pv: string;
  /** The integration key (chave de integração). */
  integrationKey: string;
  /** Set: OAuth2 client credentials (client id = PV, secret = key) at this URL. Unset: HTTP Basic PV:key. */
  tokenUrl?: string;
  /** The host's way out (fetch's shape). */
  transport: ConnectorTransport;
  /** Each exchange's timeout; default 10 000 ms. */
  timeoutMs?: number;
  /** One line per exchange (Platform.log), and the connector's own warnings. */
  log?: ConnectorLog;
  /** The port's `name`, in logs and records; default `rede`. */
  name?: string;
  /** The token cache's clock in ms (tests move it); default Date.now. */
  now?: () => number;
}

/** The Rede acquirer, with the lookups an operator (or a reconciliation) needs. */
export interface RedeAcquirer extends CardAcquirer {
  /** The sale Rede holds under `tid`, or null when none. Throws RedeUnavailableError or RedeAuthError. */
  getTransaction(tid: string): Promise<RedeTransaction | null>;
  /** The sale Rede holds under `reference` (redeReferenceOf), or null when none. Same errors. */
  findByReference(reference: string): Promise<RedeTransaction | null>;
}

/** Builds the connector over `config`. */
export function createRedeAcquirer(config: RedeClientConfig): RedeAcquirer {
  const name = config.name ?? "rede";
  const exchangeOptions = {
    transport: config.transport,
    timeoutMs: config.timeoutMs ?? 10_000,
    log: config.log,
    name,
    logAs: { msg: "acquirer.request", field: "acquirer" },
  };
  const tokens = config.tokenUrl
    ? createAccessTokens({ ...exchangeOptions, tokenUrl: config.tokenUrl, clientId: config.pv, clientSecret: config.integrationKey, now: config.now })
    : null;
  const api: RedeApiOptions = { ...exchangeOptions, apiUrl: config.apiUrl.replace(/\/+$/, ""), pv: config.pv, integrationKey: config.integrationKey, tokens };
  const warn = (msg: string, fields: Record<string, unknown>) => config.log?.({ msg, level: "error", acquirer: name, ...fields });

  /** A transaction by path; 404 is none. An answer off the documented shape is RedeUnavailableError. */
  const read = async (path: string): Promise<RedeTransaction | null> => {
    const answer = await callRede(api, "GET", path);
    if (answer.status === 404) return null;
    try {
      if (answer.status !== 200) throw new MalformedRedeAnswerError(`answered ${answer.status} (returnCode ${answer.returnCode || "none"})`);
      return transactionOf(answer.body);
    } catch (err) {
      if (!(err instanceof MalformedRedeAnswerError)) throw err;
      warn("rede.malformed_answer", { call: answer.call, status: answer.status, error: err.message });
      throw new RedeUnavailableError(`${answer.call}: ${err.message} (request ${answer.requestId})`, true);
    }
  };
  const getTransaction = (tid: string) => read(`/transactions/${encodeURIComponent(tid)}`);
  const findByReference = (reference: string) => read(`/transactions?${new URLSearchParams({ reference })}`);

  /**
   * What Rede did with `sale`, read back by its reference. `previouslySent`: Rede said 122, so a
   * sale under this reference exists and ours was not made now; otherwise its answer was lost.
   */
  const settleByReference = async (sale: CardSale, reference: string, previouslySent: boolean): Promise<SaleOutcome> => {
    let found: RedeTransaction | null;
    try {
      found = await findByReference(reference);
    } catch {
      return { status: "UNKNOWN" };
    }
    // None after a lost answer: the POST never created it. None after a 122 cannot be read.
    if (!found) return previouslySent ? { status: "UNKNOWN" } : { status: "UNAVAILABLE" };
    if (found.amount !== sale.amount || (found.last4 !== null && found.last4 !== sale.pan.slice(-4))) {
      // Another sale holds this reference (two transaction ids sharing 16 hex digits). After a
      // 122 ours was refused, so it is known not authorized; after a lost answer nothing is known.
      warn("rede.reference_collision", { tid: found.tid });
      return previouslySent ? { status: "UNAVAILABLE" } : { status: "UNKNOWN" };
    }
    if (found.status === "Approved") return { status: "APPROVED", authorizationCode: found.authorizationCode ?? "", reference: found.tid };
    if (found.status === "Denied") return declineOf(found.returnCode, found.tid);
    return { status: "UNKNOWN" };
  };

  return {
    name,
    getTransaction,
    findByReference,

    async authorize(sale) {
      if (sale.currency !== "BRL") {
        warn("rede.currency_unsupported", { currency: sale.currency });
        return { status: "UNAVAILABLE" };
      }
      const reference = redeReferenceOf(sale.transactionId);
      let answer;
      try {
        answer = await callRede(api, "POST", "/transactions", saleBody(sale, reference));
      } catch (err) {
        if (err instanceof RedeAuthError) return { status: "UNAVAILABLE" };
        if (err instanceof RedeUnavailableError) return err.sent ? settleByReference(sale, reference, false) : { status: "UNAVAILABLE" };
        throw err;
      }
      const tid = typeof answer.body.tid === "string" ? answer.body.tid : null;
      const meaning = meaningOf(answer.returnCode);
      if (meaning === "approved" && answer.status < 300 && tid) {
        const code = answer.body.authorizationCode ?? (answer.body.brand as { authorizationCode?: unknown } | undefined)?.authorizationCode;
        return { status: "APPROVED", authorizationCode: typeof code === "string" ? code : "", reference: tid };
      }
      // "00" without a tid, or with an error status: read back what Rede holds.
      if (meaning === "approved") return settleByReference(sale, reference, false);
      if (meaning === "previously_sent") return settleByReference(sale, reference, true);
      if (meaning === "declined") return declineOf(answer.returnCode, tid);
      if (answer.returnCode) {
        // A field Rede did not accept (400, small codes), or an answer of another flow (220: Rede's
        // own 3DS, never asked for): the sale was not authorized, and it is not the card's fault.
        const msg = meaning === "invalid" && answer.status === 400 ? "rede.sale_refused" : "rede.unexpected_answer";
        warn(msg, { status: answer.status, returnCode: answer.returnCode, returnMessage: scrubMessage(answer.body.returnMessage) });
        return invalidSale();
      }
      if (answer.status >= 300) {
        // Not an e.Rede answer (a wrong REDE_API_URL's 404, a redirect): nothing was processed.
        warn("rede.unexpected_answer", { call: answer.call, status: answer.status });
        return { status: "UNAVAILABLE" };
      }
      // A 2xx without a returnCode says nothing: read back what Rede holds.
      return settleByReference(sale, reference, false);
    },

    concludeRefund: (refund) => concludeRedeRefund({ api, findByReference, warn }, refund),
  };
}

export { redeReferenceOf } from "./mapping";
export { RedeAuthError, RedeUnavailableError } from "./api";
export type { RedeRefund, RedeTransaction } from "./transaction";
