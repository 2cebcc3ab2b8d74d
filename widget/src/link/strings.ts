/** The words of the link's checkout (`<pay-link>`), in the widget's languages. */
import type { Locale } from "../locale";

const en = {
  details: "Your details",
  name: "Full name",
  email: "E-mail",
  phone: "Phone (optional)",
  document: "CPF or CNPJ",
  documentOptional: "CPF or CNPJ (optional)",
  amount: "Amount to pay",
  amountHint: (min: string, max: string | null) => (max ? `From ${min} to ${max}.` : `At least ${min}.`),
  method: "Payment method",
  methods: { PIX: "PIX", CREDIT_CARD: "Credit card", DEBIT_CARD: "Debit card" } as Record<string, string>,
  continue: "Continue to payment",
  submitting: "Preparing your payment…",
  cancel: "Cancel and go back to the store",
  otherMethod: "Choose another payment method",
  editDetails: "Change your details",
  soldBy: (legalName: string, document: string | null) => `Sold by ${legalName}${document ? ` · ${document}` : ""}`,
  testNotice: "Test mode: this is a test payment link. Nothing is charged; pay with the test cards or the sandbox PIX.",
  redirecting: "Payment received. Taking you back to the store…",
  required: "Fill this in.",
  invalidDocument: "Enter the 11 digits of a CPF or the 14 of a CNPJ.",
  badCheckDigits: "This CPF or CNPJ is not valid: check its digits.",
  /** A field's error whatever its code (the amount's and the document's have their own above). */
  invalid: {
    name: "Enter your full name, up to 200 characters, with no line breaks.",
    email: "Enter a valid e-mail address.",
    phone: "Enter the phone with its area code: 10 to 13 digits.",
    method: "Choose one of the payment methods above.",
  } as Record<string, string>,
  notAccepted: "The payment could not start with these details. Check them and try again.",
  invalidAmount: (min: string) => `Enter an amount of at least ${min}.`,
  amountTooBig: (max: string) => `Enter an amount of at most ${max}.`,
  fixErrors: "Check the fields marked below.",
  unpayable: {
    SOLD_OUT: "This payment link has sold out: every use has been paid or is being paid.",
    INACTIVE: "This payment link is not active. Ask the seller for another one.",
    DRAFT: "This payment link is not active. Ask the seller for another one.",
    EXPIRED: "This payment link has expired. Ask the seller for another one.",
  } as Record<string, string>,
  unavailableTitle: "Payment unavailable",
  sessionExpired: "This checkout expired. Start again.",
  tooManyUnpaid: "This payment link already has unpaid payments from your connection or your CPF/CNPJ. Finish one of them, or try again in a few minutes.",
};

export type LinkStrings = typeof en;

const ptBR: LinkStrings = {
  details: "Seus dados",
  name: "Nome completo",
  email: "E-mail",
  phone: "Telefone (opcional)",
  document: "CPF ou CNPJ",
  documentOptional: "CPF ou CNPJ (opcional)",
  amount: "Valor a pagar",
  amountHint: (min, max) => (max ? `De ${min} a ${max}.` : `No mínimo ${min}.`),
  method: "Forma de pagamento",
  methods: { PIX: "PIX", CREDIT_CARD: "Cartão de crédito", DEBIT_CARD: "Cartão de débito" },
  continue: "Continuar para o pagamento",
  submitting: "Preparando seu pagamento…",
  cancel: "Cancelar e voltar para a loja",
  otherMethod: "Escolher outra forma de pagamento",
  editDetails: "Alterar seus dados",
  soldBy: (legalName, document) => `Vendido por ${legalName}${document ? ` · ${document}` : ""}`,
  testNotice: "Modo de teste: este é um link de pagamento de teste. Nada é cobrado; pague com os cartões de teste ou o PIX do sandbox.",
  redirecting: "Pagamento recebido. Voltando para a loja…",
  required: "Preencha este campo.",
  invalidDocument: "Informe os 11 dígitos do CPF ou os 14 do CNPJ.",
  badCheckDigits: "Este CPF ou CNPJ não é válido: confira os dígitos.",
  invalid: {
    name: "Informe seu nome completo, com até 200 caracteres e sem quebras de linha.",
    email: "Informe um e-mail válido.",
    phone: "Informe o telefone com DDD: de 10 a 13 dígitos.",
    method: "Escolha uma das formas de pagamento acima.",
  },
  notAccepted: "Não foi possível iniciar o pagamento com estes dados. Confira-os e tente de novo.",
  invalidAmount: (min) => `Informe um valor de no mínimo ${min}.`,
  amountTooBig: (max) => `Informe um valor de no máximo ${max}.`,
  fixErrors: "Confira os campos indicados abaixo.",
  unpayable: {
    SOLD_OUT: "Este link de pagamento esgotou: todos os usos já foram pagos ou estão em pagamento.",
    INACTIVE: "Este link de pagamento não está ativo. Peça outro ao vendedor.",
    DRAFT: "Este link de pagamento não está ativo. Peça outro ao vendedor.",
    EXPIRED: "Este link de pagamento expirou. Peça outro ao vendedor.",
  },
  unavailableTitle: "Pagamento indisponível",
  sessionExpired: "Este pagamento expirou. Comece de novo.",
  tooManyUnpaid: "Este link já tem pagamentos em aberto da sua conexão ou do seu CPF/CNPJ. Conclua um deles ou tente de novo em alguns minutos.",
};

const STRINGS: Record<Locale, LinkStrings> = { en, "pt-BR": ptBR };

export const linkStringsFor = (locale: Locale): LinkStrings => STRINGS[locale];
