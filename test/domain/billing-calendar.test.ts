import { describe, expect, it } from "vitest";
import { period, periodStart } from "../../worker/domain/subscriptions/calendar";

const starts = (anchor: string, interval: "DAY" | "WEEK" | "MONTH" | "YEAR", count: number, n: number) =>
  Array.from({ length: n }, (_, i) => periodStart(new Date(anchor), { interval, count }, i).toISOString());

describe("billing calendar", () => {
  it("a monthly year from Jan 31 bills on each month's last day when it has fewer days, keeping the time", () => {
    expect(starts("2027-01-31T14:30:00.000Z", "MONTH", 1, 13).map((s) => s.slice(0, 10))).toEqual([
      "2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30",
      "2027-07-31", "2027-08-31", "2027-09-30", "2027-10-31", "2027-11-30", "2027-12-31", "2028-01-31",
    ]);
    expect(starts("2027-01-31T14:30:00.000Z", "MONTH", 1, 13).every((s) => s.endsWith("T14:30:00.000Z"))).toBe(true);
  });

  it("a leap year's February has 29 days", () => {
    expect(starts("2028-01-31T00:00:00.000Z", "MONTH", 1, 3).map((s) => s.slice(0, 10))).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
  });

  it("yearly from Feb 29 bills Feb 28 in common years and Feb 29 again in the next leap year", () => {
    expect(starts("2028-02-29T09:00:00.000Z", "YEAR", 1, 5).map((s) => s.slice(0, 10))).toEqual(["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]);
  });

  it("weekly and every two weeks step 7 and 14 days", () => {
    expect(starts("2027-03-01T10:00:00.000Z", "WEEK", 1, 3)).toEqual(["2027-03-01T10:00:00.000Z", "2027-03-08T10:00:00.000Z", "2027-03-15T10:00:00.000Z"]);
    expect(starts("2027-03-01T10:00:00.000Z", "WEEK", 2, 2)[1]).toBe("2027-03-15T10:00:00.000Z");
  });

  it("quarterly from Nov 30 crosses the year and clamps to Feb 29", () => {
    expect(starts("2027-11-30T00:00:00.000Z", "MONTH", 3, 3).map((s) => s.slice(0, 10))).toEqual(["2027-11-30", "2028-02-29", "2028-05-30"]);
  });

  it("a period ends where the next starts", () => {
    expect(period("2027-01-31T00:00:00.000Z", { interval: "MONTH", count: 1 }, 1)).toEqual({ start: "2027-02-28T00:00:00.000Z", end: "2027-03-31T00:00:00.000Z" });
    expect(period("2027-01-01T00:00:00.000Z", { interval: "DAY", count: 1 }, 0)).toEqual({ start: "2027-01-01T00:00:00.000Z", end: "2027-01-02T00:00:00.000Z" });
  });
});
