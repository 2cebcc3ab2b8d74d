/**
 * The Rede simulator's records and the shapes e.Rede answers them in (card-connectors.md §3.2,
 * §3.5, §3.6): the authorization's flat answer, the query's nested one (`authorization`,
 * `capture`, `refunds`), the refund list, and the masked views the control API shows.
 */
import { randomInt } from "node:crypto";
import { MESSAGES } from "./rules";

/** One sale as the simulator holds it. The PAN is kept only as BIN and last 4; the CVV never. */
export interface SimSale {
  tid: string;
  reference: string;
  amount: number;
  installments: number;
  kind: "credit" | "debit";
  status: "Approved" | "Denied" | "Pending";
  returnCode: string;
  nsu: string;
  authorizationCode: string | null;
  cardBin: string;
  last4: string;
  /** The PAN's length, for its masked view. */
  panLength: number;
  cardHolderName: string | null;
  subscription: boolean;
  storageCard: number | null;
  /** The 3DS block as received (cavv, eci, xid… are authentication results, not card data). */
  threeDSecure: Record<string, unknown> | null;
  dateTime: string;
  capture: { dateTime: string; nsu: string; amount: number } | null;
  refunds: SimRefund[];
}

/** One refund of a sale. */
export interface SimRefund {
  refundId: string;
  amount: number;
  status: "Done";
  refundDateTime: string;
  cancelId: string;
  nsu: string;
}

/** A run of random digits (tid: 20, nsu: 9, authorization code: 6). */
export function digits(n: number): string {
  return Array.from({ length: n }, () => String(randomInt(10))).join("");
}

/** Now in Brasília (UTC-3), as Rede writes it: "2025-06-02T13:15:39-03:00". */
export function brasiliaNow(): string {
  return `${new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
}

/** First 6 and last 4 digits: what may be shown of a PAN. */
export function maskPan(pan: string): string {
  return pan.length > 10 ? `${pan.slice(0, 6)}${"*".repeat(pan.length - 10)}${pan.slice(-4)}` : "*".repeat(pan.length);
}

function brandName(bin: string): string {
  if (/^3[47]/.test(bin)) return "American Express";
  if (/^(4011|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(bin)) return "Elo";
  if (/^4/.test(bin)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(bin)) return "Mastercard";
  return "Other";
}

/** The card brand's own answer, sent when asked for with `Transaction-Response: brand-return-opened`. */
function brandView(sale: SimSale): Record<string, unknown> {
  const approved = sale.status === "Approved";
  return {
    name: brandName(sale.cardBin),
    returnCode: approved ? "00" : sale.status === "Denied" ? "05" : "",
    returnMessage: approved ? "Success." : "Not authorized.",
    ...(approved && { brandTid: digits(15), authorizationCode: sale.authorizationCode }),
  };
}

function links(apiUrl: string, tid: string): Record<string, string>[] {
  return [
    { method: "GET", rel: "transaction", href: `${apiUrl}/transactions/${tid}` },
    { method: "POST", rel: "refund", href: `${apiUrl}/transactions/${tid}/refunds` },
  ];
}

/** The answer of `POST /v1/transactions` (§3.2), flat. */
export function authorizationAnswer(sale: SimSale, apiUrl: string, brandOpen: boolean): Record<string, unknown> {
  return {
    reference: sale.reference,
    tid: sale.tid,
    nsu: sale.nsu,
    dateTime: sale.dateTime,
    amount: sale.amount,
    cardBin: sale.cardBin,
    last4: sale.last4,
    ...(sale.authorizationCode && { authorizationCode: sale.authorizationCode }),
    ...(brandOpen && { brand: brandView(sale) }),
    returnCode: sale.returnCode,
    returnMessage: MESSAGES[sale.returnCode] ?? "",
    links: links(apiUrl, sale.tid),
  };
}

/** The answer of `GET /v1/transactions/{tid}` and `?reference=` (§3.6), nested. */
export function queryAnswer(sale: SimSale, apiUrl: string, brandOpen: boolean, pv: string): Record<string, unknown> {
  return {
    requestDateTime: brasiliaNow(),
    authorization: {
      dateTime: sale.dateTime,
      returnCode: sale.returnCode,
      returnMessage: MESSAGES[sale.returnCode] ?? "",
      affiliation: Number(pv),
      status: sale.status,
      reference: sale.reference,
      tid: sale.tid,
      nsu: sale.nsu,
      kind: sale.kind === "credit" ? "Credit" : "Debit",
      amount: sale.amount,
      installments: sale.installments,
      ...(sale.cardHolderName && { cardHolderName: sale.cardHolderName }),
      cardBin: sale.cardBin,
      last4: sale.last4,
      origin: 1,
      subscription: sale.subscription,
      ...(brandOpen && { brand: brandView(sale) }),
    },
    ...(sale.capture && { capture: sale.capture }),
    ...(sale.refunds.length > 0 && { refunds: refundList(sale) }),
    links: links(apiUrl, sale.tid),
  };
}

/** `refunds[]` as both the query and `GET /v1/transactions/{tid}/refunds` list them (§3.5). */
export function refundList(sale: SimSale): Record<string, unknown>[] {
  return sale.refunds.map(({ refundId, amount, status, refundDateTime }) => ({ refundId, amount, status, refundDateTime }));
}

/** What `GET /__sim/transactions` shows of a sale: everything kept, the card masked. */
export function controlView(sale: SimSale): Record<string, unknown> {
  const { panLength, ...rest } = sale;
  return { ...rest, cardNumber: `${sale.cardBin}${"*".repeat(panLength - 10)}${sale.last4}` };
}
