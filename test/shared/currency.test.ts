import { describe, expect, it } from "vitest";
import { CURRENCY_EXPONENTS, formatMinor, isCurrency, minorUnits } from "../../shared/currency";
import { formatMoney } from "../../shared/money";

describe("ISO 4217 currencies", () => {
  it.each([
    ["BRL", 2],
    ["USD", 2],
    ["EUR", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["CLP", 0],
    ["KWD", 3],
    ["BHD", 3],
  ])("%s has %i minor digits", (code, exponent) => {
    expect(isCurrency(code)).toBe(true);
    expect(minorUnits(code)).toBe(exponent);
  });

  it("refuses unknown, lower-case, fund, metal and testing codes", () => {
    for (const code of ["XYZ", "brl", "BR", "CLF", "USN", "XAU", "XTS", "XXX", "HRK"]) expect(isCurrency(code), code).toBe(false);
    expect(() => minorUnits("XYZ")).toThrow(RangeError);
  });

  it("lists each code once, all three upper-case letters", () => {
    expect(CURRENCY_EXPONENTS.size).toBeGreaterThan(150);
    for (const code of CURRENCY_EXPONENTS.keys()) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it.each([
    [1050, "BRL", "10.50"],
    [5, "BRL", "0.05"],
    [1000, "JPY", "1000"],
    [1234, "KWD", "1.234"],
    [-250, "USD", "-2.50"],
  ])("formatMinor(%i, %s) = %s", (amount, code, text) => {
    expect(formatMinor(amount, code)).toBe(text);
  });
});

describe("formatMoney", () => {
  it("divides by the ISO exponent and lets Intl write the symbol and grouping", () => {
    expect(formatMoney(150000, "JPY", "en")).toBe("¥150,000");
    expect(formatMoney(1500, "KWD", "en")).toBe("KWD\u00a01.500");
    expect(formatMoney(1000, "IQD", "en")).toBe("IQD\u00a01.000");
    expect(formatMoney(1990, "BRL", "pt-BR")).toBe("R$\u00a019,90");
    expect(formatMoney(1050, "X!", "en")).toBe("10.50 X!");
  });
});
