import { describe, expect, it } from "vitest";
import {
  binOf,
  CARD_BRANDS,
  cardProblems,
  type CardBrand,
  cvvLength,
  detectBrand,
  expiryValid,
  lastFourOf,
  luhnValid,
  PAN_LENGTHS,
  parseExpiry,
} from "../../shared/cards";

/** Fixed clock: every expiry expectation below is relative to November 2026. */
const NOW = new Date("2026-11-22T12:00:00Z");

/** The brands' public test numbers (all pass Luhn). */
const SAMPLES: Array<[string, CardBrand]> = [
  ["4111111111111111", "VISA"],
  ["4000000000003220", "VISA"],
  ["5555555555554444", "MASTERCARD"],
  ["2223003122003222", "MASTERCARD"],
  ["378282246310005", "AMEX"],
  ["6362970000457013", "ELO"],
  ["6062825624254001", "HIPERCARD"],
  ["36227206271667", "DINERS"],
  ["6011111111111117", "DISCOVER"],
  ["3566002020360505", "JCB"],
];

describe("luhnValid", () => {
  it.each([...SAMPLES.map(([pan]) => pan), "79927398713", "0"])("accepts %s", (pan) => {
    expect(luhnValid(pan)).toBe(true);
  });

  it.each(["4111111111111112", "79927398710", "5555555555554445", "1234"])("refuses %s (wrong check digit)", (pan) => {
    expect(luhnValid(pan)).toBe(false);
  });

  it.each(["", "4111 1111 1111 1111", "4111-1111-1111-1111", "411111111111111a", "-4111111111111111", " 4111111111111111"])(
    "refuses %j (empty or not only digits)",
    (pan) => {
      expect(luhnValid(pan)).toBe(false);
    },
  );
});

describe("detectBrand", () => {
  it.each(SAMPLES)("%s is %s", (pan, brand) => {
    expect(detectBrand(pan)).toBe(brand);
  });

  it("has a sample for every brand", () => {
    expect(new Set(SAMPLES.map(([, brand]) => brand))).toEqual(new Set(CARD_BRANDS));
  });

  it.each([
    // Elo and Hipercard inside other brands' prefixes: the order of checks decides these.
    ["4011780000000006", "ELO"], // Visa 4…
    ["457632", "ELO"],
    ["6500310000000005", "ELO"], // Discover 65…
    ["6550210000000006", "ELO"],
    ["3841000000000007", "HIPERCARD"], // Diners 38…
    ["6370950000000000001", "HIPERCARD"],
    // Range bounds.
    ["506699", "ELO"],
    ["506778", "ELO"],
    ["509999", "ELO"],
    ["650978", "ELO"],
    ["650034", "DISCOVER"], // the gap between Elo's 650031-650033 and 650035-650051
    ["655020", "DISCOVER"], // the gap between Elo's 655000-655019 and 655021-655058
    ["650000", "DISCOVER"],
    ["622126", "DISCOVER"],
    ["622925", "DISCOVER"],
    ["644000", "DISCOVER"],
    ["649999", "DISCOVER"],
    ["222100", "MASTERCARD"],
    ["272099", "MASTERCARD"],
    ["510000", "MASTERCARD"],
    ["559999", "MASTERCARD"],
    ["340000", "AMEX"],
    ["300000", "DINERS"],
    ["305999", "DINERS"],
    ["390000", "DINERS"],
    ["352800", "JCB"],
    ["358999", "JCB"],
    ["4", "VISA"],
    // Too short for Elo's 6-digit ranges: only the Visa prefix can match (documented).
    ["40117", "VISA"],
  ] as Array<[string, CardBrand]>)("%s is %s", (bin, brand) => {
    expect(detectBrand(bin)).toBe(brand);
  });

  it.each(["", "abc", "4111 1111", "1234567812345670", "0", "3", "9", "500000", "560000", "222000", "272100", "352700", "359000", "306000", "601200", "622125", "622926", "643999"])(
    "%j is no known brand",
    (bin) => {
      expect(detectBrand(bin)).toBeNull();
    },
  );
});

describe("PAN and CVV lengths", () => {
  it("lists the lengths of every brand", () => {
    expect(PAN_LENGTHS).toEqual({
      VISA: [13, 16, 19],
      MASTERCARD: [16],
      AMEX: [15],
      ELO: [16],
      HIPERCARD: [13, 16, 19],
      DINERS: [14, 16, 19],
      DISCOVER: [16, 19],
      JCB: [16, 19],
    });
  });

  it.each(SAMPLES)("the length of %s is one %s allows", (pan, brand) => {
    expect(PAN_LENGTHS[brand]).toContain(pan.length);
  });

  it.each(CARD_BRANDS.map((brand) => [brand, brand === "AMEX" ? 4 : 3] as const))("%s has a %i-digit CVV", (brand, length) => {
    expect(cvvLength(brand)).toBe(length);
  });
});

describe("expiry", () => {
  it.each([
    ["01", "26", { month: "01", year: "2026" }],
    ["12", "2030", { month: "12", year: "2030" }],
    ["09", "00", { month: "09", year: "2000" }],
  ])("parseExpiry(%j, %j) normalizes", (month, year, expected) => {
    expect(parseExpiry(month, year)).toEqual(expected);
  });

  it.each([
    ["1", "26"],
    ["00", "26"],
    ["13", "26"],
    ["001", "26"],
    ["01", "026"],
    ["01", "20266"],
    ["01", "2026 "],
    ["01", "2O26"],
    ["", "26"],
    ["01", ""],
  ])("parseExpiry(%j, %j) is null", (month, year) => {
    expect(parseExpiry(month, year)).toBeNull();
  });

  it.each([
    ["11", "2026"], // the current month: valid through its last day
    ["11", "26"],
    ["12", "26"],
    ["01", "2027"],
    ["01", "27"],
  ])("%s/%s is still valid in November 2026", (month, year) => {
    expect(expiryValid(month, year, NOW)).toBe(true);
  });

  it.each([
    ["10", "2026"], // last month
    ["10", "26"],
    ["12", "2025"],
    ["00", "2027"],
    ["13", "2027"],
    ["1", "2027"],
  ])("%s/%s is not valid in November 2026", (month, year) => {
    expect(expiryValid(month, year, NOW)).toBe(false);
  });

  it("counts months in UTC, not in the clock's local time zone", () => {
    // 2026-11-30T22:00Z: still November in UTC though December in UTC+3.
    expect(expiryValid("11", "2026", new Date("2026-12-01T01:00:00+03:00"))).toBe(true);
    // 2026-12-01T02:30Z: already December in UTC though November in UTC-3.
    expect(expiryValid("11", "2026", new Date("2026-11-30T23:30:00-03:00"))).toBe(false);
  });
});

describe("cardProblems", () => {
  const valid = { number: "4111111111111111", expirationMonth: "12", expirationYear: "2030", cvv: "123" };
  const codes = (card: Partial<typeof valid>) => cardProblems({ ...valid, ...card }, NOW).map((p) => [p.field, p.code]);

  it("finds nothing wrong with valid cards, with or without a CVV", () => {
    expect(cardProblems(valid, NOW)).toEqual([]);
    expect(cardProblems({ ...valid, cvv: undefined }, NOW)).toEqual([]);
    expect(cardProblems({ number: "378282246310005", expirationMonth: "11", expirationYear: "26", cvv: "1234" }, NOW)).toEqual([]);
    for (const [number] of SAMPLES) expect(cardProblems({ ...valid, number, cvv: undefined }, NOW), number).toEqual([]);
  });

  it.each([
    ["4111 1111 1111 1111", "invalid_format"],
    ["41111111111", "invalid_format"], // 11 digits
    ["41111111111111111111", "invalid_format"], // 20 digits
    ["", "invalid_format"],
    ["4111111111111112", "luhn_failed"],
    ["1234567812345670", "unknown_brand"],
    ["411111111111116", "invalid_length"], // Visa, 15 digits
    ["555555555555442", "invalid_length"], // Mastercard, 15 digits
    ["3782822463100052", "invalid_length"], // Amex, 16 digits
    ["636297000045701003", "invalid_length"], // Elo, 18 digits
    ["606282562425407", "invalid_length"], // Hipercard, 15 digits
  ])("number %j: only %s", (number, code) => {
    expect(codes({ number, cvv: undefined })).toEqual([["number", code]]);
  });

  it.each([
    [{ expirationMonth: "00" }, [["expirationMonth", "invalid_month"]]],
    [{ expirationMonth: "13" }, [["expirationMonth", "invalid_month"]]],
    [{ expirationMonth: "1" }, [["expirationMonth", "invalid_month"]]],
    [{ expirationYear: "202" }, [["expirationYear", "invalid_year"]]],
    [{ expirationYear: "20266" }, [["expirationYear", "invalid_year"]]],
    [{ expirationMonth: "10", expirationYear: "2026" }, [["expirationYear", "expired"]]],
    [{ expirationMonth: "12", expirationYear: "25" }, [["expirationYear", "expired"]]],
    // A malformed month is reported once, not also as expired.
    [{ expirationMonth: "00", expirationYear: "2020" }, [["expirationMonth", "invalid_month"]]],
    [{ cvv: "1234" }, [["cvv", "invalid_cvv"]]], // Visa takes 3
    [{ cvv: "12" }, [["cvv", "invalid_cvv"]]],
    [{ cvv: "12a" }, [["cvv", "invalid_cvv"]]],
    [{ cvv: "" }, [["cvv", "invalid_cvv"]]],
    [{ number: "378282246310005", cvv: "123" }, [["cvv", "invalid_cvv"]]], // Amex takes 4
    [{ number: "1234567812345670", cvv: "1234" }, [["number", "unknown_brand"]]], // no brand: 3 or 4 digits
    [{ number: "1234567812345670", cvv: "123" }, [["number", "unknown_brand"]]],
    [{ number: "1234567812345670", cvv: "12345" }, [["number", "unknown_brand"], ["cvv", "invalid_cvv"]]],
  ] as Array<[Partial<typeof valid>, string[][]]>)("%j → %j", (card, expected) => {
    expect(codes(card)).toEqual(expected);
  });

  it("reports every faulty field at once", () => {
    const card = { number: "4111111111111112", expirationMonth: "13", expirationYear: "x", cvv: "1" };
    expect(codes(card)).toEqual([
      ["number", "luhn_failed"],
      ["expirationMonth", "invalid_month"],
      ["expirationYear", "invalid_year"],
      ["cvv", "invalid_cvv"],
    ]);
  });

  it("never puts the card number or the CVV in a message", () => {
    const cards = [
      { number: "4111111111111112", cvv: "98765" },
      { number: "1234567812345670", cvv: "98765" },
      { number: "3782822463100052", cvv: "9876" },
      { number: "411111111111116", cvv: "987" }, // Visa, so 987 is a well-formed CVV
      { number: "4111 1111 1111 1111", cvv: "9a87" },
      { number: "4111111111111111", cvv: "9876", expirationMonth: "10", expirationYear: "2026" },
    ];
    for (const card of cards) {
      const problems = cardProblems({ ...valid, ...card }, NOW);
      expect(problems.length, card.number).toBeGreaterThan(0);
      for (const { message } of problems) {
        expect(message).not.toContain(card.number);
        expect(message).not.toContain(card.cvv);
        expect(message).not.toMatch(/\d{4,}/); // not even a BIN or the last four
        expect(message.length).toBeGreaterThan(10);
      }
    }
  });
});

describe("binOf and lastFourOf", () => {
  it.each([
    ["4111111111111111", "411111", "1111"],
    ["378282246310005", "378282", "0005"],
    ["6362970000457013", "636297", "7013"],
  ])("%s → %s…%s", (pan, bin, last4) => {
    expect(binOf(pan)).toBe(bin);
    expect(lastFourOf(pan)).toBe(last4);
  });
});
