/**
 * The errors integrators read are one source: every problem's `type` links to its code's entry on
 * `GET /docs/errors` (served by the service, no external resource, strict CSP), written from
 * ERROR_CODES and FIELD_CODES; docs/errors.md lists the same codes, statuses and explanations; and
 * no rule in the source can answer a field code that is not documented (nor zod's `custom`).
 * The Worker's side of the page: test/workerd/errors-page.test.ts.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DECLINE_CODES } from "../worker/domain/cards/test-cards";
import { FIELD_CODES } from "../worker/lib/field-codes";
import { ERROR_CODES, type ErrorCode } from "../worker/lib/problem";
import { createTestContext } from "./support/platform";
import { expectProblem } from "./support/problem";

const ROOT = join(__dirname, "..");
const DOC = readFileSync(join(ROOT, "docs/errors.md"), "utf8");

/** The rows of the markdown table whose header line is `header`, as cells. */
function tableRows(markdown: string, header: string): string[][] {
  const start = markdown.indexOf(`${header}\n`);
  expect(start, `no table "${header}" in docs/errors.md`).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of markdown.slice(start).split("\n").slice(2)) {
    if (!line.startsWith("|")) break;
    rows.push(line.slice(1, -1).split(" | ").map((cell) => cell.trim()));
  }
  return rows;
}

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe("docs/errors.md says what the code does", () => {
  it("its error table lists every code of ERROR_CODES, with its status and description, and no other", () => {
    const rows = tableRows(DOC, "| code | status | when |");
    expect(rows.map(([code]) => code)).toEqual(Object.keys(ERROR_CODES).map((c) => `\`${c}\``));
    for (const [code, status, when] of rows) {
      const entry = ERROR_CODES[code!.slice(1, -1) as ErrorCode];
      expect({ code, status: Number(status), when }).toEqual({ code, status: entry.status, when: entry.description });
    }
  });

  it("its field-code table lists FIELD_CODES, and no other", () => {
    const rows = tableRows(DOC, "| code | meaning |");
    expect(Object.fromEntries(rows.map(([code, meaning]) => [code!.slice(1, -1), meaning]))).toEqual(FIELD_CODES);
  });
});

/** Every .ts file under `dir` (tests aside). */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/** The text of the call whose "(" is at `open`, to its matching ")" (strings skipped). */
function callAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'" || ch === "`") {
      for (i++; i < text.length && text[i] !== ch; i++) if (text[i] === "\\") i++;
    } else if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** Lower-case `code: "…"` literals that are not field codes: a 3DS decline reason, not a FieldError. */
const NOT_FIELD_CODES: Record<string, string[]> = { "worker/domain/transactions/confirm-card-transaction.ts": ["authentication_failed"] };
/** A live card connector maps its vendor's answers onto the decline codes (a sale's `failureCode`), never a FieldError's. */
const isDeclineOfConnector = (path: string, code: string) => path.startsWith("worker/connectors/") && (DECLINE_CODES as readonly string[]).includes(code);

describe("no rule in the source answers an undocumented field code", () => {
  const files = [...sources("worker"), ...sources("shared")].map((path) => ({ path, text: readFileSync(join(ROOT, path), "utf8") }));
  const documented = (code: string) => Object.hasOwn(FIELD_CODES, code);

  it("every zod refinement (refine, addIssue) names a documented code in params.code", () => {
    const missing: string[] = [];
    for (const { path, text } of files) {
      for (const m of text.matchAll(/\.refine\(|\.addIssue\(/g)) {
        const line = text.slice(text.lastIndexOf("\n", m.index) + 1, m.index).trim();
        if (line.startsWith("*") || line.startsWith("//")) continue; // a comment about them
        const call = callAt(text, m.index + m[0].length - 1);
        const code = /params: \{ code: "([a-z_]+)" \}/.exec(call)?.[1];
        if (!code || !documented(code)) missing.push(`${path}: ${call.slice(0, 120)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every field code written by hand (validationError, the domain's fail/fieldError, card rules) is documented", () => {
    const patterns = [/\bcode: "([a-z][a-z_]*)"/g, /\bfail\("[^"]*", "([a-z_]+)"/g, /\bfieldError\([^,]+, "([a-z_]+)"/g, /\badd\("[a-zA-Z]+", "([a-z_]+)"/g];
    const undocumented: string[] = [];
    let found = 0;
    for (const { path, text } of files) {
      for (const pattern of patterns) {
        for (const [, code] of text.matchAll(pattern)) {
          if (code === "custom" || NOT_FIELD_CODES[path]?.includes(code!) || isDeclineOfConnector(path, code!)) continue;
          found++;
          if (!documented(code!)) undocumented.push(`${path}: ${code}`);
        }
      }
    }
    expect(found).toBeGreaterThan(50);
    expect(undocumented).toEqual([]);
  });
});

describe("GET /docs/errors on the Node host", () => {
  it("a problem's type is {base}/docs/errors#CODE, and that page has the code's entry", async () => {
    const problem = await expectProblem(await ctx.get("/v1/nothing-here"), 404, "ROUTE_NOT_FOUND");
    expect(problem.type).toBe("http://pay.test/docs/errors#ROUTE_NOT_FOUND");
    const url = new URL(problem.type);
    const page = await ctx.app.request(url.pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain(`id="${url.hash.slice(1)}"`);
  });

  it("lists every code with its status, title and explanation, each under id=CODE, and every field code", async () => {
    const html = await (await ctx.app.request("/docs/errors")).text();
    const unescape = (s: string) => s.replace(/<\/?code>/g, "`").replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    for (const [code, { status, title, description }] of Object.entries(ERROR_CODES)) {
      const entry = new RegExp(`<section id="${code}">(.*?)</section>`).exec(html)?.[1];
      expect(entry, code).toBeDefined();
      const text = unescape(entry!);
      expect(text).toContain(`HTTP ${status}`);
      expect(text).toContain(title);
      expect(text).toContain(description);
    }
    expect(html.match(/<section id="/g)).toHaveLength(Object.keys(ERROR_CODES).length);
    for (const [code, meaning] of Object.entries(FIELD_CODES)) {
      expect(unescape(new RegExp(`<tr id="field-${code}">(.*?)</tr>`).exec(html)?.[1] ?? ""), code).toContain(meaning);
    }
    expect(html).toContain("&quot;type&quot;: &quot;http://pay.test/docs/errors#VALIDATION_FAILED&quot;");
  });

  it("is self-contained under a strict policy: no script, no external resource, only its own hashed stylesheet", async () => {
    const page = await ctx.app.request("/docs/errors");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
    const html = await page.text();
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\sstyle=/);
    expect(html).not.toMatch(/(href|src)="(https?:)?\/\//);
    // The hash is the one <style> element's.
    const style = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    const digest = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(style)))));
    expect(csp).toContain(`'sha256-${digest}'`);
    expect(html.match(/<style/g)).toHaveLength(1);
  });

  it("needs no key and follows the configured base URL", async () => {
    const other = await createTestContext({ config: { baseUrl: "https://pay.example.com/gateway" } });
    const problem = await expectProblem(await other.get(`/v1/buyers/${crypto.randomUUID()}`), 404, "RESOURCE_NOT_FOUND");
    expect(problem.type).toBe("https://pay.example.com/gateway/docs/errors#RESOURCE_NOT_FOUND");
    const page = await other.app.request("/docs/errors");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("&quot;type&quot;: &quot;https://pay.example.com/gateway/docs/errors#VALIDATION_FAILED&quot;");
  });
});
