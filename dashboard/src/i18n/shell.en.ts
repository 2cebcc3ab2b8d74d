/**
 * The app shell's words in English (issue 31, items 7 to 9): the test mode's banner, the menu on
 * a phone, the folded filters, the payments list's empty states, and how the audit log names a
 * device and what a row is about (the sessions page's naming: sessions/device-name.ts).
 */
export const shellEn = {
  shell: {
    testBanner: "Test mode: you are seeing test data. Nothing here moves real money.",
    menu: "Menu",
    filters: "Filters",
    noPaymentsLive: "No live payments yet. When a buyer pays in live mode, the payment shows up here.",
    noPaymentsTest: "No test payments yet. Create a charge with your test key and it shows up here.",
    /** What an audit row is about, by its `targetType`; others show the type as it is. */
    targets: {
      passkey: "Passkey",
      session: "Session",
      member: "Member",
      team_member: "Team member",
      transaction: "Payment",
      payment_link: "Payment link",
      subscription: "Subscription",
      seller: "Sub-seller",
      api_key: "API key",
      webhook: "Webhook",
    } as Record<string, string>,
  },
};

/** The shell's words (every language has them all). */
export type ShellStrings = typeof shellEn;
