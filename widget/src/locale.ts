/**
 * The widget's languages, its words in each, and how it writes amounts and time left. A component
 * takes its `locale` attribute when it names one of these (any `pt…` is pt-BR, any `en…` is en),
 * else the page's `<html lang>`, else en.
 */

import { formatMoney } from "../../shared/money";

export { LOCALES, resolveLocale, type Locale } from "../../shared/locale";
import type { Locale } from "../../shared/locale";

/**
 * `amount` in minor units as the buyer reads it (`R$ 10,50`, `R$10.50`, `¥1,500`): the shared
 * formatter, with the currency's ISO 4217 exponent (shared/currency.ts), so the widget and the
 * gateway's own pages never disagree. The widget's one amount formatter.
 */
export function formatAmount(amount: number, currency: string, locale: Locale): string {
  return formatMoney(amount, currency, locale);
}

/** Time left as a clock: `mm:ss` (`14:59`), `h:mm:ss` from an hour up; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, "0");
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Every text `<pay-checkout>` and `<pay-pix>` show or announce, in English. */
const en = {
  checkout: "Payment",
  loading: "Loading payment…",
  pending: "Waiting for payment",
  processing: "Processing payment…",
  paid: "Payment received",
  paidText: (merchant: string, amount: string) => `${merchant} received your payment of ${amount}. Thank you!`,
  failed: "Payment not approved",
  cancelled: "Payment cancelled",
  cancelledText: "This payment was cancelled by the seller. Nothing was charged.",
  expired: "Payment expired",
  expiredText: "The time to pay this PIX code is over. Ask the seller for a new one.",
  refunded: "Payment refunded",
  refundedText: (amount: string) => `${amount} was returned to you.`,
  refundPending: "Refund in progress",
  refundPendingText: "The seller is returning this payment to you.",
  unavailable: "Payment unavailable",
  notFound: "This payment was not found. Check the link, or ask the seller for a new one.",
  network: "Could not reach the payment service. Check your connection and try again.",
  loadFailed: "This payment could not be loaded. Try again in a moment.",
  retry: "Try again",
  /** Buyer-safe reasons by the checkout view's failureCode (the server's words are English). */
  failures: {
    insufficient_funds: "The card has insufficient funds. Try another card or payment method.",
    expired_card: "The card has expired. Try another card.",
    authentication_failed: "The card's bank could not confirm it was you. Try again or use another card.",
    acquirer_unavailable: "The payment could not be processed right now. Try again in a moment.",
    card_declined: "The card was declined. Try another card or payment method.",
  } as Record<string, string>,
  cardPaymentFailed: "The card payment could not be completed. Check the card and try again.",
  // PIX
  pixTitle: "Pay with PIX",
  pixHelp: "Open your bank's app, choose PIX, and scan the QR code or paste the code below.",
  qrLabel: (amount: string) => `PIX QR code to pay ${amount}`,
  qrUnavailable: "The QR code could not be loaded: copy the code below instead.",
  code: "PIX copy-and-paste code",
  copy: "Copy code",
  copied: "Copied",
  copyFailed: "Could not copy: select the code and copy it.",
  expiresIn: "Time left to pay",
  oneMinuteLeft: "One minute left to pay.",
};

export type Strings = typeof en;

const ptBR: Strings = {
  checkout: "Pagamento",
  loading: "Carregando pagamento…",
  pending: "Aguardando pagamento",
  processing: "Processando pagamento…",
  paid: "Pagamento recebido",
  paidText: (merchant, amount) => `${merchant} recebeu seu pagamento de ${amount}. Obrigado!`,
  failed: "Pagamento não aprovado",
  cancelled: "Pagamento cancelado",
  cancelledText: "Este pagamento foi cancelado pelo vendedor. Nada foi cobrado.",
  expired: "Pagamento expirado",
  expiredText: "O prazo para pagar este código PIX acabou. Peça um novo ao vendedor.",
  refunded: "Pagamento estornado",
  refundedText: (amount) => `${amount} foi devolvido a você.`,
  refundPending: "Estorno em andamento",
  refundPendingText: "O vendedor está devolvendo este pagamento a você.",
  unavailable: "Pagamento indisponível",
  notFound: "Este pagamento não foi encontrado. Confira o link ou peça um novo ao vendedor.",
  network: "Não foi possível falar com o serviço de pagamento. Verifique sua conexão e tente de novo.",
  loadFailed: "Não foi possível carregar este pagamento. Tente de novo em instantes.",
  retry: "Tentar de novo",
  failures: {
    insufficient_funds: "O cartão não tem saldo suficiente. Tente outro cartão ou forma de pagamento.",
    expired_card: "O cartão está vencido. Tente outro cartão.",
    authentication_failed: "O banco do cartão não confirmou que é você. Tente de novo ou use outro cartão.",
    acquirer_unavailable: "Não foi possível processar o pagamento agora. Tente de novo em instantes.",
    card_declined: "O cartão foi recusado. Tente outro cartão ou forma de pagamento.",
  },
  cardPaymentFailed: "Não foi possível concluir o pagamento com cartão. Confira o cartão e tente de novo.",
  pixTitle: "Pague com PIX",
  pixHelp: "Abra o app do seu banco, escolha PIX e escaneie o QR code ou cole o código abaixo.",
  qrLabel: (amount) => `QR code PIX para pagar ${amount}`,
  qrUnavailable: "Não foi possível carregar o QR code: copie o código abaixo.",
  code: "Código PIX copia e cola",
  copy: "Copiar código",
  copied: "Copiado",
  copyFailed: "Não foi possível copiar: selecione o código e copie.",
  expiresIn: "Tempo para pagar",
  oneMinuteLeft: "Falta um minuto para pagar.",
};

const STRINGS: Record<Locale, Strings> = { en, "pt-BR": ptBR };

export const stringsFor = (locale: Locale): Strings => STRINGS[locale];
