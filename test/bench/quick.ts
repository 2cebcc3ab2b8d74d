/**
 * `npm run bench -- --quick`: the regression guard a reviewer runs before a change on a hot path
 * lands (issue 33). Under two minutes: the hot operations only, short rounds, a small seeded
 * history, each ratio compared with the one recorded in bench/results/baseline.json. A ratio more
 * than `TOLERANCE` below its baseline fails the run (exit 1), naming the operation.
 *
 * It guards against a change making the project slower relative to the floor; it does not check
 * the full bench's targets (those need 500,000 rows and longer rounds: `npm run bench`). Ratios
 * against the floor of the same run, not req/s, so a busier machine moves both sides; still, a
 * baseline is a machine's: docs/performance.md says when to record a new one
 * (`npm run bench -- --quick --record-baseline`).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { BenchOptions } from "./args";
import type { OpResult } from "./report";

/** The operations the guard measures: the hot paths issue 33 names (a create, a read, a list page, a link checkout). */
export const QUICK_OPERATIONS = ["create", "get", "list", "link-pix"] as const;

/** The settings a quick run uses unless a flag says otherwise (about 80 s of load, 100 s in all). */
export const QUICK_DEFAULTS: Pick<BenchOptions, "duration" | "warmup" | "rows"> = { duration: 3, warmup: 1, rows: 10_000 };

/** How far below its baseline a ratio may fall before the guard fails: 15 %. */
export const TOLERANCE = 0.15;

/** What bench/results/baseline.json holds. */
export interface Baseline {
  recordedAt: string;
  /** The commit measured (with `+uncommitted` when the checkout had changes). */
  commit: string;
  /** Load average at the start of the recording run: a baseline from a busy machine is too lenient. */
  loadavg: number;
  options: Pick<BenchOptions, "duration" | "warmup" | "rounds" | "connections" | "rows">;
  /** Operation name → median ratio to the floor. */
  ratios: Record<string, number>;
}

/** One operation's comparison with its baseline. */
export interface QuickCheck {
  name: string;
  ratio: number;
  baseline: number | null;
  /** ratio ÷ baseline − 1 (−0.2: 20 % slower than recorded); null without a baseline. */
  change: number | null;
  regressed: boolean;
}

/** Reads the baseline; null when the file is missing (the guard then only reports). */
export function readBaseline(path: string): Baseline | null {
  if (!existsSync(path)) return null;
  const parsed = JSON.parse(readFileSync(path, "utf8")) as Baseline;
  if (typeof parsed.ratios !== "object" || parsed.ratios === null) throw new Error(`${path}: no "ratios" object`);
  return parsed;
}

/** Each measured operation against its baseline ratio; an operation that failed to run regresses. */
export function compareWithBaseline(results: OpResult[], baseline: Baseline | null, tolerance = TOLERANCE): QuickCheck[] {
  return results.map((r) => {
    const recorded = baseline?.ratios[r.name] ?? null;
    if (r.failure) return { name: r.name, ratio: Number.NaN, baseline: recorded, change: null, regressed: true };
    const change = recorded === null ? null : r.ratio / recorded - 1;
    return { name: r.name, ratio: r.ratio, baseline: recorded, change, regressed: change !== null && change < -tolerance };
  });
}

/** The guard's verdict as printed lines. */
export function formatQuick(checks: QuickCheck[], baseline: Baseline | null, baselinePath: string): string {
  const head = baseline
    ? `Quick guard against ${baselinePath} (recorded ${baseline.recordedAt} at ${baseline.commit}, load ${baseline.loadavg.toFixed(1)}): fails below −${(TOLERANCE * 100).toFixed(0)} %`
    : `Quick guard: no baseline at ${baselinePath}; record one with --quick --record-baseline`;
  const rows = checks.map((c) => {
    const ratio = Number.isNaN(c.ratio) ? "failed" : c.ratio.toFixed(3);
    const against = c.baseline === null ? "no baseline" : `baseline ${c.baseline.toFixed(3)}, ${c.change === null ? "—" : `${c.change >= 0 ? "+" : ""}${(c.change * 100).toFixed(1)} %`}`;
    return `  ${c.name.padEnd(10)} ${ratio.padStart(7)}  (${against})${c.regressed ? "  REGRESSED" : ""}`;
  });
  return [head, ...rows].join("\n");
}

/** Writes the run's ratios as the new baseline (only a run with every operation measured). */
export function recordBaseline(path: string, results: OpResult[], opts: BenchOptions, commit: string, loadavg: number, at: Date): Baseline {
  const broken = results.filter((r) => r.failure || r.errors > 0).map((r) => r.name);
  if (broken.length) throw new Error(`not recording a baseline: ${broken.join(", ")} failed or had errors`);
  const baseline: Baseline = {
    recordedAt: at.toISOString(),
    commit,
    loadavg,
    options: { duration: opts.duration, warmup: opts.warmup, rounds: opts.rounds, connections: opts.connections, rows: opts.rows },
    ratios: Object.fromEntries(results.map((r) => [r.name, Number(r.ratio.toFixed(4))])),
  };
  writeFileSync(path, `${JSON.stringify(baseline, null, 2)}\n`);
  return baseline;
}
