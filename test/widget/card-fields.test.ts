/**
 * The card frame's field logic (widget/src/card-frame/fields.ts), without a browser: grouping by
 * brand, the expiry as typed or autofilled, which error each field has (shared/cards.ts's
 * rules), and what the host may be told. The frame at work: test/browser/card-frame.test.ts.
 */
import { describe, expect, it } from "vitest";
import { cardChange, cardErrors, expiryDigits, formatExpiry, formatNumber, isFull, type CardValues } from "../../widget/src/card-frame/fields";

const NOW = new Date("2026-11-22T12:00:00Z");
const card = (values: Partial<CardValues> = {}): CardValues => ({ number: "4111111111111111", expiry: "1230", cvv: "123", holderName: "MARIA SILVA", ...values });

describe("card fields", () => {
  it("groups the number as the brand prints it", () => {
    expect(formatNumber("4111111111111111")).toBe("4111 1111 1111 1111");
    expect(formatNumber("4111111111111111234")).toBe("4111 1111 1111 1111 234");
    expect(formatNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatNumber("37828")).toBe("3782 8");
    expect(formatNumber("36227206271667")).toBe("3622 720627 1667"); // Diners, 14 digits
    expect(formatNumber("6362970000457013")).toBe("6362 9700 0045 7013"); // Elo
    expect(formatNumber("")).toBe("");
  });

  it("reads the expiry as typed or as autofill writes it", () => {
    expect(["1", "12", "123", "1230", "12345", "4", "0", "12/2030", "12 / 30", "1/30", "01-2031"].map(expiryDigits)).toEqual([
      "1", "12", "123", "1230", "1234", "04", "0", "1230", "1230", "0130", "0131",
    ]);
    expect(["", "1", "12", "123", "1230"].map(formatExpiry)).toEqual(["", "1", "12", "12/3", "12/30"]);
  });

  it("names each field's error by shared/cards.ts's rules", () => {
    expect(cardErrors(card(), NOW)).toEqual({});
    expect(cardErrors(card({ number: "", expiry: "", cvv: "", holderName: "  " }), NOW)).toEqual({ number: "required", expiry: "required", cvv: "required", holderName: "required" });
    expect(cardErrors(card({ number: "4111111111111112" }), NOW).number).toBe("luhn_failed");
    expect(cardErrors(card({ number: "41111111" }), NOW).number).toBe("incomplete");
    expect(cardErrors(card({ number: "37828224631000" }), NOW).number).toBe("incomplete"); // Amex has 15
    expect(cardErrors(card({ number: "9111111111111110" }), NOW).number).toBe("unknown_brand");
    expect(cardErrors(card({ expiry: "123" }), NOW).expiry).toBe("incomplete");
    expect(cardErrors(card({ expiry: "1330" }), NOW).expiry).toBe("invalid_month");
    expect(cardErrors(card({ expiry: "1026" }), NOW).expiry).toBe("expired");
    expect(cardErrors(card({ expiry: "1126" }), NOW).expiry).toBeUndefined(); // valid through its month
    expect(cardErrors(card({ cvv: "12" }), NOW).cvv).toBe("invalid_cvv");
    expect(cardErrors(card({ number: "378282246310005", cvv: "123" }), NOW).cvv).toBe("invalid_cvv");
    expect(cardErrors(card({ number: "378282246310005", cvv: "1234" }), NOW)).toEqual({});
  });

  it("lets an error show while typing only once the field is full", () => {
    expect(isFull("number", card({ number: "411111111111111" }))).toBe(false);
    expect(isFull("number", card())).toBe(true);
    expect(isFull("number", card({ number: "378282246310005" }))).toBe(true);
    expect(isFull("expiry", card({ expiry: "123" }))).toBe(false);
    expect(isFull("cvv", card({ number: "378282246310005", cvv: "123" }))).toBe(false);
    expect(isFull("holderName", card())).toBe(false);
  });

  it("tells the host the brand, and the last 4 only of a valid number", () => {
    const change = (values: CardValues) => cardChange(values, cardErrors(values, NOW), {});
    expect(change(card())).toEqual({ brand: "VISA", last4: "1111", complete: true, valid: true, errors: {} });
    expect(change(card({ number: "4111111111111112" }))).toEqual({ brand: "VISA", last4: null, complete: true, valid: false, errors: {} });
    expect(change(card({ number: "411111" }))).toMatchObject({ brand: "VISA", last4: null, complete: false, valid: false });
    expect(change(card({ expiry: "1026" }))).toMatchObject({ last4: "1111", complete: true, valid: false });
    expect(change(card({ holderName: "" }))).toMatchObject({ last4: "1111", complete: false, valid: false });
  });
});
