/**
 * How the simulator shows a sale, in Cielo's answer shapes: the whole sale (the 201 of
 * `POST /1/sales/` and `GET /1/sales/{PaymentId}`), the short answer of a capture or void, an entry
 * of `GET /1/sales?merchantOrderId=`, with the Links Cielo puts on each. Dates as Cielo writes them,
 * in Brasília; card numbers masked.
 */
import type { SimSale } from "./sales";

/** "455187******0183": the first six and last four digits, as Cielo's answers show a card. */
export function maskPan(pan: string): string {
  return pan.length < 11 ? "*".repeat(pan.length) : `${pan.slice(0, 6)}${"*".repeat(pan.length - 10)}${pan.slice(-4)}`;
}

/** "YYYY-MM-DD HH:mm:ss" in Brasília (UTC-3, no daylight saving since 2019), as Cielo writes dates. */
export function brasilia(date: Date): string {
  return new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** The views, with `origins` for the Links (self on the query host; capture and void on the transaction host). */
export function createViews(origins: { api: string; query: string }) {
  function links(sale: SimSale) {
    const list = [{ Method: "GET", Rel: "self", Href: `${origins.query}/1/sales/${sale.paymentId}` }];
    if (sale.status === 1) list.push({ Method: "PUT", Rel: "capture", Href: `${origins.api}/1/sales/${sale.paymentId}/capture` });
    if (sale.status === 1 || sale.status === 2) list.push({ Method: "PUT", Rel: "void", Href: `${origins.api}/1/sales/${sale.paymentId}/void` });
    return list;
  }

  return {
    /** The whole sale: the request echoed (card masked, no security code) and what Cielo adds. */
    sale(sale: SimSale) {
      return {
        MerchantOrderId: sale.merchantOrderId,
        Customer: sale.request.Customer,
        Payment: {
          ...sale.request.Payment,
          PaymentId: sale.paymentId,
          Tid: sale.tid,
          ProofOfSale: sale.proofOfSale,
          ...(sale.authorizationCode && { AuthorizationCode: sale.authorizationCode }),
          Provider: "Simulado",
          Status: sale.status,
          ReturnCode: sale.returnCode,
          ReturnMessage: sale.returnMessage,
          ReceivedDate: brasilia(sale.receivedAt),
          ...(sale.capturedAt && { CapturedAmount: sale.capturedAmount, CapturedDate: brasilia(sale.capturedAt) }),
          ...(sale.voidedAt && { VoidedAmount: sale.voidedAmount, VoidedDate: brasilia(sale.voidedAt) }),
          Links: links(sale),
        },
      };
    },
    /** The short answer of a capture or void: status, ids and links. */
    operation(sale: SimSale) {
      return { Status: sale.status, Tid: sale.tid, ProofOfSale: sale.proofOfSale, AuthorizationCode: sale.authorizationCode ?? undefined, Links: links(sale) };
    },
    /** An entry of `GET /1/sales?merchantOrderId=` (Cielo spells it ReceveidDate). */
    orderEntry(sale: SimSale) {
      return { PaymentId: sale.paymentId, ReceveidDate: brasilia(sale.receivedAt).replace(" ", "T") };
    },
  };
}
