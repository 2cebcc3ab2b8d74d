/**
 * The words of finding a payment in English (docs/dashboard.md, "Finding a payment" and
 * "Exporting payments"): what to search by, its errors, and the CSV export.
 */
export const findingEn = {
  finding: {
    searchBy: "Search by",
    searchText: "Search for",
    keys: {
      name: "Buyer's name",
      document: "CPF/CNPJ",
      description: "Description or order",
      paymentLink: "Payment link",
      endToEndId: "PIX E2E id",
      cardLast4: "Card's last 4 digits",
    } as Record<string, string>,
    hints: {
      name: "The beginning of the name, with or without accents.",
      document: "With or without dots and dashes.",
      description: "Any part of the description.",
      paymentLink: "The link's address or its id.",
      endToEndId: "The E2E id the payer's bank shows (E…).",
      cardLast4: "The 4 digits printed last on the card.",
    } as Record<string, string>,
    invalid: {
      name: "Type a name.",
      document: "Type a CPF (11 digits) or a CNPJ (14 characters).",
      description: "Type some of the description.",
      paymentLink: "Paste the payment link's address or id.",
      endToEndId: "Type the E2E id: letters and digits, such as E1823…",
      cardLast4: "Type the card's last 4 digits.",
    } as Record<string, string>,
    exportCsv: "Export CSV",
    exportHint: "The payments that match the search, as a spreadsheet (semicolons, São Paulo time).",
  },
};

/** The finding part's shape, which the pt-BR part matches. */
export type FindingStrings = typeof findingEn;
