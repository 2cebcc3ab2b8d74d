/** shared/installments.ts: a total split in installments adds up to it, the remainder in the first. */
import { describe, expect, it } from "vitest";
import { splitInstallments } from "../../shared/installments";

describe("splitInstallments", () => {
  it("puts the remainder cents in the first installment: R$ 50,00 in 3 is 16,68 + 16,66 + 16,66", () => {
    expect(splitInstallments(5000, 3)).toEqual({ count: 3, first: 1668, each: 1666 });
    expect(splitInstallments(4990, 3)).toEqual({ count: 3, first: 1664, each: 1663 });
    expect(splitInstallments(4800, 3)).toEqual({ count: 3, first: 1600, each: 1600 });
    expect(splitInstallments(4990, 1)).toEqual({ count: 1, first: 4990, each: 4990 });
  });

  it("sums exactly to the total for every amount and count the checkout offers (1 to 21)", () => {
    for (const amount of [1, 2, 99, 100, 4990, 5000, 12_345, 99_999_999]) {
      for (let n = 1; n <= 21; n++) {
        const { first, each } = splitInstallments(amount, n);
        expect(first + each * (n - 1), `${amount} in ${n}`).toBe(amount);
        expect(first).toBeGreaterThanOrEqual(each);
        expect(first - each).toBeLessThan(n);
      }
    }
  });
});
