/**
 * The quick guard's verdict (quick.ts) and its flags (args.ts): what a reviewer relies on when
 * `npm run bench -- --quick` exits 0 or 1. The timings themselves are not tested here (they are
 * noise on a shared machine); the rule that reads them is.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseBenchArgs } from "./args";
import { compareWithBaseline, formatQuick, QUICK_OPERATIONS, readBaseline, recordBaseline, type Baseline } from "./quick";
import type { OpResult } from "./report";

const KNOWN = ["create", "replay", "get", "list", "list-deep", "buyer", "link-pix", "live-pix", "webhooks", "billing"];
const tmp = mkdtempSync(join(tmpdir(), "bench-quick-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const result = (name: string, ratio: number, extra: Partial<OpResult> = {}): OpResult =>
  ({ name, label: name, floor: "insert", target: null, ratio, ratios: [ratio], project: {} as never, floorSide: {} as never, errors: 0, met: null, ...extra }) as OpResult;

const baseline: Baseline = {
  recordedAt: "2026-11-27T10:00:00.000Z",
  commit: "abc1234567",
  loadavg: 0.4,
  options: { duration: 3, warmup: 1, rounds: 3, connections: 10, rows: 10_000 },
  ratios: { create: 0.6, get: 0.8, list: 0.5, "link-pix": 0.45 },
};

describe("--quick's verdict against bench/results/baseline.json", () => {
  it("passes a ratio up to 15 % below its baseline and fails one further down, naming it", () => {
    const checks = compareWithBaseline([result("create", 0.6 * 0.86), result("get", 0.8 * 0.84), result("list", 0.7), result("link-pix", 0.45)], baseline);
    expect(checks.map((c) => [c.name, c.regressed])).toEqual([
      ["create", false],
      ["get", true],
      ["list", false],
      ["link-pix", false],
    ]);
    expect(checks.find((c) => c.name === "get")!.change).toBeCloseTo(-0.16, 5);
    const text = formatQuick(checks, baseline, "bench/results/baseline.json");
    expect(text).toMatch(/get\s+0\.672\s+\(baseline 0\.800, -16\.0 %\)\s+REGRESSED/);
    expect(text).not.toMatch(/create.*REGRESSED/);
  });

  it("an operation that could not run regresses; one without a recorded ratio only reports", () => {
    const checks = compareWithBaseline([result("create", Number.NaN, { failure: "HTTP 500" }), result("replay", 1.2)], baseline);
    expect(checks).toEqual([
      { name: "create", ratio: Number.NaN, baseline: 0.6, change: null, regressed: true },
      { name: "replay", ratio: 1.2, baseline: null, change: null, regressed: false },
    ]);
    expect(formatQuick(compareWithBaseline([result("create", 0.5)], null), null, "b.json")).toContain("no baseline at b.json");
  });

  it("records a baseline from a clean run, refuses one with errors, and reads it back", () => {
    const path = join(tmp, "baseline.json");
    const opts = parseBenchArgs(["--quick", "--record-baseline"], "/repo", KNOWN)!;
    expect(() => recordBaseline(path, [result("create", 0.6, { errors: 3 })], opts, "c0ffee", 0.5, new Date())).toThrow(/create failed or had errors/);
    recordBaseline(path, [result("create", 0.612345), result("get", 0.8)], opts, "c0ffee", 0.5, new Date("2026-11-27T11:00:00Z"));
    expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({ commit: "c0ffee", loadavg: 0.5, ratios: { create: 0.6123, get: 0.8 }, options: { rows: 10_000, duration: 3 } });
    expect(readBaseline(path)!.ratios.create).toBe(0.6123);
    expect(readBaseline(join(tmp, "missing.json"))).toBeNull();
  });
});

describe("the flags", () => {
  it("--quick runs the hot operations with short rounds and a small history unless told otherwise", () => {
    const opts = parseBenchArgs(["--quick"], "/repo", KNOWN)!;
    expect(opts).toMatchObject({ quick: true, recordBaseline: false, only: [...QUICK_OPERATIONS], duration: 3, warmup: 1, rounds: 3, rows: 10_000 });
    expect(parseBenchArgs(["--quick", "--rows", "1000", "--only", "create"], "/repo", KNOWN)).toMatchObject({ rows: 1000, only: ["create"] });
  });

  it("a full run keeps its defaults; --record-baseline without --quick is refused", () => {
    expect(parseBenchArgs([], "/repo", KNOWN)).toMatchObject({ quick: false, only: [], duration: 5, warmup: 2, rows: 500_000 });
    expect(() => parseBenchArgs(["--record-baseline"], "/repo", KNOWN)).toThrow(/add --quick/);
  });
});
