/**
 * A card sale's installments: how a total in minor units is split so the parts add up to it
 * exactly. The remainder cents go to the first installment (as Asaas and PPRO do: the buyer
 * sees the odd amount at once, never a last installment that differs): R$ 50,00 in 3 is
 * R$ 16,68 + R$ 16,66 + R$ 16,66. The widget shows this split and anything on the server that
 * names an installment's amount uses it too (docs/cards.md, "Installments").
 */

/** What each installment of an `amount` split in `count` is: `first` (with the remainder), then `count - 1` of `each`. */
export interface InstallmentSplit {
  count: number;
  first: number;
  each: number;
}

/** Splits `amount` (minor units, ≥ 0) into `count` (≥ 1) installments: first + each × (count − 1) = amount. */
export function splitInstallments(amount: number, count: number): InstallmentSplit {
  const n = Math.max(1, Math.floor(count));
  const each = Math.floor(amount / n);
  return { count: n, first: amount - each * (n - 1), each };
}

