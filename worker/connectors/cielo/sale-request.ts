/**
 * The body of Cielo's `POST /1/sales/` for a gateway card sale (API E-commerce 3.0, credit card),
 * or the outcome when the sale cannot be put to Cielo at all (a brand it does not take, a currency
 * other than the real, 3DS data Cielo's ExternalAuthentication cannot carry). Pure, no I/O.
 *
 * Always authorize-and-capture (`Capture: true`): the gateway's sale is one step.
 * Customer-initiated: `Authenticate: true` with the 3DS result Cybersource produced
 * (`ExternalAuthentication`). Merchant-initiated (a subscription's later period): no 3DS, no
 * security code, `Recurrent: true`, the network's M1/Subscription indicator and card-on-file
 * "Used"; the first, customer-initiated charge of a subscription says card-on-file "First".
 */
import { DECLINE_MESSAGES } from "../../domain/acquirers/sandbox-cards";
import type { DeclineCode } from "../../domain/cards/test-cards";
import { orderIdOf, type CardSale, type SaleOutcome, type SaleThreeDs } from "../../lib/acquirer";
import type { CardBrand } from "../../../shared/cards";

/** The gateway's brands (shared/cards.ts) as Cielo spells them in `CreditCard.Brand`: every one has its name. */
export const CIELO_BRANDS: Readonly<Record<CardBrand, string>> = {
  VISA: "Visa",
  MASTERCARD: "Master",
  AMEX: "Amex",
  ELO: "Elo",
  HIPERCARD: "Hipercard",
  DINERS: "Diners",
  DISCOVER: "Discover",
  JCB: "JCB",
};

/** Stands in for a holder's name the gateway does not have (a card tokenized without one). */
export const NAME_PLACEHOLDER = "NAO INFORMADO";

/** The request body, as Cielo names its fields. */
export interface CieloSaleBody {
  MerchantOrderId: string;
  Customer: { Name: string };
  Payment: {
    Type: "CreditCard";
    Amount: number;
    Currency: "BRL";
    Country: "BRA";
    Installments: number;
    Capture: true;
    Authenticate: boolean;
    Recurrent?: true;
    ReturnUrl?: string;
    CreditCard: {
      CardNumber: string;
      Holder: string;
      ExpirationDate: string;
      Brand: string;
      CardOnFile?: { Usage: "First" | "Used"; Reason: "Recurring" };
    };
    InitiatedTransactionIndicator?: { Category: "C1" | "M1"; Subcategory: "Subscription" };
    ExternalAuthentication?: { Cavv: string; Xid?: string; Eci: string; Version: "1" | "2"; ReferenceId?: string };
  };
}

/** The body to send, or the outcome of a sale that is never sent (and why, for the log). */
export type SaleRequest = { body: CieloSaleBody } | { outcome: SaleOutcome; reason: string };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Builds the request for `sale`; `returnUrl` fills the ReturnUrl Cielo requires with Authenticate. */
export function saleRequestOf(sale: CardSale, returnUrl: string): SaleRequest {
  const brand = (CIELO_BRANDS as Readonly<Record<string, string | undefined>>)[sale.brand];
  if (!brand) return refused("card_declined", true, `Cielo does not take the brand ${sale.brand}`);
  // Cielo settles in reais only; another acquirer may take the currency, so this is no decline.
  if (sale.currency.toUpperCase() !== "BRL") return { outcome: { status: "UNAVAILABLE" }, reason: `Cielo takes BRL only, not ${sale.currency}` };
  if (!Number.isSafeInteger(sale.amount) || sale.amount <= 0) return refused("processing_error", false, "the amount is not a positive whole number of centavos");

  const merchant = sale.initiatedBy === "MERCHANT";
  const authentication = merchant ? undefined : externalAuthenticationOf(sale.threeDs);
  if (authentication === null) return refused("processing_error", false, "the 3DS result cannot be carried in Cielo's ExternalAuthentication");
  const body: CieloSaleBody = {
    MerchantOrderId: orderIdOf(sale.transactionId),
    Customer: { Name: customerNameOf(sale.holderName) },
    Payment: {
      Type: "CreditCard",
      Amount: sale.amount,
      Currency: "BRL",
      Country: "BRA",
      Installments: sale.installments,
      Capture: true,
      Authenticate: !merchant,
      ...(merchant ? { Recurrent: true as const } : { ReturnUrl: returnUrl }),
      CreditCard: {
        CardNumber: sale.pan,
        Holder: holderOf(sale.holderName),
        ExpirationDate: `${sale.expMonth}/${sale.expYear}`,
        Brand: brand,
        ...((merchant || sale.recurring) && { CardOnFile: { Usage: merchant ? "Used" : "First", Reason: "Recurring" } }),
      },
      ...((merchant || sale.recurring) && { InitiatedTransactionIndicator: { Category: merchant ? "M1" : "C1", Subcategory: "Subscription" } }),
      ...(authentication && { ExternalAuthentication: authentication }),
    },
  };
  return { body };
}

/**
 * Cielo's `CreditCard.Holder`: at most 25 characters, letters and spaces only (API error 214).
 * Accents are stripped (João → Joao), anything else becomes a space; nothing left: the placeholder.
 */
export function holderOf(name: string | null): string {
  const letters = (name ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z]+/g, " ")
    .trim();
  return letters.slice(0, 25).trim() || NAME_PLACEHOLDER;
}

/** `Customer.Name` (at most 255): the holder's name as typed, without control characters. */
export function customerNameOf(name: string | null): string {
  return (name ?? "").replace(/\p{Cc}+/gu, " ").trim().slice(0, 255) || NAME_PLACEHOLDER;
}

/**
 * The 3DS result as Cielo's ExternalAuthentication, or null when it cannot be: Cielo documents
 * `Eci` as one digit (its examples send "5"), so Cybersource's raw "05" goes as "5"; `Version` is
 * the major version; `ReferenceId` (3DS 2, a GUID) is the directory server's transaction id;
 * `Xid` only when the authentication produced one (3DS 1, some 3DS 2 brands).
 */
export function externalAuthenticationOf(threeDs: SaleThreeDs): NonNullable<CieloSaleBody["Payment"]["ExternalAuthentication"]> | null {
  const eci = /^\d{1,2}$/.test(threeDs.eci ?? "") ? String(Number(threeDs.eci)) : "";
  const version = threeDs.version.trim().charAt(0);
  if (eci.length !== 1 || !threeDs.cavv || (version !== "1" && version !== "2")) return null;
  const xid = threeDs.xid || undefined;
  if (version === "1") return xid ? { Cavv: threeDs.cavv, Xid: xid, Eci: eci, Version: "1" } : null;
  const referenceId = threeDs.dsTransactionId ?? "";
  if (!GUID.test(referenceId)) return null;
  return { Cavv: threeDs.cavv, ...(xid && { Xid: xid }), Eci: eci, Version: "2", ReferenceId: referenceId };
}

function refused(code: DeclineCode, hard: boolean, reason: string): SaleRequest {
  return { outcome: { status: "DECLINED", code, message: DECLINE_MESSAGES[code], hard }, reason };
}
