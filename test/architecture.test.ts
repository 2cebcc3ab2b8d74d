/**
 * The arrows of worker/ run one way: routes → domain → db, with schemas/ and lib/ as leaves
 * that anything may import and that import nothing of the layers above them; the app and
 * everything it runs import no Node or Cloudflare module (the same code runs in workerd). A new
 * import against the grain fails here, naming the file and the import.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..");

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/**
 * Every import of a file: relative ones resolved to repository paths, others as written. With
 * `runtime`, type-only imports (erased at build) are left out.
 */
function importsOf(file: string, runtime = false): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(/^\s*(?:import|export)\s([^;]*?)from\s+["']([^"']+)["']/gms)]
    .filter(([, what]) => !(runtime && /^type\s/.test(what!)))
    .map(([, , spec]) => (spec!.startsWith(".") ? relative(ROOT, normalize(join(ROOT, dirname(file), spec!))) : spec!));
}

/** For each layer, the places it must never import from. */
const FORBIDDEN: Record<string, RegExp[]> = {
  "worker/domain": [/^worker\/(routes|http|node|cloudflare|dev|cli|jobs)\//, /^worker\/app$/],
  "worker/db": [/^worker\/(domain|routes|http|jobs|node|cloudflare)\//, /^worker\/app$/],
  "worker/schemas": [/^worker\/(domain|routes|http|db|jobs|node|cloudflare)\//],
  "worker/lib": [/^worker\/(domain|routes|http|db|jobs|node|cloudflare|schemas)\//],
  "worker/routes": [/^worker\/(node|cloudflare|dev|cli)\//],
  shared: [/^worker\//],
};

/** Layers that run in workerd as well as Node: no host modules. */
const PORTABLE = ["worker/domain", "worker/db", "worker/schemas", "worker/lib", "worker/routes", "worker/http", "worker/jobs", "worker/connectors", "shared"];
const HOST_MODULE = /^(node:|cloudflare:|fs$|path$|crypto$|@libsql\/client$|libsql$)/;
/**
 * A connector's simulator of its vendor's API (worker/connectors/<vendor>/simulator/): Node-only
 * test equipment, so outside PORTABLE, and imported only by tests, worker/cli and itself.
 */
const SIMULATOR = /^worker\/connectors\/[^/]+\/simulator(\/|$)/;

describe("worker/ layering", () => {
  for (const [layer, rules] of Object.entries(FORBIDDEN)) {
    it(`${layer} imports nothing it must not`, () => {
      const wrong = filesUnder(layer).flatMap((file) =>
        importsOf(file)
          .filter((target) => rules.some((rule) => rule.test(target)))
          .map((target) => `${file} → ${target}`),
      );
      expect(wrong).toEqual([]);
    });
  }

  it("worker/platform.ts imports only what lies below it (db/, lib/): no arrow back from the layers it connects", () => {
    const wrong = importsOf("worker/platform.ts").filter((t) => t.startsWith("worker/") && !/^worker\/(db|lib)\//.test(t));
    expect(wrong).toEqual([]);
  });

  it("the portable layers import no Node or Cloudflare module", () => {
    const wrong = PORTABLE.flatMap(filesUnder)
      .filter((file) => !SIMULATOR.test(file))
      .flatMap((file) =>
        importsOf(file, true)
          .filter((t) => HOST_MODULE.test(t))
          .map((t) => `${file} → ${t}`),
      );
    expect(wrong).toEqual([]);
  });

  it("a connector's simulator is imported only by tests, worker/cli and itself", () => {
    const wrong = ["worker", "shared", "widget", "dashboard", "demo"]
      .flatMap(filesUnder)
      .filter((file) => !file.startsWith("worker/cli/") && !SIMULATOR.test(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((t) => SIMULATOR.test(t))
          .map((t) => `${file} → ${t}`),
      );
    expect(wrong).toEqual([]);
  });

  it("only the Node host imports prom-client (worker/node/): the Worker's bundle never carries it", () => {
    const wrong = filesUnder("worker").filter((file) => !file.startsWith("worker/node/") && importsOf(file).some((t) => t.startsWith("prom-client")));
    expect(wrong).toEqual([]);
    expect(importsOf("worker/node/metrics.ts")).toContain("prom-client");
  });

  it("only the Node host imports undici (its PSP transport's pools): the Worker reaches a PSP through fetch", () => {
    const wrong = filesUnder("worker").filter((file) => !file.startsWith("worker/node/") && importsOf(file).some((t) => t === "undici" || t.startsWith("undici/")));
    expect(wrong).toEqual([]);
    expect(importsOf("worker/node/psp-transport.ts")).toContain("undici");
  });

  it("the rules can fail: a domain file importing a route would be caught", () => {
    expect(FORBIDDEN["worker/domain"]!.some((rule) => rule.test("worker/routes/transactions"))).toBe(true);
    expect(importsOf("worker/app.ts")).toContain("worker/routes/transactions");
    // The simulator's exemption is needed (it is Node code) and its rule matches what imports it.
    expect(importsOf("worker/connectors/bcb-pix/simulator/server.ts", true).some((t) => HOST_MODULE.test(t))).toBe(true);
    expect(importsOf("worker/connectors/bcb-pix/simulator/cli.ts").some((t) => SIMULATOR.test(t))).toBe(true);
  });
});

/** How code writes a row into the events or webhook_deliveries tables, through drizzle or raw SQL. */
const EVENT_WRITES = [
  /\.insert\(\s*(events|webhookDeliveries)\s*\)/,
  /insertWhere\(\s*\w+\s*,\s*(events|webhookDeliveries)\b/,
  /insert\s+into\s+(\$\{\s*)?(events|webhookDeliveries|webhook_deliveries)\b/i,
];

/** Files under worker/ that write events or deliveries, with the line that does. */
function eventWriters(): string[] {
  return filesUnder("worker").flatMap((file) =>
    readFileSync(join(ROOT, file), "utf8")
      .split("\n")
      .filter((line) => EVENT_WRITES.some((re) => re.test(line)))
      .map((line) => `${file}: ${line.trim()}`),
  );
}

describe("the outbox", () => {
  it("no code outside worker/domain/events/ writes the events or webhook_deliveries tables", () => {
    expect(eventWriters().filter((w) => !w.startsWith("worker/domain/events/"))).toEqual([]);
  });

  it("the check can fail: it finds the outbox's own writes", () => {
    expect(eventWriters().some((w) => w.startsWith("worker/domain/events/outbox.ts"))).toBe(true);
    expect(eventWriters().some((w) => w.startsWith("worker/domain/events/fan-out.ts"))).toBe(true);
    expect(EVENT_WRITES.some((re) => re.test("db.insert(events).values(row)"))).toBe(true);
  });
});

/**
 * The three front ends (docs/architecture.md): the buyer's widget (widget/, with the link page
 * and the card frame), the seller's dashboard (dashboard/). Each is its own build, so neither
 * reaches into the other's folder: what both use lives in shared/ (shared/ui/ for Lit pieces).
 */
describe("front ends", () => {
  const reachingInto = (from: string, into: string) =>
    filesUnder(from).flatMap((file) =>
      importsOf(file)
        .filter((t) => t.startsWith(`${into}/`))
        .map((t) => `${file} → ${t}`),
    );

  it("the widget imports nothing of the dashboard, nor the dashboard of the widget", () => {
    expect(reachingInto("widget/src", "dashboard")).toEqual([]);
    expect(reachingInto("dashboard/src", "widget")).toEqual([]);
  });

  it("shared/ imports no front end", () => {
    expect([...reachingInto("shared", "widget"), ...reachingInto("shared", "dashboard")]).toEqual([]);
  });

  it("the check can fail: the dashboard's shared imports are seen", () => {
    expect(importsOf("dashboard/src/format.ts")).toContain("shared/parse-amount");
    expect(importsOf("widget/src/link/pay-link.ts")).toContain("shared/idempotency-key");
  });
});
