/**
 * The zone arithmetic the dashboards' days rest on (worker/lib/time-zone.ts, docs/dashboards.md
 * "Days"): where a local day starts, where a zone's offset changes within a period, and which
 * names are zones; and the period built on them (domain/dashboards/period.ts).
 */
import { describe, expect, it } from "vitest";
import { daysOf, lastDaysOf, resolvePeriod } from "../../worker/domain/dashboards/period";
import { canonicalTimeZone, localDate, offsetAt, offsetSpans, startOfDay } from "../../worker/lib/time-zone";

const iso = (ms: number) => new Date(ms).toISOString();

describe("time zones", () => {
  it("a day starts at its local midnight, on either side of DST changes", () => {
    expect(iso(startOfDay("America/Sao_Paulo", "2026-11-27"))).toBe("2026-11-27T03:00:00.000Z");
    expect(iso(startOfDay("Asia/Kolkata", "2026-11-27"))).toBe("2026-11-26T18:30:00.000Z");
    expect(iso(startOfDay("UTC", "2026-11-27"))).toBe("2026-11-27T00:00:00.000Z");
    expect(iso(startOfDay("America/New_York", "2026-03-08"))).toBe("2026-03-08T05:00:00.000Z"); // EST
    expect(iso(startOfDay("America/New_York", "2026-03-09"))).toBe("2026-03-09T04:00:00.000Z"); // EDT
    expect(iso(startOfDay("America/New_York", "2026-11-02"))).toBe("2026-11-02T05:00:00.000Z"); // EST again
  });

  it("a day whose midnight a change skips starts at the change (Santiago; São Paulo before 2019)", () => {
    // Chile: 00:00 of 6 September 2026 does not exist; clocks go from 23:59:59 (−04:00) to 01:00 (−03:00).
    expect(iso(startOfDay("America/Santiago", "2026-09-06"))).toBe("2026-09-06T04:00:00.000Z");
    expect(localDate("America/Santiago", Date.parse("2026-09-06T03:59:59.999Z"))).toBe("2026-09-05");
    expect(iso(startOfDay("America/Sao_Paulo", "2018-11-04"))).toBe("2018-11-04T03:00:00.000Z");
  });

  it("offset spans: one for a zone without changes, one more per change, each change to the second", () => {
    expect(offsetSpans("America/Sao_Paulo", Date.parse("2026-01-01"), Date.parse("2027-01-01"))).toEqual([{ until: null, offset: -10_800 }]);
    expect(offsetSpans("America/New_York", Date.parse("2026-01-01T05:00:00.123Z"), Date.parse("2027-01-01T05:00:00Z"))).toEqual([
      { until: Date.parse("2026-03-08T07:00:00Z"), offset: -18_000 },
      { until: Date.parse("2026-11-01T06:00:00Z"), offset: -14_400 },
      { until: null, offset: -18_000 },
    ]);
    expect(offsetAt("Asia/Kathmandu", Date.parse("2026-06-01"))).toBe(20_700); // +05:45
  });

  it("a zone is an IANA name the runtime knows, spelt with its capitals; offsets and strangers are not", () => {
    expect(canonicalTimeZone("america/sao_paulo")).toBe("America/Sao_Paulo");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    for (const bad of ["-03:00", "+05:30", "Mars/Olympus_Mons", "", "America/Sao Paulo", "../etc", "A".repeat(65)]) expect(canonicalTimeZone(bad)).toBeNull();
  });
});

describe("the period in a zone", () => {
  it("dates start in the zone; daily has one entry per local day, a 23-hour day included", () => {
    const period = resolvePeriod({ from: "2026-03-07", to: "2026-03-10" }, new Date("2026-12-01T00:00:00Z"), "America/New_York");
    expect([period.fromIso, period.toIso]).toEqual(["2026-03-07T05:00:00.000Z", "2026-03-10T04:00:00.000Z"]);
    expect(daysOf(period)).toEqual(["2026-03-07", "2026-03-08", "2026-03-09"]);
  });

  it("the last N days end with the zone's today, whatever UTC's", () => {
    // 02:30 UTC on 10 December is still the 9th in São Paulo, already the 10th in Kolkata.
    const now = new Date("2026-12-10T02:30:00Z");
    expect(lastDaysOf(7, now, "America/Sao_Paulo")).toEqual({ from: "2026-12-03", to: "2026-12-10" });
    expect(lastDaysOf(7, now, "Asia/Kolkata")).toEqual({ from: "2026-12-04", to: "2026-12-11" });
    const period = resolvePeriod({ lastDays: 7 }, now, "America/Sao_Paulo");
    expect([period.fromIso, period.toIso]).toEqual(["2026-12-03T03:00:00.000Z", "2026-12-10T03:00:00.000Z"]);
    expect(daysOf(period)).toHaveLength(7);
  });
});
