/**
 * Response examples of transactions, refunds, buyers, the card vault and 3-D Secure:
 * what the /docs reference shows (issue 31).
 * Answers the API gave in a sandbox run (amounts in centavos, BRL, ids UUIDs), not placeholders;
 * test/openapi.examples.test.ts validates each against its schema.
 */

/** Refund. */
export const REFUND_EXAMPLE = {
  id: "1390f822-de22-47d0-912e-596044f895e9",
  transactionId: "c82422df-70cc-4aae-99b4-f9249be63e47",
  amount: 500,
  originalAmount: 1990,
  status: "COMPLETED",
  failureReason: null,
  reason: "Cliente desistiu de um item",
  requestedAt: "2026-01-15T12:00:00.000Z",
  completedAt: "2026-01-15T12:00:02.000Z",
};

/** Transaction. */
export const TRANSACTION_EXAMPLE = {
  id: "c82422df-70cc-4aae-99b4-f9249be63e47",
  status: "PAID",
  paymentMethod: "PIX",
  amount: 1990,
  currency: "BRL",
  description: "Pedido 42",
  livemode: false,
  buyerId: null,
  customer: { name: "Maria da Silva", email: "maria@example.com", document: "***.982.247-**" },
  paymentDetails: {
    qrCode: "00020101021226710014br.gov.bcb.pix2549pay.example.com/pix/loc/UwFyyeII2HfHZGkSxq9dRNxrG520400005303986540519.905802BR5915Loja Teste Ltda6009Sao Paulo62070503***6304948E",
    qrCodeUrl: "https://pay.example.com/pix/qr/UwFyyeII2HfHZGkSxq9dRNxrG",
    expiresAt: "2026-01-15T13:00:00.000Z",
  },
  createdAt: "2026-01-15T12:00:00.000Z",
  updatedAt: "2026-01-15T12:00:02.000Z",
  paidAt: "2026-01-15T12:00:00.000Z",
  cancelledAt: null,
  cancellationReason: null,
  refunds: [REFUND_EXAMPLE],
  idempotencyKey: "bf9859bb-8459-4f72-986e-bb2445d7c0aa",
  pendingAction: null,
  feeAmount: 20,
  netAmount: 1970,
  card: null,
  cardToken: null,
  installments: null,
  maxInstallments: null,
  acquirer: null,
  authorizationCode: null,
  failureCode: null,
  failureMessage: null,
  clientSecret: "c82422df-70cc-4aae-99b4-f9249be63e47_secret_PAgJmCAgZszEzNVsjz550X5aS2JSp4zE",
  paymentLinkId: null,
  subscriptionId: null,
  invoiceId: null,
  initiatedBy: "CUSTOMER",
};

/** CheckoutTransaction: a link's PIX charge as its buyer sees it (publishable key and client secret). */
export const CHECKOUT_TRANSACTION_EXAMPLE = {
  id: "34024834-3b63-42c2-b444-d37e405725d0",
  status: "PENDING",
  paymentMethod: "PIX",
  amount: 4990,
  currency: "BRL",
  description: "Camiseta Azul",
  livemode: false,
  merchant: { name: "Loja Teste Ltda" },
  paymentDetails: {
    qrCode: "00020101021226710014br.gov.bcb.pix2549pay.example.com/pix/loc/EIky3IB7lrZQYhmEcrgQpBsGB520400005303986540549.905802BR5915Loja Teste Ltda6009Sao Paulo62070503***6304CF50",
    qrCodeUrl: "https://pay.example.com/pix/qr/EIky3IB7lrZQYhmEcrgQpBsGB",
    expiresAt: "2026-01-18T12:05:02.000Z",
  },
  card: null,
  installments: null,
  maxInstallments: null,
  nextAction: null,
  failureCode: null,
  failureMessage: null,
  refundedAmount: 0,
  createdAt: "2026-01-18T12:00:02.000Z",
  paidAt: null,
  cancelledAt: null,
  cancellationReason: null,
  serverTime: "2026-01-18T12:00:02.000Z",
};

/** Buyer. */
export const BUYER_EXAMPLE = {
  id: "02f8473d-0c72-4e4f-a1d5-c5c8baed4ef0",
  name: "Maria da Silva",
  documentType: "CPF",
  documentNumber: "***.982.247-**",
  email: "maria@example.com",
  phone: "11987654321",
  address: {
    street: "Avenida Paulista",
    number: "1000",
    complement: "apto 12",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    zipCode: "01310100",
    country: "BR",
  },
  createdAt: "2026-01-15T12:00:00.000Z",
  updatedAt: "2026-01-15T12:00:00.000Z",
};

/** TokenizedCard. */
export const TOKENIZED_CARD_EXAMPLE = {
  cardToken: "tok_Tkzg1iRXYeLfK7NwiFqduF0XiKL3ggZ8",
  type: "TOKENIZED",
  buyerId: "02f8473d-0c72-4e4f-a1d5-c5c8baed4ef0",
  status: "ACTIVE",
  expirationDate: "2030-12-31T23:59:59.999Z",
  createdAt: "2026-01-18T12:00:02.000Z",
  card: {
    brand: "MASTERCARD",
    holderName: "MARIA DA SILVA",
    first6digits: "555555",
    last4digits: "4444",
    expirationMonth: "12",
    expirationYear: "2030",
  },
};

/** ThreeDsSetupResult. */
export const THREEDS_SETUP_RESULT_EXAMPLE = {
  code: "SETUP_COMPLETED",
  accessToken: "fN6oGMk_do5P45egMEApKIxzuilshBwmxmN6lkvXBIg",
  deviceDataCollectionUrl: "https://pay.example.com/3ds/device-data/94fba2be-2f31-4097-b6fd-bc370a1ad4a5",
  referenceId: "94fba2be-2f31-4097-b6fd-bc370a1ad4a5",
  requestId: "c45e91f7-1b15-4197-84f7-4aeba2124681",
  cardAcquirer: "sandbox-alpha",
};

/** ThreeDsAuthenticateResult. */
export const THREEDS_AUTHENTICATE_RESULT_EXAMPLE = {
  code: "AUTHENTICATION_SUCCESSFUL",
  authenticationTransactionId: "eeaea15f-299c-4875-88e2-10e2d10426af",
  deviceChannel: "BROWSER",
  accessToken: "fN6oGMk_do5P45egMEApKIxzuilshBwmxmN6lkvXBIg",
  specificationVersion: "2.2.0",
  cavv: "NyVXe3Ur5k13EWxuyiDNcMBK6_hXIwnTA7xRogAmCv4",
  xid: "8FYAXdVO8S9CtnOngV3E9rsebUY=",
  eci: "05",
  directoryServerTransactionId: "5b88a4bf-370b-4b1f-8305-699ee900ed38",
  threeDsServerTransactionId: "6aeec813-4908-4d77-a3e1-83c486b1c216",
};

/** ThreeDsChallengeResult. */
export const THREEDS_CHALLENGE_RESULT_EXAMPLE = {
  status: "AUTHENTICATION_SUCCESSFUL",
  threeDsServerTransactionId: "4444f8a4-c371-431a-ac1e-85ddd4f6091c",
  directoryServerTransactionId: "2ad517fa-0315-42ed-8a90-20e3d6f26af0",
  secureVersion: "2.2.0",
  xid: "t+m/xZBjaKtpd8k2IzyhXLSrZNU=",
  cavv: "qfMx3seMHhYZE-ON5lHiEOAd7CQa3Ua-kLL_daqaC-Q",
  eci: "05",
};
