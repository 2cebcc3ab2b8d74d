/**
 * The project's Node host, from any checkout: its own admin CLI creates the seller (and migrates
 * the database the way that checkout does), its own server serves the API. Running another
 * checkout's code, not ours, is what lets one bench compare a commit before and after.
 *
 * The server is what `npm start` and a container run: worker/node.ts compiled by the checkout's
 * own `worker/cli/build-server.mjs` into build/server.mjs, run by `node`. Not `tsx worker/node.ts`:
 * tsx's transform wraps every function made at run time in `__name` (3 % of a create's profile)
 * and loads through its hooks, costs production never pays. A checkout older than the build
 * script runs under tsx as before.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { freePort, spawnServer, waitForHealth, type ChildServer } from "./child";
import { liftedRateLimits } from "../../worker/lib/rate-limit";

const run = promisify(execFile);

/** A checkout to benchmark. */
export interface HostCheckout {
  dir: string;
  tsxBin: string;
  /** `git rev-parse HEAD`, or null outside git. */
  commit: string | null;
  /** Uncommitted changes in worker/ (the code that runs), per `git status`. */
  dirty: boolean;
}

/** The keys `admin seller:create --json` prints. */
export interface SellerKeys {
  sellerId: string;
  apiKey: string;
  publishableKey: string;
}

/** Checks that `dir` is a checkout with worker/node.ts and an installed tsx. */
export function resolveCheckout(dir: string): HostCheckout {
  const abs = resolve(dir);
  if (!existsSync(join(abs, "worker/node.ts"))) throw new Error(`${abs} has no worker/node.ts`);
  const tsxBin = join(abs, "node_modules/.bin/tsx");
  if (!existsSync(tsxBin)) throw new Error(`${tsxBin} is missing: run npm ci there, or symlink a node_modules into it`);
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", ["-C", abs, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      return null;
    }
  };
  const commit = git("rev-parse", "HEAD");
  const status = git("status", "--porcelain", "--", "worker", "shared", "migrations");
  return { dir: abs, tsxBin, commit, dirty: !!status };
}

/**
 * The bench sends thousands of requests a second with one key from one address: far past the
 * limits a client gets (docs/security.md). They are lifted, not turned off, so every request still
 * pays for being counted (the bench measures that cost).
 */
const LIFTED_RATE_LIMITS = liftedRateLimits();

/** The environment both the admin CLI and the host see: the temp database, nothing inherited that would point elsewhere. */
export function hostEnv(dbUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: dbUrl, RATE_LIMITS: LIFTED_RATE_LIMITS, ...extra };
  delete env.DATABASE_AUTH_TOKEN;
  delete env.PUBLIC_BASE_URL;
  return env;
}

/**
 * Runs `admin.ts seller:create … --json` in the checkout. `--city` is passed when the CLI knows
 * it; an older CLI rejects unknown options (parseArgs strict), so it is retried without.
 */
export async function createSeller(checkout: HostCheckout, dbUrl: string): Promise<SellerKeys> {
  const base = ["worker/cli/admin.ts", "seller:create", "--legal-name", "Bench Ltda", "--email", "bench@example.com", "--json"];
  const optional: Array<[string, string]> = [["--city", "Sao Paulo"]];
  for (;;) {
    const args = [...base, ...optional.flat()];
    try {
      const { stdout } = await run(checkout.tsxBin, args, { cwd: checkout.dir, env: hostEnv(dbUrl), maxBuffer: 1 << 20 });
      const line = stdout.split("\n").find((l) => l.trim().startsWith("{"));
      if (!line) throw new Error(`admin CLI printed no JSON: ${stdout}`);
      const keys = JSON.parse(line) as SellerKeys;
      if (!keys.apiKey || !keys.sellerId) throw new Error(`admin CLI printed unexpected JSON: ${line}`);
      return keys;
    } catch (err) {
      const stderr = String((err as { stderr?: string }).stderr ?? "");
      const unknown = optional.findIndex(([flag]) => stderr.includes(`Unknown option '${flag}'`));
      if (unknown === -1) throw new Error(`admin seller:create failed: ${err instanceof Error ? err.message : String(err)}\n${stderr}`);
      optional.splice(unknown, 1);
    }
  }
}

const built = new Set<string>();

/**
 * The command that runs the checkout's server: `node build/server.mjs`, compiled once per bench
 * run from the checkout's sources (so an edited worktree is measured as it is). With
 * BENCH_CPU_PROF=<dir> the server writes a CPU profile there when it stops (node --cpu-prof);
 * BENCH_NODE_ARGS adds node flags, space-separated (`--heap-prof --heap-prof-dir=/tmp/hp`).
 */
export function hostServerCommand(checkout: HostCheckout): { command: string; args: string[] } {
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  profile.push(...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean));
  const script = join(checkout.dir, "worker/cli/build-server.mjs");
  if (!existsSync(script)) return { command: checkout.tsxBin, args: [...profile, "worker/node.ts"] };
  if (!built.has(checkout.dir)) {
    execFileSync(process.execPath, [script], { cwd: checkout.dir, stdio: ["ignore", "ignore", "inherit"] });
    built.add(checkout.dir);
  }
  return { command: process.execPath, args: [...profile, "--enable-source-maps", "build/server.mjs"] };
}

/** Starts the checkout's server (hostServerCommand) on `dbUrl` and waits for `GET /health`; `extraEnv` adds variables (live-pix: the PSP's). */
export async function startHost(checkout: HostCheckout, dbUrl: string, extraEnv: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort();
  const server = spawnServer({
    name: `host (${checkout.dir})`,
    ...hostServerCommand(checkout),
    cwd: checkout.dir,
    env: hostEnv(dbUrl, { ...extraEnv, PORT: String(port), HOST: "127.0.0.1" }),
    port,
  });
  await waitForHealth(server, "/health");
  return server;
}

/** `file:<dir>/pay.db`, creating `dir`. */
export function hostDatabaseUrl(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return `file:${join(dir, "pay.db")}`;
}
