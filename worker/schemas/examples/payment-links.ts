/**
 * Response examples of payment links, their held uses and checkout sessions:
 * what the /docs reference shows (issue 31).
 * Answers the API gave in a sandbox run (amounts in centavos, BRL, ids UUIDs), not placeholders;
 * test/openapi.examples.test.ts validates each against its schema.
 */
import { CHECKOUT_TRANSACTION_EXAMPLE } from "./transactions";

/** PaymentLink. */
export const PAYMENT_LINK_EXAMPLE = {
  id: "c43f3983-22ae-415e-82bb-579fd6f14f7a",
  sellerId: "4983f9b0-6637-44c9-9530-3acb0060460d",
  name: "Camiseta Azul",
  description: "Camiseta 100% algodão",
  amountInCents: 4990,
  currency: "BRL",
  paymentMethods: ["PIX", "CREDIT_CARD"],
  maxInstallments: 6,
  requireCustomerDocument: false,
  successUrl: "https://loja.example.com/obrigado",
  cancelUrl: "https://loja.example.com/carrinho",
  publicUrl: "https://pay.example.com/pay/c43f3983-22ae-415e-82bb-579fd6f14f7a",
  status: "ACTIVE",
  maxUses: null,
  currentUses: 0,
  reservedUses: 0,
  expiresAt: null,
  checkoutConfig: { locale: "pt-BR" },
  chargeType: "FIXED",
  quantity: 1,
  minAmountInCents: null,
  maxAmountInCents: null,
  checkoutSessionTtlMinutes: null,
  checkoutSessionNeverExpires: false,
  livemode: false,
  createdAt: "2026-01-18T12:00:02.000Z",
  updatedAt: "2026-01-18T12:00:02.000Z",
};

/** PaymentLinkPublic. */
export const PAYMENT_LINK_PUBLIC_EXAMPLE = {
  id: "c43f3983-22ae-415e-82bb-579fd6f14f7a",
  merchant: { name: "Loja Teste", legalName: "Loja Teste Ltda", documentType: "CNPJ", document: "11222333000181" },
  name: "Camiseta Azul",
  description: "Camiseta 100% algodão",
  chargeType: "FIXED",
  amountInCents: 4990,
  unitAmountInCents: 4990,
  quantity: 1,
  minAmountInCents: null,
  maxAmountInCents: null,
  currency: "BRL",
  paymentMethods: ["PIX", "CREDIT_CARD"],
  maxInstallments: 6,
  requireCustomerDocument: false,
  status: "ACTIVE",
  expiresAt: null,
  payable: true,
  unpayableReason: null,
  locale: "pt-BR",
  livemode: false,
};

/** HeldUse. */
export const HELD_USE_EXAMPLE = {
  transactionId: "93cacdcd-61dd-455c-9c83-3b618c82f6a6",
  checkoutSessionId: "38508367-8d55-4262-a6b4-f5c9136aee17",
  paymentMethod: "PIX",
  amount: 4990,
  currency: "BRL",
  customer: { name: "Maria da Silva", email: "maria@example.com", document: "***.982.247-**" },
  createdAt: "2026-01-18T12:00:02.000Z",
  expiresAt: "2026-01-18T12:05:02.000Z",
  lookedAt: null,
  addressTag: null,
};

/** HeldUseReleased. */
export const HELD_USE_RELEASED_EXAMPLE = {
  transaction: {
    id: "93cacdcd-61dd-455c-9c83-3b618c82f6a6",
    status: "CANCELLED",
    paymentMethod: "PIX",
    amount: 4990,
    currency: "BRL",
    description: "Camiseta Azul",
    livemode: false,
    buyerId: null,
    customer: { name: "Maria da Silva", email: "maria@example.com", document: "***.982.247-**" },
    paymentDetails: {
      qrCode: "00020101021226710014br.gov.bcb.pix2549pay.example.com/pix/loc/81u55XNUHcAg1bxewMAC90G74520400005303986540549.905802BR5915Loja Teste Ltda6009Sao Paulo62070503***63040AD7",
      qrCodeUrl: "https://pay.example.com/pix/qr/81u55XNUHcAg1bxewMAC90G74",
      expiresAt: "2026-01-18T12:05:02.000Z",
    },
    createdAt: "2026-01-18T12:00:02.000Z",
    updatedAt: "2026-01-18T12:00:02.000Z",
    paidAt: null,
    cancelledAt: "2026-01-18T12:00:02.000Z",
    cancellationReason: "REQUESTED",
    refunds: [],
    idempotencyKey: "checkout-session:38508367-8d55-4262-a6b4-f5c9136aee17:ec5942c6-6ac4-4f03-bc10-71009a32f955",
    pendingAction: null,
    feeAmount: null,
    netAmount: null,
    card: null,
    cardToken: null,
    installments: null,
    maxInstallments: null,
    acquirer: null,
    authorizationCode: null,
    failureCode: null,
    failureMessage: null,
    clientSecret: "93cacdcd-61dd-455c-9c83-3b618c82f6a6_secret_VHmJbm4dk3NQ01OsIS3q3uwK7jjJr0dy",
    paymentLinkId: "8ec39978-7225-4840-9cdf-2b084f545f44",
    subscriptionId: null,
    invoiceId: null,
    initiatedBy: "CUSTOMER",
  },
  paymentLink: {
    ...PAYMENT_LINK_EXAMPLE,
    id: "8ec39978-7225-4840-9cdf-2b084f545f44",
    publicUrl: "https://pay.example.com/pay/8ec39978-7225-4840-9cdf-2b084f545f44",
  },
};

/** CheckoutSessionCreated. */
export const CHECKOUT_SESSION_CREATED_EXAMPLE = {
  id: "857c7f27-87f5-45d2-a85f-0c5e2b41c4ed",
  paymentLinkId: "c43f3983-22ae-415e-82bb-579fd6f14f7a",
  status: "OPEN",
  expiresAt: "2026-01-18T12:30:02.000Z",
  transactionId: null,
  successUrl: "https://loja.example.com/obrigado?paymentLinkId=c43f3983-22ae-415e-82bb-579fd6f14f7a&checkoutSessionId=857c7f27-87f5-45d2-a85f-0c5e2b41c4ed",
  cancelUrl: "https://loja.example.com/carrinho",
  livemode: false,
  createdAt: "2026-01-18T12:00:02.000Z",
  clientSecret: "857c7f27-87f5-45d2-a85f-0c5e2b41c4ed_secret_5IYPN68YL5Z1SgopOiOkmmXBoNQuniFq",
};

/** CheckoutSessionTransaction: the buyer-safe view of the session's charge, with what its browser pays it with. */
export const CHECKOUT_SESSION_TRANSACTION_EXAMPLE = {
  ...CHECKOUT_TRANSACTION_EXAMPLE,
  clientSecret: "34024834-3b63-42c2-b444-d37e405725d0_secret_hOGarF8Y99i0nq4D3sLZQmoE2OaI5t6P",
  publishableKey: "pk_test_8mg5aNnpfyT8FY2d6WdF0nj50h2xFyuW",
};

/** CheckoutSessionState. */
export const CHECKOUT_SESSION_STATE_EXAMPLE = {
  session: {
    id: "857c7f27-87f5-45d2-a85f-0c5e2b41c4ed",
    paymentLinkId: "c43f3983-22ae-415e-82bb-579fd6f14f7a",
    status: "OPEN",
    expiresAt: "2026-01-18T12:30:02.000Z",
    transactionId: "34024834-3b63-42c2-b444-d37e405725d0",
    successUrl: "https://loja.example.com/obrigado?paymentLinkId=c43f3983-22ae-415e-82bb-579fd6f14f7a&checkoutSessionId=857c7f27-87f5-45d2-a85f-0c5e2b41c4ed&transactionId=34024834-3b63-42c2-b444-d37e405725d0",
    cancelUrl: "https://loja.example.com/carrinho",
    livemode: false,
    createdAt: "2026-01-18T12:00:02.000Z",
  },
  transaction: CHECKOUT_SESSION_TRANSACTION_EXAMPLE,
};
