/** `npm run bench -- [flags]`: parsing and checking the flags. */
import { parseArgs } from "node:util";
import { QUICK_DEFAULTS, QUICK_OPERATIONS } from "./quick";

/** The bench's settings. */
export interface BenchOptions {
  /** Seconds per measured round (each side). */
  duration: number;
  /** Seconds of warm-up per side before an operation's rounds. */
  warmup: number;
  rounds: number;
  connections: number;
  /** Operation names to run; empty: all. */
  only: string[];
  hostDir: string;
  rows: number;
  /** The regression guard (quick.ts): the hot operations, short rounds, compared with bench/results/baseline.json. */
  quick: boolean;
  /** With `quick`: write this run's ratios as the new baseline instead of comparing. */
  recordBaseline: boolean;
}

/** Usage text, also printed by --help. */
export const USAGE = `Usage: npm run bench -- [flags]
  --duration <s>      seconds per measured round, each side (default 5)
  --warmup <s>        seconds of warm-up per side before each operation (default 2)
  --rounds <n>        floor/project round pairs per operation (default and minimum 3)
  --connections <n>   concurrent keep-alive connections (default 10)
  --only <names>      comma-separated operations: create,create-c50,replay,get,list,list-deep,buyer,link-pix,
                      search (search-cpf,search-name,search-last4),live-pix,webhooks,billing
  --host-dir <path>   checkout whose worker/node.ts to measure (default: this one)
  --rows <n>          transactions seeded into the seller's history (default 500000)
  --quick             the regression guard, under 2 minutes: ${QUICK_OPERATIONS.join(",")} with ${QUICK_DEFAULTS.duration} s rounds,
                      ${QUICK_DEFAULTS.warmup} s warm-up and ${QUICK_DEFAULTS.rows} rows (unless flags say otherwise), each ratio compared
                      with bench/results/baseline.json: more than 15 % below it exits 1
  --record-baseline   with --quick: write this run's ratios to bench/results/baseline.json`;

function positiveInt(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got ${value}\n${USAGE}`);
  return n;
}

/** Parses argv; throws with the usage on a bad flag. Returns null for --help. */
export function parseBenchArgs(argv: string[], defaultHostDir: string, known: string[]): BenchOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: "string" },
      warmup: { type: "string" },
      rounds: { type: "string" },
      connections: { type: "string" },
      only: { type: "string" },
      "host-dir": { type: "string" },
      rows: { type: "string" },
      quick: { type: "boolean" },
      "record-baseline": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) return null;
  const quick = values.quick ?? false;
  if (values["record-baseline"] && !quick) throw new Error(`--record-baseline records the --quick guard's baseline: add --quick\n${USAGE}`);
  const defaults = quick ? QUICK_DEFAULTS : { duration: 5, warmup: 2, rows: 500_000 };
  const only = (values.only ?? (quick ? QUICK_OPERATIONS.join(",") : ""))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only.filter((n) => !known.includes(n));
  if (unknown.length) throw new Error(`--only: unknown operation ${unknown.join(", ")} (known: ${known.join(", ")})`);
  return {
    duration: positiveInt("duration", values.duration, defaults.duration),
    warmup: positiveInt("warmup", values.warmup, defaults.warmup, 0),
    rounds: positiveInt("rounds", values.rounds, 3, 3), // fewer pairs make the median one round's luck
    connections: positiveInt("connections", values.connections, 10),
    only,
    hostDir: values["host-dir"] ?? defaultHostDir,
    rows: positiveInt("rows", values.rows, defaults.rows, 0),
    quick,
    recordBaseline: values["record-baseline"] ?? false,
  };
}
