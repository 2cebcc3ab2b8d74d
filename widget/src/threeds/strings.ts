/**
 * `<pay-3ds>`'s words in each language the widget speaks (kept here, beside the element, so the
 * shared widget/src/locale.ts stays its owner's). Amounts are formatted by locale.ts.
 */
import type { Locale } from "../locale";

const STRINGS = {
  en: {
    /** The element's region. */
    region: "Card verification",
    working: "Verifying your card…",
    challengeShown: "Your bank asks you to confirm this payment.",
    /** The challenge dialog's heading (its accessible name). */
    challengeTitle: "Confirm it's you",
    /** Under the heading; `{amount}` is the formatted amount. */
    challengeHint: "Your bank asks you to confirm the payment of {amount}.",
    challengeHintNoAmount: "Your bank asks you to confirm the payment.",
    challengeFrame: "Your bank's verification",
    deviceFrame: "Device check by your bank (nothing to do)",
    cancel: "Cancel",
    cancelled: "Verification cancelled.",
    paid: "Payment approved.",
    failed: "Payment not approved.",
    pending: "Payment not completed yet.",
    error: "The verification could not be completed. Please try again.",
  },
  "pt-BR": {
    region: "Verificação do cartão",
    working: "Verificando seu cartão…",
    challengeShown: "Seu banco pede que você confirme este pagamento.",
    challengeTitle: "Confirme que é você",
    challengeHint: "Seu banco pede que você confirme o pagamento de {amount}.",
    challengeHintNoAmount: "Seu banco pede que você confirme o pagamento.",
    challengeFrame: "Verificação do seu banco",
    deviceFrame: "Verificação do aparelho pelo seu banco (nada a fazer)",
    cancel: "Cancelar",
    cancelled: "Verificação cancelada.",
    paid: "Pagamento aprovado.",
    failed: "Pagamento não aprovado.",
    pending: "Pagamento ainda não concluído.",
    error: "Não foi possível concluir a verificação. Tente novamente.",
  },
} satisfies Record<Locale, Record<string, string>>;

export type ThreeDsStrings = (typeof STRINGS)["en"];

export const threeDsStrings = (locale: Locale): ThreeDsStrings => STRINGS[locale];
