/**
 * A Cielo sale as its answers carry it (the 201 of `POST /1/sales/` and the query host's
 * `GET /1/sales/{PaymentId}` share the shape: `MerchantOrderId` and a `Payment`), and the two
 * reads the connector makes of it: by PaymentId, and by the order id the gateway sent.
 */
import { callCielo, CieloRejectedError, CieloUnavailableError, errorCodesOf, isConfigurationProblem, isInconclusive, logConfigurationProblem, type CieloApiOptions } from "./api";

/** Cielo's Payment.Status (API E-commerce 3.0, "Transactional status"). */
export const SALE_STATUS = {
  NotFinished: 0,
  Authorized: 1,
  PaymentConfirmed: 2,
  Denied: 3,
  Voided: 10,
  Refunded: 11,
  Pending: 12,
  Aborted: 13,
} as const;

/** What the gateway reads of a Cielo sale; amounts in centavos. */
export interface CieloSale {
  paymentId: string;
  merchantOrderId: string | null;
  status: number;
  returnCode: string | null;
  returnMessage: string | null;
  authorizationCode: string | null;
  tid: string | null;
  proofOfSale: string | null;
  amount: number;
  capturedAmount: number;
  /** The sum of every void and partial void so far (Payment.VoidedAmount). */
  voidedAmount: number;
  receivedDate: string | null;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_ID = /^[A-Za-z0-9]{1,50}$/;
/** How many sales of one order id are read at most (an order id repeats only on retries). */
const MAX_SALES_PER_ORDER = 10;

/** The sale in a Cielo answer body, or null when the body is not one (no PaymentId or Status). */
export function saleOf(json: unknown): CieloSale | null {
  const root = json as { MerchantOrderId?: unknown; Payment?: Record<string, unknown> } | null;
  const p = root?.Payment;
  if (!p || typeof p !== "object" || typeof p.PaymentId !== "string" || !Number.isInteger(p.Status)) return null;
  const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);
  const cents = (v: unknown) => (Number.isSafeInteger(v) ? (v as number) : 0);
  return {
    paymentId: p.PaymentId,
    merchantOrderId: text(root.MerchantOrderId),
    status: p.Status as number,
    returnCode: text(p.ReturnCode)?.trim() ?? null,
    returnMessage: text(p.ReturnMessage),
    authorizationCode: text(p.AuthorizationCode),
    tid: text(p.Tid),
    proofOfSale: text(p.ProofOfSale),
    amount: cents(p.Amount),
    capturedAmount: cents(p.CapturedAmount),
    voidedAmount: cents(p.VoidedAmount),
    receivedDate: text(p.ReceivedDate),
  };
}

/**
 * `GET /1/sales/{PaymentId}` on the query host: the sale, or null when Cielo has none (404, or an
 * id that is no GUID). Throws CieloUnavailableError when nothing can be told (network, timeout,
 * 5xx, an answer that is not a sale) and CieloRejectedError when Cielo refuses the call.
 */
export async function readSale(api: CieloApiOptions, paymentId: string): Promise<CieloSale | null> {
  if (!GUID.test(paymentId)) return null;
  const answer = await callCielo(api, "GET", "query", `/1/sales/${paymentId}`);
  if (answer.status === 404) return null;
  refuseUnlessOk(api, answer, "GET /1/sales/{PaymentId}");
  const sale = saleOf(answer.json);
  if (!sale) throw new CieloUnavailableError(`Cielo's answer to GET /1/sales/{PaymentId} is not a sale (request ${answer.requestId})`);
  return sale;
}

/**
 * The sale Cielo holds under `orderId` (`GET /1/sales?merchantOrderId=`, then each by PaymentId,
 * newest first): the newest that was authorized (Status 1, 2, 10 or 11) if any, else the newest.
 * Null when there is none. Errors as readSale's.
 */
export async function findSaleByOrder(api: CieloApiOptions, orderId: string): Promise<CieloSale | null> {
  if (!ORDER_ID.test(orderId)) return null;
  const answer = await callCielo(api, "GET", "query", "/1/sales", { query: { merchantOrderId: orderId } });
  if (answer.status === 404) return null;
  refuseUnlessOk(api, answer, "GET /1/sales?merchantOrderId");
  const list = (answer.json as { Payment?: unknown } | undefined)?.Payment;
  if (!Array.isArray(list)) throw new CieloUnavailableError(`Cielo's answer to GET /1/sales?merchantOrderId has no Payment list (request ${answer.requestId})`);
  // "ReceveidDate" is Cielo's spelling; ISO-like text sorts by time.
  const ids = list
    .filter((e): e is { PaymentId: string; ReceveidDate?: unknown } => typeof e?.PaymentId === "string")
    .sort((a, b) => String(b.ReceveidDate ?? "").localeCompare(String(a.ReceveidDate ?? "")))
    .slice(0, MAX_SALES_PER_ORDER)
    .map((e) => e.PaymentId);
  let newest: CieloSale | null = null;
  for (const id of ids) {
    const sale = await readSale(api, id);
    if (!sale) continue;
    if (wasAuthorized(sale)) return sale;
    newest ??= sale;
  }
  return newest;
}

/** A sale that was authorized at some point (it may have been voided since). */
export function wasAuthorized(sale: CieloSale): boolean {
  return ([SALE_STATUS.Authorized, SALE_STATUS.PaymentConfirmed, SALE_STATUS.Voided, SALE_STATUS.Refunded] as number[]).includes(sale.status);
}

/** Throws the error an answer other than 200 stands for. */
function refuseUnlessOk(api: CieloApiOptions, answer: Awaited<ReturnType<typeof callCielo>>, call: string): void {
  if (answer.status === 200) return;
  if (isInconclusive(answer)) throw new CieloUnavailableError(`${call}: Cielo answered ${answer.status} (request ${answer.requestId})`);
  if (isConfigurationProblem(answer)) logConfigurationProblem(api, answer, call);
  throw new CieloRejectedError(answer.status, errorCodesOf(answer));
}
