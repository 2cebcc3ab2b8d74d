/** The payouts page's words in English (and the subscriptions' new columns). */
const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export const payoutsEn = {
  payouts: {
    title: "Payouts",
    one: "Payout",
    lead: "Sales are paid out on a schedule: PIX the next day, debit cards in 2 days, credit cards in 30 days (UTC days). Refunds and chargebacks are deducted.",
    balance: "Balance",
    available: "Available",
    availableNote: "Due today: paid out within a minute",
    pending: "To receive",
    pendingNote: "Due on the days below",
    paidOut: "Paid out",
    paidOutNote: "Every payout made",
    upcoming: "Upcoming payouts",
    noUpcoming: "Nothing to receive yet: paid sales show here with the day they are paid out.",
    today: "today",
    sales: (n: number) => plural(n, "sale", "sales"),
    breakdown: (gross: string, fees: string) => `gross ${gross} · fees ${fees}`,
    deducted: (amount: string) => `refunds and chargebacks −${amount}`,
    history: "Payouts made",
    caption: (live: boolean): string => (live ? "Live payouts, newest first" : "Test payouts, newest first"),
    none: "No payouts yet.",
    date: "Date",
    transactions: "Transactions",
    gross: "Gross",
    fees: "Fees",
    deductions: "Refunds and chargebacks",
    net: "Net",
    open: (date: string) => `Payout of ${date}`,
    back: "Back to payouts",
    notFound: "This payout was not found in this mode.",
    transactionsCaption: "The transactions this payout paid, newest first",
    payment: "Payment",
    paidAt: "Paid at",
    statuses: { SCHEDULED: "Scheduled", PAID: "Paid" } as Record<string, string>,
  },
  subscriptionList: {
    subscriber: "Subscriber",
    amount: "Amount",
    nextCharge: "Next charge",
    every: (interval: string, count: number) => {
      const unit = { DAY: ["day", "days"], WEEK: ["week", "weeks"], MONTH: ["month", "months"], YEAR: ["year", "years"] }[interval] ?? [interval, interval];
      return count === 1 ? `/${unit[0]}` : `every ${count} ${unit[1]}`;
    },
    charge: "Charge",
    openCharge: "Open the charge",
  },
};

/** The payouts' words (every language has them all). */
export type PayoutStrings = typeof payoutsEn;
