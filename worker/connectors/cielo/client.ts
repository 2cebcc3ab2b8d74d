/**
 * The Cielo connector: the card acquirer port (worker/lib/acquirer.ts) over Cielo's API
 * E-commerce 3.0, one client per Cielo merchant (MerchantId, MerchantKey), through the host's
 * transport. Sales go to the transaction host, reads to the query host.
 *
 * A sale is never sent twice. Cielo has no idempotency key and lets a MerchantOrderId repeat, so
 * when a sale's answer is lost (network failure, timeout, 5xx, an unreadable 2xx) the connector
 * asks the query host for the order id instead: no sale there is UNAVAILABLE (known not
 * authorized: routing may try the other acquirer); a sale there is its outcome; the query failing
 * too is UNKNOWN (routing must not fail over, or the buyer could pay twice).
 */
import type { CardAcquirer, CardSale, SaleOutcome } from "../../lib/acquirer";
import { orderIdOf } from "../../lib/acquirer";
import type { ConnectorLog, ConnectorTransport } from "../http/exchange";
import { callCielo, CieloRejectedError, CieloUnavailableError, errorCodesOf, isConfigurationProblem, isInconclusive, logConfigurationProblem, type CieloAnswer, type CieloApiOptions } from "./api";
import { concludeCieloRefund } from "./refund";
import { outcomeOfSale } from "./sale-outcome";
import { saleRequestOf } from "./sale-request";
import { findSaleByOrder, readSale, saleOf, type CieloSale } from "./sales";

/** The connector's settings (config.ts reads them from the environment). */
export interface CieloClientConfig {
  /** The transaction host, e.g. https://api.cieloecommerce.cielo.com.br (a trailing slash is dropped). */
  apiUrl: string;
  /** The query host, e.g. https://apiquery.cieloecommerce.cielo.com.br. */
  queryUrl: string;
  /** The merchant's MerchantId (a GUID) and MerchantKey. */
  merchantId: string;
  merchantKey: string;
  /**
   * Payment.ReturnUrl, which Cielo requires whenever Authenticate is true. The authentication
   * already happened at Cybersource, so no buyer is ever sent there; config.ts uses
   * CIELO_RETURN_URL, else the gateway's PUBLIC_BASE_URL.
   */
  returnUrl: string;
  /** The host's way out (tests: fetch). */
  transport: ConnectorTransport;
  /** Each HTTP exchange's timeout; default 10 000 ms. */
  timeoutMs?: number;
  log?: ConnectorLog;
  /** The port's `name`, in logs and records; default `cielo`. */
  name?: string;
  /**
   * After a sale's request failed at the network or timed out, how long to wait before asking the
   * query host, so that a sale Cielo was still authorizing is there to be found; default 1 500 ms.
   * Not applied after an answer (a 5xx came back: Cielo was done with the request).
   */
  lookupDelayMs?: number;
}

/** The port, plus the reads the gateway's notification route and checks need. */
export interface CieloAcquirer extends CardAcquirer {
  /** `GET /1/sales/{PaymentId}`: the sale, or null when Cielo has none. Throws CieloUnavailableError or CieloRejectedError. */
  getSale(paymentId: string): Promise<CieloSale | null>;
  /** The sale of an order id (`orderIdOf(transactionId)`), or null. Errors as getSale's. */
  findSaleByOrder(orderId: string): Promise<CieloSale | null>;
}

/** Builds the connector over `config`. */
export function createCieloAcquirer(config: CieloClientConfig): CieloAcquirer {
  const api: CieloApiOptions = {
    apiUrl: config.apiUrl.replace(/\/+$/, ""),
    queryUrl: config.queryUrl.replace(/\/+$/, ""),
    merchantId: config.merchantId,
    merchantKey: config.merchantKey,
    transport: config.transport,
    timeoutMs: config.timeoutMs ?? 10_000,
    log: config.log,
    name: config.name ?? "cielo",
  };
  const lookupDelayMs = config.lookupDelayMs ?? 1_500;

  /** The outcome of the sale Cielo holds for an order, when the sale's own answer was lost. */
  const lookUp = async (orderId: string, brand: string, why: string): Promise<SaleOutcome> => {
    let outcome: SaleOutcome;
    try {
      const sale = await findSaleByOrder(api, orderId);
      outcome = sale ? settled(outcomeOfSale(sale, brand)) : { status: "UNAVAILABLE" };
    } catch (err) {
      if (!(err instanceof CieloUnavailableError || err instanceof CieloRejectedError)) throw err;
      outcome = { status: "UNKNOWN" };
    }
    api.log?.({ msg: "acquirer.sale_lookup", level: outcome.status === "UNKNOWN" ? "error" : "warn", acquirer: api.name, orderId, why, outcome: outcome.status });
    return outcome;
  };

  /** The outcome of a sale Cielo answered; NotFinished or Pending is read once more by its id. */
  const outcomeOfAnswered = async (sale: CieloSale, brand: string): Promise<SaleOutcome> => {
    const outcome = outcomeOfSale(sale, brand);
    if (outcome !== "pending") return outcome;
    try {
      const again = await readSale(api, sale.paymentId);
      return settled(again ? outcomeOfSale(again, brand) : "pending");
    } catch (err) {
      if (!(err instanceof CieloUnavailableError || err instanceof CieloRejectedError)) throw err;
      return { status: "UNKNOWN" };
    }
  };

  /** The outcome of an answer to the sale's POST. */
  const outcomeOfAnswer = async (answer: CieloAnswer, orderId: string, brand: string): Promise<SaleOutcome> => {
    if (answer.status === 200 || answer.status === 201) {
      const sale = saleOf(answer.json);
      return sale ? outcomeOfAnswered(sale, brand) : lookUp(orderId, brand, "unreadable answer");
    }
    if (isInconclusive(answer)) return lookUp(orderId, brand, `HTTP ${answer.status}`);
    if (isConfigurationProblem(answer)) {
      logConfigurationProblem(api, answer, "POST /1/sales/");
      return { status: "UNAVAILABLE" };
    }
    const codes = errorCodesOf(answer);
    // 302, "MerchantOrderId is duplicated": an earlier attempt of this very sale reached Cielo.
    if (codes.includes(302)) return lookUp(orderId, brand, "duplicated MerchantOrderId");
    if (answer.status === 400) {
      // The request broke one of Cielo's rules: the codes, never a field's value.
      api.log?.({ msg: "acquirer.sale_rejected", level: "error", acquirer: api.name, orderId, codes, requestId: answer.requestId });
      return { status: "DECLINED", code: "processing_error", message: `Cielo rejected the request (errors ${codes.join(", ") || "unnamed"}).`, hard: false };
    }
    // 404, 405, 415…: the URL or the connector is wrong; Cielo processed nothing.
    logConfigurationProblem(api, answer, "POST /1/sales/");
    return { status: "UNAVAILABLE" };
  };

  return {
    name: api.name,

    async authorize(sale: CardSale): Promise<SaleOutcome> {
      const request = saleRequestOf(sale, config.returnUrl);
      const orderId = orderIdOf(sale.transactionId);
      if ("outcome" in request) {
        api.log?.({ msg: "acquirer.sale_not_sent", level: "warn", acquirer: api.name, orderId, reason: request.reason });
        return request.outcome;
      }
      let answer: CieloAnswer;
      try {
        answer = await callCielo(api, "POST", "api", "/1/sales/", { body: request.body });
      } catch (err) {
        if (!(err instanceof CieloUnavailableError)) throw err;
        if (lookupDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, lookupDelayMs));
        return lookUp(orderId, sale.brand, "no answer");
      }
      return outcomeOfAnswer(answer, orderId, sale.brand);
    },

    concludeRefund: (refund) => concludeCieloRefund(api, refund),

    getSale: (paymentId) => readSale(api, paymentId),

    findSaleByOrder: (orderId) => findSaleByOrder(api, orderId),
  };
}

/** A status that still says nothing after a second look: the outcome cannot be told. */
function settled(outcome: SaleOutcome | "pending"): SaleOutcome {
  return outcome === "pending" ? { status: "UNKNOWN" } : outcome;
}

export { CieloRejectedError, CieloUnavailableError } from "./api";
export type { CieloSale } from "./sales";
