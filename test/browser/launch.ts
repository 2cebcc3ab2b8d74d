/**
 * The Chromium the browser tests drive, through playwright-core's library (never a browser
 * download). Found in this order, and named on the console:
 *   1. `CHROME_PATH`, when set (it must exist);
 *   2. an installed Chrome or Chromium: /usr/bin/chromium, /usr/bin/chromium-browser,
 *      /usr/bin/google-chrome (Debian's: `apt-get install chromium`);
 *   3. the headless Chromium inside the npm package @sparticuz/chromium (a devDependency, so
 *      `npm install` alone brings it), unpacked once per version into the temp folder.
 *
 * The flags keep the same-origin policy on. @sparticuz/chromium's own `args` (meant for AWS
 * Lambda) switch it off: `--disable-web-security`, `--disable-site-isolation-trials`,
 * `--disable-features=IsolateOrigins,site-per-process`, `--allow-running-insecure-content`,
 * `--single-process`. With them CORS is not enforced and a page reads a cross-origin frame, so
 * no test could prove the card frame's isolation. Only its harmless flags are kept, every
 * launch is checked against UNSAFE_FLAGS, and isolation.test.ts proves the result on a real
 * page. docs/widget.md tells the story.
 */
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from "playwright-core";

/**
 * The flags every browser gets: the project's tested list (STACK.md, "Browser tests") plus
 * `--site-per-process`. Desktop Chrome isolates every site in its own process by default, but the
 * headless Chromium of @sparticuz/chromium does not (one renderer for all frames); the flag gives
 * the tests the process model buyers' browsers have.
 */
export const BASE_ARGS = [
  "--site-per-process",
  "--no-sandbox",
  "--headless=new",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Switches that turn off or weaken the same-origin policy, site isolation or mixed-content
 * blocking. None may reach a launch.
 */
export const UNSAFE_FLAGS = [
  "--disable-web-security",
  "--disable-site-isolation-trials",
  "--disable-site-isolation-for-policy",
  "--allow-running-insecure-content",
  "--single-process",
  "--allow-file-access-from-files",
  "--unsafely-treat-insecure-origin-as-secure",
  "--reduce-security-for-testing",
  "--disable-features=IsolateOrigins,site-per-process",
];

/** Features whose switching off (or, for SharedArrayBuffer, on without isolation) weakens it. */
const UNSAFE_FEATURES = { disable: ["IsolateOrigins", "site-per-process", "SitePerProcess"], enable: ["SharedArrayBuffer"] };

const switchName = (arg: string) => arg.split("=", 1)[0]!;
const featuresOf = (arg: string) => arg.slice(arg.indexOf("=") + 1).split(",");

/** Why `args` are unsafe (empty when they are not). */
export function unsafeArgs(args: readonly string[]): string[] {
  const names = new Set(UNSAFE_FLAGS.map(switchName));
  return args.filter((arg) => {
    const name = switchName(arg);
    if (name === "--disable-features") return featuresOf(arg).some((f) => UNSAFE_FEATURES.disable.includes(f));
    if (name === "--enable-features") return featuresOf(arg).some((f) => UNSAFE_FEATURES.enable.includes(f));
    return names.has(name);
  });
}

/**
 * @sparticuz/chromium's default args made fit for these tests: the unsafe ones dropped, and so
 * are its headless flags (ours are in BASE_ARGS) and its feature lists (a second
 * `--disable-features` would replace playwright's, since Chromium keeps the last one).
 */
export function filterSparticuzArgs(args: readonly string[]): string[] {
  return args.filter((arg) => {
    const name = switchName(arg);
    if (name === "--headless" || name === "--disable-features" || name === "--enable-features") return false;
    return unsafeArgs([arg]).length === 0;
  });
}

/** A browser found: where, how it was found (for the console line), and the flags to launch it with. */
export interface FoundBrowser {
  executablePath: string;
  source: string;
  args: string[];
}

const INSTALLED = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

const require = createRequire(import.meta.url);
const SPARTICUZ_ENTRY = require.resolve("@sparticuz/chromium");
const SPARTICUZ_VERSION: string = JSON.parse(readFileSync(join(dirname(SPARTICUZ_ENTRY), "..", "package.json"), "utf8")).version;

/**
 * Unpacks @sparticuz/chromium into `{tmp}/pay-chromium-{version}/` once and returns its binary.
 * The package itself unpacks into `{tmp}/chromium`, shared by every version and project on the
 * machine and half-written if interrupted; so it runs in a child process whose temp folder is
 * a private staging folder, renamed into place when complete. Test files launching at once wait
 * on a lock folder instead of unpacking twice.
 */
async function sparticuzBinary(): Promise<string> {
  const dir = join(tmpdir(), `pay-chromium-${SPARTICUZ_VERSION}`);
  const binary = join(dir, "chromium");
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 180_000;
  while (!existsSync(binary)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another process is unpacking; a lock older than 5 minutes is one that died.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock} (another process unpacking Chromium)`);
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (existsSync(binary)) break;
      const staging = mkdtempSync(join(tmpdir(), `pay-chromium-${SPARTICUZ_VERSION}-staging-`));
      try {
        await unpackInto(staging);
        rmSync(dir, { recursive: true, force: true }); // a leftover without its binary
        renameSync(staging, dir);
      } catch (err) {
        rmSync(staging, { recursive: true, force: true });
        throw err;
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return binary;
}

/** Runs the package's `executablePath()` in a child whose TMPDIR is `staging`. */
function unpackInto(staging: string): Promise<void> {
  const script = `const { default: c } = await import(${JSON.stringify(pathToFileURL(SPARTICUZ_ENTRY).href)}); await c.executablePath();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      env: { ...process.env, TMPDIR: staging },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 && existsSync(join(staging, "chromium")) ? resolve() : reject(new Error(`unpacking @sparticuz/chromium failed (${code}): ${stderr}`)),
    );
  });
}

let found: Promise<FoundBrowser> | undefined;

/** The browser to drive (memoized per process), announced once on the console. */
export function findBrowser(): Promise<FoundBrowser> {
  found ??= locate().then((browser) => {
    console.log(`[browser] ${browser.source}: ${browser.executablePath}`);
    return browser;
  });
  return found;
}

async function locate(): Promise<FoundBrowser> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} is not an executable file`);
    return { executablePath: fromEnv, source: "CHROME_PATH", args: BASE_ARGS };
  }
  const installed = INSTALLED.find(isExecutable);
  if (installed) return { executablePath: installed, source: "installed Chromium", args: BASE_ARGS };
  const { default: sparticuz } = await import("@sparticuz/chromium");
  const extra = filterSparticuzArgs(sparticuz.args).filter((arg) => !BASE_ARGS.some((b) => switchName(b) === switchName(arg)));
  return {
    executablePath: await sparticuzBinary(),
    source: `@sparticuz/chromium ${SPARTICUZ_VERSION} (npm)`,
    args: [...BASE_ARGS, ...extra],
  };
}

/** The found browser's launch options (headless), refusing any flag that would weaken the same-origin policy. */
async function safeLaunchOptions(): Promise<LaunchOptions> {
  const { executablePath, args } = await findBrowser();
  const unsafe = unsafeArgs(args);
  if (unsafe.length) throw new Error(`refusing to launch Chromium with ${unsafe.join(" ")}: it switches the same-origin policy off`);
  return { executablePath, headless: true, args, timeout: 60_000 };
}

/** Launches the found browser headless, refusing any flag that would weaken the same-origin policy. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(await safeLaunchOptions());
}

/**
 * Launches the found browser as a server, with the same flags and the same refusal, for several
 * test files to drive at once (test/browser/shared-suite-setup.ts): each connects with
 * `connectBrowser` and works in browser contexts of its own, which share no cookies or storage.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(await safeLaunchOptions());
}

/** Connects to a browser launched by `launchBrowserServer`; closing the connection leaves the browser to its other users. */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint, { timeout: 60_000 });
}
