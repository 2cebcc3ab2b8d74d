/**
 * The card entry's words in each language: the frame's (labels, errors, brand names) and
 * `<pay-card-form>`'s. Two tables, so each bundle keeps only its own: the frame never ships the
 * form's words and pay.js never ships the frame's.
 */
import type { CardBrand } from "../../../shared/cards";
import type { Locale } from "../locale";
import type { CardErrorCode, CardField } from "./protocol";

type FieldError = Exclude<CardErrorCode, "invalid_cvv" | "required">;

export interface FrameStrings {
  title: string;
  labels: Record<CardField, string>;
  expiryPlaceholder: string;
  required: Record<CardField, string>;
  errors: Record<FieldError, string>;
  /** The CVV's length error: `digits` is "3", "4" or "3 or 4". */
  cvvDigits: (digits: string) => string;
  cvvEither: string;
  busy: string;
}

export const FRAME_STRINGS: Record<Locale, FrameStrings> = {
  en: {
    title: "Card details",
    labels: { number: "Card number", expiry: "Expiry date (MM/YY)", cvv: "Security code (CVV)", holderName: "Name on card" },
    expiryPlaceholder: "MM/YY",
    required: { number: "Enter the card number.", expiry: "Enter the expiry date.", cvv: "Enter the security code.", holderName: "Enter the name on the card." },
    errors: {
      incomplete: "This is incomplete.",
      luhn_failed: "This card number is not valid.",
      unknown_brand: "This card brand is not accepted.",
      invalid_length: "This card number has the wrong length.",
      invalid_month: "The month must be 01 to 12.",
      expired: "This card has expired.",
    },
    cvvDigits: (digits) => `The security code has ${digits} digits.`,
    cvvEither: "3 or 4",
    busy: "Sending the card…",
  },
  "pt-BR": {
    title: "Dados do cartão",
    labels: { number: "Número do cartão", expiry: "Validade (MM/AA)", cvv: "Código de segurança (CVV)", holderName: "Nome impresso no cartão" },
    expiryPlaceholder: "MM/AA",
    required: { number: "Informe o número do cartão.", expiry: "Informe a validade.", cvv: "Informe o código de segurança.", holderName: "Informe o nome impresso no cartão." },
    errors: {
      incomplete: "Está incompleto.",
      luhn_failed: "Este número de cartão não é válido.",
      unknown_brand: "Esta bandeira não é aceita.",
      invalid_length: "Este número de cartão tem o tamanho errado.",
      invalid_month: "O mês vai de 01 a 12.",
      expired: "Este cartão está vencido.",
    },
    cvvDigits: (digits) => `O código de segurança tem ${digits} dígitos.`,
    cvvEither: "3 ou 4",
    busy: "Enviando o cartão…",
  },
};

/** Brand names as buyers know them (the same in both languages). */
export const BRAND_NAMES: Record<CardBrand, string> = {
  VISA: "Visa",
  MASTERCARD: "Mastercard",
  AMEX: "Amex",
  ELO: "Elo",
  HIPERCARD: "Hipercard",
  DINERS: "Diners",
  DISCOVER: "Discover",
  JCB: "JCB",
};

export interface FormStrings {
  frameTitle: string;
  installments: string;
  /**
   * One option: `n` installments of `each`, with the `total` beside them and, when the split is
   * uneven, the `first` installment's amount (it takes the remainder: shared/installments.ts).
   */
  installment: (n: number, each: string, total: string, first: string | null) => string;
  pay: (amount: string) => string;
  processing: string;
  cardEnding: (brand: string, last4: string) => string;
  sendFailed: string;
  checkCard: string;
}

export const FORM_STRINGS: Record<Locale, FormStrings> = {
  en: {
    frameTitle: "Card details (secure field)",
    installments: "Installments",
    installment: (n, each, total, first) => (n === 1 ? `Pay in full: ${total}` : `${n} × ${each}, interest-free (${first ? `first ${first}, ` : ""}total ${total})`),
    pay: (amount) => `Pay ${amount}`,
    processing: "Processing…",
    cardEnding: (brand, last4) => `${brand} ending in ${last4}`,
    sendFailed: "The card could not be sent. Please try again.",
    checkCard: "Please check the card details.",
  },
  "pt-BR": {
    frameTitle: "Dados do cartão (campo seguro)",
    installments: "Parcelas",
    installment: (n, each, total, first) => (n === 1 ? `À vista: ${total}` : `${n} × ${each} sem juros (${first ? `1ª ${first}, ` : ""}total ${total})`),
    pay: (amount) => `Pagar ${amount}`,
    processing: "Processando…",
    cardEnding: (brand, last4) => `${brand} final ${last4}`,
    sendFailed: "Não foi possível enviar o cartão. Tente novamente.",
    checkCard: "Confira os dados do cartão.",
  },
};
