/**
 * PIX Automático's business days and retry dates (worker/domain/subscriptions/business-days.ts and
 * automatico-rules.ts; docs/subscriptions.md): weekends and Brazil's national bank holidays are not
 * business days, a due date on one settles on the next business day, and PERMITE_3R_7D's retries
 * fall on later business days within 7 days of the first attempt.
 */
import { describe, expect, it } from "vitest";
import { businessDayFrom, easterOf, isBusinessDay } from "../../worker/domain/subscriptions/business-days";
import { retryDateOf, settlementOf } from "../../worker/domain/subscriptions/automatico-rules";

describe("the business-day calendar", () => {
  it("knows Easter, and the movable bank holidays from it: Carnival, Good Friday, Corpus Christi", () => {
    expect([2025, 2026, 2027, 2028].map(easterOf)).toEqual(["2025-04-20", "2026-04-05", "2027-03-28", "2028-04-16"]);
    for (const day of ["2027-02-08", "2027-02-09", "2027-03-26", "2027-05-27"]) expect(isBusinessDay(day), day).toBe(false);
    expect(isBusinessDay("2027-02-10")).toBe(true); // Ash Wednesday: banks open (from noon)
  });

  it("the fixed national holidays and weekends are not business days", () => {
    for (const day of ["2027-01-01", "2027-04-21", "2027-09-07", "2027-10-12", "2027-11-02", "2027-11-15", "2027-11-20", "2027-12-25", "2027-03-06", "2027-03-07"]) {
      expect(isBusinessDay(day), day).toBe(false);
    }
    expect(businessDayFrom("2027-10-09")).toBe("2027-10-11");
    expect(businessDayFrom("2026-11-20")).toBe("2026-11-23");
  });

  it("a due date that is not a business day asks ajusteDiaUtil and settles on the next one", () => {
    expect(settlementOf("2027-02-08")).toEqual({ adjustToBusinessDay: true, settlementDate: "2027-02-10" });
    expect(settlementOf("2027-02-11")).toEqual({ adjustToBusinessDay: false, settlementDate: "2027-02-11" });
  });

  it("retries: later business days, at most 3, within 7 days of the first attempt", () => {
    // First attempt Friday 2027-03-05.
    expect(retryDateOf("2027-03-05", "2027-03-05", "2027-03-05", 1)).toBe("2027-03-08");
    expect(retryDateOf("2027-03-05", "2027-03-08", "2027-03-08", 2)).toBe("2027-03-09");
    expect(retryDateOf("2027-03-05", "2027-03-09", "2027-03-09", 3)).toBe("2027-03-10");
    expect(retryDateOf("2027-03-05", "2027-03-10", "2027-03-10", 4)).toBeNull();
    // Learnt late (reconciliation a week on): no date is left within the 7 days.
    expect(retryDateOf("2027-03-05", "2027-03-05", "2027-03-12", 1)).toBeNull();
  });
});
