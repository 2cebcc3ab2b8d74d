/**
 * What the README says matches the software: the Node version it asks for is one every package
 * the service runs on supports (and package.json's `engines` says the same), its two set-up
 * commands are intact, its commands run on macOS too (no GNU-only `date -d`), the refund
 * walk-through says the refund completes within seconds and how to see it, and a webhook is
 * registered before the receiver demo.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const PACKAGE = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const LOCK = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean; optional?: boolean; engines?: { node?: string } | string[] }> };

type Version = [number, number, number];
const parse = (v: string): Version => {
  const [major = 0, minor = 0, patch = 0] = v.replace(/^v/, "").split(".").map((n) => Number.parseInt(n, 10) || 0);
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` satisfies an npm `engines` range (the forms packages use: >=, >, <, <=, ^, ~, exact, x, ||). */
export function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split("||").some((alternative) =>
    alternative
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, "$1")
      .trim()
      .split(/\s+/)
      .filter((c) => c && c !== "*" && c !== "x")
      .every((comparator) => {
        const [, op = "", rest = ""] = /^(>=|<=|>|<|\^|~|=)?\s*(.*)$/.exec(comparator)!;
        const w = parse(rest);
        const parts = rest.split(".").filter((p) => /^\d+$/.test(p)).length;
        switch (op) {
          case ">=": return compare(v, w) >= 0;
          case ">": return compare(v, w) > 0;
          case "<": return compare(v, w) < 0;
          case "<=": return compare(v, w) <= 0;
          case "^": return compare(v, w) >= 0 && (w[0] > 0 ? v[0] === w[0] : v[0] === 0 && v[1] === w[1]);
          case "~": return compare(v, w) >= 0 && v[0] === w[0] && (parts < 2 || v[1] === w[1]);
          default: return parts === 3 ? compare(v, w) === 0 : v[0] === w[0] && (parts < 2 || v[1] === w[1]);
        }
      }),
  );
}

/** Packages whose declared Node range may exclude the README's version, and why that is true in practice. */
const ALLOWED_ABOVE = {
  // The headless Chromium the browser tests fall back to (test/browser/launch.ts): it declares
  // Node 22.17 but runs on 20 (the README says npm warns about it). Not part of the service.
  "node_modules/@sparticuz/chromium": "dev",
};

describe("the README's Node version", () => {
  const stated = /Prerequisites: Node\.js (\d+(?:\.\d+)*) or newer/.exec(README)?.[1];

  it("is package.json's engines", () => {
    expect(stated).toBeDefined();
    expect(PACKAGE.engines.node).toBe(`>=${stated}`);
  });

  it("is supported by every package the service runs on, and by the tooling its commands use", () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(LOCK.packages)) {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (!path || !range || entry.optional || path in ALLOWED_ABOVE) continue;
      if (!satisfies(parse(stated!).join("."), range)) refused.push(`${path} (${entry.dev ? "dev" : "runtime"}): node ${range}`);
    }
    expect(refused).toEqual([]);
  });

  it("is told from a range it does not satisfy (the checker itself)", () => {
    expect(satisfies("20.19.0", ">=22")).toBe(false);
    expect(satisfies("20.19.0", "^20.19.0 || >=22.12.0")).toBe(true);
    expect(satisfies("20.18.3", "^20.19.0 || >=22.12.0")).toBe(false);
    expect(satisfies("20.19.0", ">=22.12.0 || >=20.19.0 <21.0.0")).toBe(true);
    expect(satisfies("20.19.0", "^22.17.0 || >=24.0.0")).toBe(false);
  });
});

describe("the README's commands", () => {
  it("keeps its two set-up commands", () => {
    expect(README).toContain("```sh\nnpm install && npm start\n```");
    expect(README).toContain("```sh\nnpm install && npm test\n```");
  });

  it("uses no GNU-only date; its tomorrow, computed by node, is an ISO date-time a day ahead", () => {
    expect(README).not.toMatch(/\bdate\s+(-\S+\s+)*-d\b/);
    const command = /\$\(node -p '([^']+)'\)/.exec(README)?.[1];
    expect(command).toBeDefined();
    const before = Date.now();
    const out = execFileSync(process.execPath, ["-p", command!], { encoding: "utf8" }).trim();
    expect(out).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Date.parse(out) - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(Date.parse(out) - before).toBeLessThan(86_400_000 + 60_000);
  });

  it("says a refund completes within seconds and how to see it, not COMPLETED at once", () => {
    const walk = README.slice(README.indexOf("### A PIX charge"), README.indexOf("### A marketplace"));
    const request = walk.indexOf("/refunds");
    const completed = walk.indexOf("# refunds[0].status: COMPLETED", request);
    expect(request).toBeGreaterThan(-1);
    const between = walk.slice(request, completed);
    expect(between).toMatch(/within seconds/);
    expect(between).toMatch(/[Pp]oll/);
    expect(between).toContain("TRANSACTION_REFUNDED");
    expect(between).toMatch(/sleep \d+;/);
  });

  it("registers a webhook before the receiver demo, and names the seller id it needs", () => {
    const section = README.slice(README.indexOf("## Receiving webhooks"));
    const register = section.indexOf("curl -s -X POST $API/v1/sellers/$SELLER/webhooks");
    const receiver = section.indexOf("npx tsx demo/webhook-receiver.ts");
    expect(register).toBeGreaterThan(-1);
    expect(register).toBeLessThan(receiver);
    expect(section.slice(register, receiver)).toContain("export WEBHOOK_SECRET=whsec_");
    expect(README).toMatch(/export SELLER=\.\.\. +# the printed seller id/);
  });
});

/** The ```sh blocks of `text`, joined. */
const shell = (text: string) => [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).join("\n");
/** The names `export NAME=` sets in `text`'s shell blocks, in order (repeats kept). */
const exported = (text: string) => [...shell(text).matchAll(/^export ([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
/** The `$NAME`s `text`'s shell blocks read. */
const used = (text: string) => new Set([...shell(text).matchAll(/\$([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]!));

describe("the README's walk-through variables", () => {
  const walk = README.slice(README.indexOf("## Walk-through with curl"), README.indexOf("## A typed client"));
  const sections = walk.split(/\n(?=### )/);
  const base = exported(sections[0]!);

  it("a name is exported once in the whole README, so no section overwrites another's (a fee plan is not a subscription plan)", () => {
    const names = exported(README);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(base).toEqual(["SK", "SELLER", "API", "BUYER"]);
  });

  it("each section exports every variable it uses, beside the opening block's (the subscription's charge is not the PIX section's $TX)", () => {
    for (const section of sections.slice(1)) {
      const own = new Set([...base, ...exported(section)]);
      const title = section.split("\n")[0];
      expect([...used(section)].filter((n) => !own.has(n)), title).toEqual([]);
    }
  });

  it("the marketplace names its fee plan and sub-seller apart from the subscription's plan and subscription", () => {
    const section = (title: string) => sections.find((s) => s.startsWith(`### ${title}`))!;
    expect(exported(section("A marketplace"))).toEqual(["FEE_PLAN", "SUBSELLER", "SUBSELLER_SK"]);
    expect(exported(section("A subscription"))).toEqual(["PLAN", "CLOCK", "SUBSCRIPTION", "INVOICE_TX"]);
  });
});
