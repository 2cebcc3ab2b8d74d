/**
 * The acquirer port: what the gateway asks of whoever moves the money (a bank, a PSP, the
 * sandbox). Types only, below the Platform that carries the acquirers of each mode; the rules
 * that choose among them live in domain/acquirers/.
 */
import type { PixAutomaticoPsp } from "./pix-automatico";
import type { ThreeDsServer } from "./threeds-server";

/** A refund the gateway asks the acquirer to conclude. */
export interface RefundRequest {
  refundId: string;
  transactionId: string;
  amount: number;
  /** A PIX paid through a PSP: its end-to-end id, which the devolução names. */
  endToEndId?: string | null;
  /**
   * A card sale: the acquirer's own id of it (Cielo's PaymentId, Rede's tid), as `SaleOutcome`
   * APPROVED returned it. Absent: the connector finds the sale by its order id.
   */
  acquirerReference?: string | null;
  /**
   * A card sale: the minor units of its refunds already COMPLETED before this one. A vendor with
   * no idempotency key for refunds (Cielo's void, Rede's refunds) is asked again only after the
   * connector has read the sale's refunded total: more than `refundedBefore` means this refund
   * already went through (a lost answer), and it is not sent twice.
   */
  refundedBefore?: number;
}

/**
 * The acquirer's answer to a refund. `PENDING`: asked, not final yet (a devolução EM_PROCESSAMENTO):
 * the refund stays pending and is asked again later (the sweep), which is safe: the request is
 * idempotent by the refund's id.
 */
export type RefundOutcome = { status: "COMPLETED" } | { status: "FAILED"; reason: string } | { status: "PENDING" };

/** What the gateway asks of an acquirer. */
export interface Acquirer {
  /** A stable name, for logs and for the records of what it processed. */
  readonly name: string;
  /** Concludes a refund requested earlier (PIX devolução, card refund). */
  concludeRefund(refund: RefundRequest): Promise<RefundOutcome>;
  /**
   * A PIX acquirer that is a real PSP (the API Pix): its charges are created, read and removed
   * there, and their BR Codes are the PSP's. Absent (the sandbox): charges are the gateway's own.
   */
  readonly psp?: PixPsp;
  /**
   * The same PSP's PIX Automático (recurrences and their charge instructions), when it offers it;
   * absent: PIX_AUTOMATICO subscriptions are test mode only (the sandbox plays the PSP).
   */
  readonly pixAutomatico?: PixAutomaticoPsp;
}

/** What every card sale carries. The PAN is opened only for this call. */
interface CardSaleBase {
  /** The gateway's id; a connector's order id is derived from it (`orderIdOf`), so a query finds the sale. */
  transactionId: string;
  amount: number;
  currency: string;
  pan: string;
  /** The card's expiry: "MM" (01-12) and "YYYY". */
  expMonth: string;
  expYear: string;
  /** As the buyer typed it; null when the card was tokenized without one. */
  holderName: string | null;
  /** The gateway's brand name (VISA, MASTERCARD, AMEX, ELO, HIPERCARD, …: shared/cards.ts). */
  brand: string;
  installments: number;
  /**
   * One of a series of charges on a stored card (a subscription): the first, customer-initiated,
   * and every later one, merchant-initiated. The networks' recurring indicator.
   */
  recurring: boolean;
}

/** The 3DS authentication a customer-initiated sale carries (already checked by the gateway). */
export interface SaleThreeDs {
  /** The authentication value: CAVV (Visa, Elo, Amex) or AAV (Mastercard's ucafAuthenticationData). */
  cavv: string;
  /** The raw two-digit ECI ("05", "02", …). */
  eci: string | null;
  /** The 3DS specification version ("2.2.0"). */
  version: string;
  /** 3DS 1's transaction id (base64); null in 3DS 2 for most brands. */
  xid?: string | null;
  /** The directory server's transaction id (3DS 2), which some acquirers ask for. */
  dsTransactionId?: string | null;
}

/** A sale with the buyer present (checkout, pendingAction confirm): always 3DS-authenticated. */
export interface CustomerInitiatedSale extends CardSaleBase {
  initiatedBy: "CUSTOMER";
  threeDs: SaleThreeDs;
}

/**
 * A sale the merchant starts without the buyer (a subscription's later periods) on a stored card
 * that an earlier customer-initiated payment authenticated: no 3DS, one installment
 * (docs/cards.md, "Merchant-initiated charges").
 */
export interface MerchantInitiatedSale extends CardSaleBase {
  initiatedBy: "MERCHANT";
  threeDs?: undefined;
  installments: 1;
}

/** A card sale the gateway asks an acquirer to authorize and capture. */
export type CardSale = CustomerInitiatedSale | MerchantInitiatedSale;

/**
 * The acquirer's answer to a card sale.
 *
 * - `APPROVED`: authorized and captured; `reference` is the acquirer's id of the sale (refunds name it).
 * - `DECLINED`: `code` is one of the gateway's decline codes (domain/cards/test-cards.ts
 *   DECLINE_CODES); `hard`: the issuer said no retry will change it (lost, stolen, closed account,
 *   invalid card), so dunning does not retry it.
 * - `UNAVAILABLE`: the acquirer did not authorize it, and that is known (it could not be reached
 *   before the request left, or it answered 5xx/timed out and a query by order id found no sale):
 *   another acquirer may be tried.
 * - `UNKNOWN`: it could not be told whether the acquirer authorized (a timeout, then the query
 *   failed too): no other acquirer may be tried, or the buyer could be charged twice.
 */
export type SaleOutcome =
  | { status: "APPROVED"; authorizationCode: string; reference?: string }
  | { status: "DECLINED"; code: string; message: string; hard?: boolean; reference?: string }
  | { status: "UNAVAILABLE" }
  | { status: "UNKNOWN" };

/** An acquirer that also takes card sales. */
export interface CardAcquirer extends Acquirer {
  authorize(sale: CardSale): Promise<SaleOutcome>;
}

/** The acquirers of each mode. */
export interface Acquirers {
  test: Acquirer;
  /** null until the operator configures a live connector (docs/acquirers.md). */
  live: Acquirer | null;
  /** Card acquirers per mode, which smart routing chooses between (routing.ts). */
  cards: { test: readonly CardAcquirer[]; live: readonly CardAcquirer[] };
  /**
   * The live 3DS server (Cybersource Payer Authentication). The hosts configure it together with
   * the live card acquirers, or neither; absent, live sessions run the gateway's own 3DS server,
   * which only tests arrange (live acquirers without a 3DS server are refused at start).
   */
  liveThreeDs?: ThreeDsServer | null;
}

/**
 * A charge the gateway asks a PIX PSP to create (API Pix `PUT /cob/{txid}`, or `PUT /cobv/{txid}`
 * with a due date). `txid` is derived from the transaction, so a retry asks for the same charge.
 */
export interface PixChargeRequest {
  txid: string;
  /** Minor units (centavos). */
  amount: number;
  /** The DICT key that receives it (the platform's, or the seller's own). */
  receiverKey: string;
  /** `cob`: seconds until it expires. */
  expiresInSeconds: number;
  /** `cobv`: the due date (YYYY-MM-DD) and the days after it the charge may still be paid. */
  due?: { date: string; validDaysAfter: number };
  /** The payer, when known (devedor): CPF or CNPJ digits and name. */
  debtor?: { document: string; documentType: "CPF" | "CNPJ"; name: string };
  /** solicitacaoPagador: what the payer's app shows (at most 140 characters). */
  description?: string;
}

/** A charge as the PSP holds it. */
export interface PspPixCharge {
  txid: string;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";
  amount: number;
  /** The BR Code the payer's app reads (pixCopiaECola), and the location it names. */
  brCode: string;
  location: string;
  /** The PIX received for it (one, for a paid cob). */
  payments: PspPixPayment[];
}

/** One PIX received (API Pix `Pix`): its end-to-end id, amount and time. */
export interface PspPixPayment {
  endToEndId: string;
  txid: string | null;
  amount: number;
  paidAt: string;
}

/** A devolução (refund of a received PIX) as the PSP holds it. */
export interface PspRefund {
  id: string;
  endToEndId: string;
  amount: number;
  status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO";
  /** NAO_REALIZADO: the PSP's reason (motivo). */
  reason?: string;
}

/**
 * A PIX PSP reached through the Banco Central's API Pix (worker/connectors/bcb-pix/): the live
 * side of PIX. Every method throws PspUnavailableError when the PSP cannot be reached or answers
 * 5xx (the caller may retry: the same txid or refund id is the PSP's idempotency), and
 * PspRejectedError when it refuses the request (4xx).
 */
export interface PixPsp {
  readonly name: string;
  /** Creates the charge; a retry with the same txid answers the charge already there. */
  createCharge(charge: PixChargeRequest): Promise<PspPixCharge>;
  /** The charge `txid` (cob, or cobv when `due`), or null when the PSP has none. */
  getCharge(txid: string, kind?: "cob" | "cobv"): Promise<PspPixCharge | null>;
  /** Removes an ATIVA charge (REMOVIDA_PELO_USUARIO_RECEBEDOR); a charge already removed is fine. */
  removeCharge(txid: string, kind?: "cob" | "cobv"): Promise<void>;
  /** Asks for a devolução of `amount` of the PIX `endToEndId`, under the refund's own id. */
  refund(endToEndId: string, refundId: string, amount: number): Promise<PspRefund>;
  /** The devolução `refundId` of `endToEndId`, as it stands. */
  getRefund(endToEndId: string, refundId: string): Promise<PspRefund>;
  /** The PIX received between `from` and `to` (ISO 8601), every page. */
  listReceived(from: string, to: string): Promise<PspPixPayment[]>;
  /** Registers `url` as the receiver key's callback (`PUT /webhook/{chave}`). */
  registerWebhook(receiverKey: string, url: string): Promise<void>;
  /** The callback URL registered for the key, or null. */
  getWebhook(receiverKey: string): Promise<string | null>;
}

/** The PSP could not be reached, timed out or answered 5xx: nothing can be concluded; retry later. */
export class PspUnavailableError extends Error {
  constructor(
    message: string,
    /** Seconds the PSP asked to wait (Retry-After), if it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "PspUnavailableError";
  }
}

/** The PSP refused the request (4xx): its problem's title and detail, never payer data. */
export class PspRejectedError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(`${status} ${title}: ${detail}`);
    this.name = "PspRejectedError";
  }
}

/**
 * The order id a card connector sends for a transaction: its id without hyphens (32 of
 * [0-9a-f]; Cielo's MerchantOrderId takes only letters and digits, up to 50). One per
 * transaction, so a query by it after a timeout finds the sale the first attempt made.
 */
export function orderIdOf(transactionId: string): string {
  return transactionId.replace(/-/g, "");
}
