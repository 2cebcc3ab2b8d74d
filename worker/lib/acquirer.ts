/**
 * The acquirer port: what the gateway asks of whoever moves the money (a bank, a PSP, the
 * sandbox). Types only, below the Platform that carries the acquirers of each mode; the rules
 * that choose among them live in domain/acquirers/.
 */

/** A refund the gateway asks the acquirer to conclude. */
export interface RefundRequest {
  refundId: string;
  transactionId: string;
  amount: number;
}

/** The acquirer's answer to a refund. */
export type RefundOutcome = { status: "COMPLETED" } | { status: "FAILED"; reason: string };

/** What the gateway asks of an acquirer. */
export interface Acquirer {
  /** A stable name, for logs and for the records of what it processed. */
  readonly name: string;
  /** Concludes a refund requested earlier (PIX devolução, card refund). */
  concludeRefund(refund: RefundRequest): Promise<RefundOutcome>;
}

/** What every card sale carries. The PAN is opened only for this call. */
interface CardSaleBase {
  transactionId: string;
  amount: number;
  currency: string;
  pan: string;
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
  cavv: string;
  eci: string | null;
  version: string;
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

/** The acquirer's answer to a card sale. `UNAVAILABLE`: it could not be reached; another may be tried. */
export type SaleOutcome =
  | { status: "APPROVED"; authorizationCode: string }
  | { status: "DECLINED"; code: string; message: string }
  | { status: "UNAVAILABLE" };

/** An acquirer that also takes card sales. */
export interface CardAcquirer extends Acquirer {
  authorize(sale: CardSale): Promise<SaleOutcome>;
}

/** The acquirers of each mode. */
export interface Acquirers {
  test: Acquirer;
  /** null until the operator configures a live connector (docs/acquirers.md). */
  live: Acquirer | null;
  /** Card acquirers per mode, which smart routing chooses between (routing.ts); none live yet. */
  cards: { test: readonly CardAcquirer[]; live: readonly CardAcquirer[] };
}
