/** Valid request bodies to start tests from. */

/** A valid CPF (check digits 0 and 9) and CNPJ. */
export const VALID_CPF = "52998224725";
export const VALID_CNPJ = "11222333000181";

/** A complete, valid buyer body. */
export function buyerBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Maria da Silva",
    documentType: "CPF",
    documentNumber: VALID_CPF,
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
    ...overrides,
  };
}

/** A valid PIX body with an inline buyer. */
export function pixBody(overrides: Record<string, unknown> = {}) {
  return {
    paymentMethod: "PIX",
    amount: 1050,
    currency: "BRL",
    description: "Pedido 42",
    buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: VALID_CPF, email: "maria@example.com" },
    ...overrides,
  };
}

/**
 * A valid CPF (check digits computed) for the `n`-th buyer of a test: buyers paying at once are
 * different people, each within a link's cap per document (payment-links/holds.ts).
 */
export function cpfOf(n: number): string {
  const base = String(100_000_000 + n).slice(-9).split("").map(Number);
  const check = (digits: number[]) => {
    const sum = digits.reduce((total, d, i) => total + d * (digits.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const first = check(base);
  return [...base, first, check([...base, first])].join("");
}
