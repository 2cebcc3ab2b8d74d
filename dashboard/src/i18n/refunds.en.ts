/**
 * A payment's page's words for following a refund and reading the payment's detail (issue 31,
 * items 5 and 6), in English: the confirmation, the reason, the money after refunds, the card's
 * and the PIX's identifiers.
 */
export const refundsEn = {
  refundFlow: {
    confirmQuestion: (amount: string, name: string | null) => (name ? `Refund ${amount} to ${name}?` : `Refund ${amount}?`),
    confirmAction: "Confirm refund",
    reason: "Reason (optional)",
    reasonHint: "Up to 200 characters, kept with the refund.",
    reasonTooLong: "Write at most 200 characters.",
    reasonColumn: "Reason",
    partiallyRefunded: "Partially refunded",
    following: "The refund is in progress; this page updates when it ends.",
    completed: (amount: string) => `The refund of ${amount} is complete.`,
    failed: (amount: string) => `The refund of ${amount} failed.`,
  },
  money: {
    title: "Amounts",
    paid: "Paid by the buyer",
    fee: "Fee",
    refunded: "Refunded",
    chargedBack: "Charged back",
    net: "Net after refunds",
    netNote: "What the seller receives: paid, less the fee, completed refunds and chargebacks, as settlements count it.",
  },
  detail: {
    acquirer: "Acquirer",
    authorizationCode: "Authorization code",
    endToEndId: "PIX end-to-end id (E2E)",
    installments: (n: number) => (n === 1 ? "1× (paid at once)" : `${n}×`),
  },
};

export type RefundStrings = typeof refundsEn;
