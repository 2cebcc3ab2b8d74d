/**
 * The simulator's sales and what can happen to them: created by the sandbox's last-digit rules,
 * captured (once, total or partial), voided (total or partial, the cumulative VoidedAmount kept),
 * and shown in Cielo's answer shapes (views.ts). Only a masked card number is ever kept; the
 * security code is never stored (only whether one was sent). Node-only test equipment.
 */
import { randomUUID } from "node:crypto";
import { cieloError } from "./validation";
import { brasilia, createViews, maskPan } from "./views";

/** One sale as the simulator holds it. */
export interface SimSale {
  paymentId: string;
  merchantOrderId: string;
  tid: string;
  proofOfSale: string;
  authorizationCode: string | null;
  status: number;
  returnCode: string;
  returnMessage: string;
  amount: number;
  capturedAmount: number;
  voidedAmount: number;
  receivedAt: Date;
  capturedAt?: Date;
  voidedAt?: Date;
  /** When the last void request for it was processed (Cielo asks 5 s between two). */
  lastVoidAt?: number;
  /** Customer and Payment as received, CreditCard.CardNumber masked and SecurityCode dropped. */
  request: { Customer: unknown; Payment: Record<string, unknown> };
  securityCodeSent: boolean;
}

/** One void request the simulator processed, and what it answered. */
export interface SimVoid {
  paymentId: string;
  /** The amount asked (the remaining balance when none was given). */
  amount: number;
  returnCode: string;
  /** The sale's Status after it. */
  status: number;
  applied: boolean;
  at: string;
}

/** An answer for the server to write: HTTP status and JSON body (none: empty). */
export interface SimAnswer {
  status: number;
  body?: unknown;
  /** The sale changed status or amounts: a Notification Post is due. */
  changed?: SimSale;
}

/** The sandbox's table (Cielo "Credit card in sandbox"): last digit → denial code and message. */
const DENIALS: Record<string, [string, string]> = {
  "2": ["05", "Not Authorized"],
  "3": ["57", "Expired Card"],
  "5": ["78", "Blocked Card"],
  "6": ["99", "Time Out"],
  "7": ["77", "Canceled Card"],
  "8": ["70", "Problems with the Credit Card"],
};

/** Creates sales, captures and voids them; `origins` fill the answers' Links. */
export function createSaleBook(origins: { api: string; query: string }, options: { voidIntervalMs?: number } = {}) {
  const sales = new Map<string, SimSale>();
  const voids: SimVoid[] = [];
  const views = createViews(origins);
  let counter = 0;
  const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, "0");

  /** The result by the card's last digit; digit 9 ("random" at Cielo) is approved for an even amount. */
  function sandboxResult(pan: string, amount: number, capture: boolean): Pick<SimSale, "status" | "returnCode" | "returnMessage"> {
    const last = pan.slice(-1);
    const denial = DENIALS[last] ?? (last === "9" && amount % 2 === 1 ? DENIALS["6"] : undefined);
    if (denial) return { status: 3, returnCode: denial[0], returnMessage: denial[1] };
    return capture ? { status: 2, returnCode: "6", returnMessage: "Operation Successful" } : { status: 1, returnCode: "4", returnMessage: "Operation Successful" };
  }

  function create(body: { MerchantOrderId: string; Customer: unknown; Payment: Record<string, unknown> }, forced?: { status: number }): SimSale {
    const card = body.Payment.CreditCard as Record<string, unknown>;
    const pan = String(card.CardNumber);
    const amount = body.Payment.Amount as number;
    const capture = body.Payment.Capture === true;
    const result = forced ? { status: forced.status, returnCode: "", returnMessage: forced.status === 12 ? "Pending" : "Not Finished" } : sandboxResult(pan, amount, capture);
    const { SecurityCode, ...rest } = card;
    const maskedCard = { ...rest, CardNumber: maskPan(pan) };
    const now = new Date();
    counter += 1;
    const sale: SimSale = {
      paymentId: randomUUID(),
      merchantOrderId: body.MerchantOrderId,
      tid: `${brasilia(now).replace(/\D/g, "").slice(4, 14)}${String(counter % 1000).padStart(3, "0")}`,
      proofOfSale: digits(6),
      authorizationCode: result.status === 1 || result.status === 2 ? digits(6) : null,
      ...result,
      amount,
      capturedAmount: result.status === 2 ? amount : 0,
      voidedAmount: 0,
      receivedAt: now,
      ...(result.status === 2 && { capturedAt: now }),
      request: { Customer: body.Customer, Payment: { ...body.Payment, CreditCard: maskedCard } },
      securityCodeSent: SecurityCode !== undefined,
    };
    sales.set(sale.paymentId, sale);
    return sale;
  }

  /** `PUT /1/sales/{id}/capture[?amount=]`: Authorized → PaymentConfirmed, once. */
  function capture(id: string, amount: number | undefined): SimAnswer {
    const sale = sales.get(id);
    if (!sale) return { status: 404 };
    const value = amount ?? sale.amount;
    if (sale.status !== 1) return { status: 400, body: [cieloError(308, "Transaction not available to capture")] };
    if (!Number.isSafeInteger(value) || value <= 0 || value > sale.amount) return { status: 400, body: [cieloError(108)] };
    Object.assign(sale, { status: 2, capturedAmount: value, capturedAt: new Date(), returnCode: "6", returnMessage: "Operation Successful" });
    return { status: 200, body: { ...views.operation(sale), ReturnCode: "6", ReturnMessage: "Operation Successful" }, changed: sale };
  }

  /**
   * `PUT /1/sales/{id}/void[?amount=]`. Authorized: a total void only (Voided). PaymentConfirmed:
   * total or partial, until the captured amount is all voided (Voided on the sale's day in
   * Brasília, Refunded after). Other statuses: error 309. Refusals of the cancellation table
   * answer 200 with the sale unchanged and the table's ReturnCode.
   */
  function voidSale(id: string, amount: number | undefined): SimAnswer {
    const sale = sales.get(id);
    if (!sale) return { status: 404 };
    if (sale.status !== 1 && sale.status !== 2) return { status: 400, body: [cieloError(309, "Transaction not available to void")] };
    const base = sale.status === 1 ? sale.amount : sale.capturedAmount;
    const value = amount ?? base - sale.voidedAmount;
    if (!Number.isSafeInteger(value) || value <= 0) return { status: 400, body: [cieloError(108)] };
    const now = Date.now();
    const tooSoon = options.voidIntervalMs !== undefined && sale.lastVoidAt !== undefined && now - sale.lastVoidAt < options.voidIntervalMs;
    sale.lastVoidAt = now;
    const refusal: [string, string] | undefined = tooSoon
      ? ["10", "Cancellation not made. Pending request with the same information."]
      : sale.status === 1 && value !== sale.amount
        ? ["41", "Status does not allow cancellation (Example: Authorization without capture)."]
        : value > base
          ? ["102", "Cancellation requested above the original transaction amount."]
          : value > base - sale.voidedAmount
            ? ["55", "Insufficient sale balance to cancel."]
            : undefined;
    if (refusal) {
      voids.push({ paymentId: id, amount: value, returnCode: refusal[0], status: sale.status, applied: false, at: new Date().toISOString() });
      const body = { ...views.operation(sale), ReasonCode: 7, ReasonMessage: "Denied", ProviderReturnCode: refusal[0], ProviderReturnMessage: refusal[1], ReturnCode: refusal[0], ReturnMessage: refusal[1] };
      return { status: 200, body };
    }
    sale.voidedAmount += value;
    sale.voidedAt = new Date();
    const total = sale.voidedAmount === base;
    if (total) sale.status = brasilia(sale.receivedAt).slice(0, 10) === brasilia(new Date()).slice(0, 10) ? 10 : 11;
    const returnCode = total ? "9" : "0";
    voids.push({ paymentId: id, amount: value, returnCode, status: sale.status, applied: true, at: new Date().toISOString() });
    const body = { ...views.operation(sale), ReasonCode: 0, ReasonMessage: "Successful", ProviderReturnCode: "0", ProviderReturnMessage: "Operation Successful", ReturnCode: returnCode, ReturnMessage: "Operation Successful" };
    return { status: 200, body, changed: sale };
  }

  return {
    create,
    capture,
    voidSale,
    view: views.sale,
    orderEntry: views.orderEntry,
    get: (id: string) => sales.get(id),
    byOrder: (orderId: string) => [...sales.values()].filter((s) => s.merchantOrderId === orderId),
    byTid: (tid: string) => [...sales.values()].find((s) => s.tid === tid),
    /** Ends a NotFinished or Pending sale (control): Authorized, PaymentConfirmed or Denied. */
    settle(id: string, status: 1 | 2 | 3 | 13, returnCode?: string): SimSale | undefined {
      const sale = sales.get(id);
      if (!sale) return undefined;
      const approved = status === 1 || status === 2;
      Object.assign(sale, { status, returnCode: returnCode ?? (approved ? (status === 2 ? "6" : "4") : "05"), returnMessage: approved ? "Operation Successful" : "Not Authorized" });
      if (approved) sale.authorizationCode ??= digits(6);
      if (status === 2) Object.assign(sale, { capturedAmount: sale.amount, capturedAt: new Date() });
      return sale;
    },
    /** Moves a sale's dates `days` back (control), so a total void of it is Refunded (11). */
    age(id: string, days: number): boolean {
      const sale = sales.get(id);
      if (!sale) return false;
      sale.receivedAt = new Date(sale.receivedAt.getTime() - days * 86_400_000);
      if (sale.capturedAt) sale.capturedAt = new Date(sale.capturedAt.getTime() - days * 86_400_000);
      return true;
    },
    list: () => [...sales.values()],
    voids: () => [...voids],
    reset() {
      sales.clear();
      voids.length = 0;
    },
  };
}

/** The sale book's type (what createSaleBook returns). */
export type SaleBook = ReturnType<typeof createSaleBook>;
