/**
 * Turning rounds into a verdict: per operation the median of the per-round ratios (a burst of
 * load from another job hits one round, not the median), the median req/s and latencies of each
 * side, the error count, and whether the target holds; printed as one table and saved as JSON.
 */
import { cpus, loadavg } from "node:os";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Sample } from "./load";
import type { Operation, Target } from "./ops";

/** One operation's outcome. */
export interface OpResult {
  name: string;
  label: string;
  floor: Operation["floor"];
  target: Target | null;
  /** Median of project rps ÷ floor rps over the rounds. */
  ratio: number;
  ratios: number[];
  project: Side;
  floorSide: Side;
  /** Unexpected statuses and connection errors, both sides, measured rounds and warm-up. */
  errors: number;
  /** null when there is no target. */
  met: boolean | null;
  /** Set when the operation could not be measured at all. */
  failure?: string;
}

/** Medians of one side's rounds, and the rounds themselves. */
export interface Side {
  rps: number;
  p50: number;
  p99: number;
  rounds: Sample[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function side(rounds: Sample[]): Side {
  return { rps: median(rounds.map((r) => r.rps)), p50: median(rounds.map((r) => r.p50)), p99: median(rounds.map((r) => r.p99)), rounds };
}

/** Summarizes paired rounds (`floor[i]` ran just before `project[i]`); `warmupErrors` adds the warm-up's. */
export function summarize(
  op: Operation,
  label: string,
  target: Target | null,
  floor: Sample[],
  project: Sample[],
  warmupErrors: number,
): OpResult {
  const ratios = project.map((p, i) => p.rps / floor[i]!.rps);
  const result: OpResult = {
    name: op.name,
    label,
    floor: op.floor,
    target,
    ratio: median(ratios),
    ratios,
    project: side(project),
    floorSide: side(floor),
    errors: warmupErrors + [...floor, ...project].reduce((n, s) => n + s.errors, 0),
    met: null,
  };
  if (target) {
    result.met =
      result.ratio >= target.minRatio &&
      (target.maxP99Factor === undefined || result.project.p99 <= target.maxP99Factor * result.floorSide.p99) &&
      (target.maxP99Ms === undefined || result.project.p99 <= target.maxP99Ms);
  }
  return result;
}

/** An operation that could not be measured (setup failed, host died). */
export function failed(op: Operation, failure: string): OpResult {
  const empty = side([]);
  return { name: op.name, label: op.label, floor: op.floor, target: op.target, ratio: Number.NaN, ratios: [], project: empty, floorSide: empty, errors: 1, met: op.target ? false : null, failure };
}

/** True when the operation neither missed a target nor saw an error. */
export const passed = (r: OpResult) => r.errors === 0 && r.met !== false;

function verdict(r: OpResult): string {
  if (r.failure) return "FAILED";
  const parts = [r.met === null ? "-" : r.met ? "ok" : "MISSED"];
  if (r.errors > 0) parts.push("ERRORS");
  return parts.join("+");
}

const fmt = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
const ms = (s: Side) => `${fmt(s.p50, 2)}/${fmt(s.p99, 2)}`;
const targetText = (t: Target | null) =>
  t ? `≥${t.minRatio.toFixed(2)}${t.maxP99Factor ? `, p99≤${t.maxP99Factor}×` : ""}${t.maxP99Ms ? `, p99≤${t.maxP99Ms} ms` : ""}` : "none";

/** The results as an aligned text table. */
export function formatTable(results: OpResult[]): string {
  const head = ["operation", "project req/s", "floor req/s", "ratio", "project p50/p99 ms", "floor p50/p99 ms", "errors", "target", "result"];
  const rows = results.map((r) => [
    r.label,
    fmt(r.project.rps, 0),
    fmt(r.floorSide.rps, 0),
    fmt(r.ratio, r.ratio < 0.1 ? 3 : 2), // 0.004 and 0.09 are different stories; 0.00 hides both
    ms(r.project),
    ms(r.floorSide),
    String(r.errors),
    targetText(r.target),
    verdict(r),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5, 6]);
  const line = (cells: string[]) => cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ");
  const out = [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)];
  for (const r of results) if (r.failure) out.push(`${r.label}: ${r.failure}`);
  return out.join("\n");
}

/** What the figures were measured on. */
export function machineInfo(host: { dir: string; commit: string | null; dirty: boolean }, loadavgAtStart: number[]) {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model ?? "unknown",
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    // Other jobs on the machine: the figures' noise is worth knowing when reading them.
    loadavgAtStart,
    loadavgAtEnd: loadavg(),
    hostDir: host.dir,
    hostCommit: host.commit,
    hostDirty: host.dirty,
  };
}

/** Writes `payload` to `<dir>/<ISO 8601 basic timestamp>.json` (no colons: safe on every file system); returns the path. */
export function writeResults(dir: string, at: Date, payload: unknown): string {
  mkdirSync(dir, { recursive: true });
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
  const path = join(dir, `${stamp}.json`);
  writeFileSync(path, `${JSON.stringify(payload, null, 2)}\n`);
  return path;
}
