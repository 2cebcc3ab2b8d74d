/**
 * GET /docs/errors: the page every problem's `type` links to (`{base}/docs/errors#CODE`), so an
 * integrator who opens the link lands on that code's entry: its HTTP status, title and when it is
 * answered, then the field codes of `errors[]`. Written from the code tables themselves
 * (`ERROR_CODES` in lib/problem.ts, `FIELD_CODES` in lib/field-codes.ts): nothing to keep in step.
 *
 * A static page with no external resources under a strict policy: no script at all, and only its
 * own stylesheet, allowed by its hash.
 */
import { Hono } from "hono";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { FIELD_CODES } from "../lib/field-codes";
import { ERROR_CODES, ERRORS_PAGE_PATH, problemType, type ErrorCode } from "../lib/problem";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** Escaped text with its `code spans` as <code>. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

const STYLE =
  "body{font-family:system-ui,sans-serif;line-height:1.5;margin:0;color:#1a1a1a;background:#fff}" +
  "main{max-width:52rem;margin:2rem auto;padding:0 1rem}" +
  "code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}" +
  "pre{background:#f4f4f5;padding:1rem;overflow-x:auto;border-radius:6px}" +
  "section{border-top:1px solid #ddd;padding:.25rem .75rem}" +
  "section:target{background:#fff8db;outline:2px solid #e0b400}" +
  "h3{margin:.75rem 0 .25rem;font-size:1.05rem}h3 a{color:inherit}" +
  ".status{font-weight:normal;color:#555;margin-left:.5rem}" +
  "table{border-collapse:collapse;width:100%}td,th{text-align:left;vertical-align:top;padding:.35rem .5rem;border-top:1px solid #ddd}" +
  "tr:target{background:#fff8db}" +
  "@media (prefers-color-scheme:dark){body{color:#eee;background:#161616}pre{background:#222}.status{color:#aaa}" +
  "section:target,tr:target{background:#3a3200}}";

let styleHash: Promise<string> | undefined;
/** The CSP source of the page's one stylesheet: its SHA-256, computed once. */
function styleSource(): Promise<string> {
  styleHash ??= crypto.subtle.digest("SHA-256", new TextEncoder().encode(STYLE)).then((digest) => {
    return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
  });
  return styleHash;
}

/** The page's Content-Security-Policy: nothing but its own stylesheet; not framed. */
export async function errorsPageContentSecurityPolicy(): Promise<string> {
  return `default-src 'none'; style-src ${await styleSource()}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/** The page under a public base URL (the example's `type` names it). */
export function errorsPageHtml(baseUrl: string): string {
  const codes = (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => {
    const { status, title, description } = ERROR_CODES[code];
    return (
      `<section id="${code}"><h3><a href="#${code}"><code>${code}</code></a><span class="status">HTTP ${status}</span></h3>` +
      `<p><strong>${escapeHtml(title)}.</strong> ${prose(description)}</p></section>`
    );
  });
  const fields = Object.entries(FIELD_CODES).map(
    ([code, description]) => `<tr id="field-${code}"><td><code>${code}</code></td><td>${prose(description)}</td></tr>`,
  );
  const example = JSON.stringify(
    {
      type: problemType("VALIDATION_FAILED", baseUrl),
      title: ERROR_CODES.VALIDATION_FAILED.title,
      status: 400,
      detail: "Invalid values for: buyer.documentNumber, currency.",
      code: "VALIDATION_FAILED",
      instance: "/v1/transactions",
      requestId: "req_6c1e…",
      errors: [
        { path: "buyer.documentNumber", in: "body", code: "invalid_check_digits", message: "is not a valid CPF (11 digits with valid check digits)" },
        { path: "currency", in: "body", code: "unsupported_currency", message: "PIX charges are in BRL only" },
      ],
    },
    null,
    2,
  );
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Errors · Pay API</title><style>${STYLE}</style></head><body><main>` +
    `<h1>Errors</h1>` +
    `<p>Every error is <code>application/problem+json</code> (RFC 9457). Branch on <code>code</code>, never on ` +
    `<code>detail</code>: the codes below are a closed set, each bound to one HTTP status. <code>type</code> links to ` +
    `the code's entry on this page; <code>requestId</code> equals the <code>X-Request-Id</code> header: quote it to support. ` +
    `A 500 never carries a stack trace.</p>` +
    `<pre>${escapeHtml(example)}</pre>` +
    `<p><code>errors[]</code> names each invalid field once, by its JSON path and where it was ` +
    `(<code>body</code>, <code>query</code>, <code>path</code>, <code>header</code>), with a <a href="#field-codes">field code</a>.</p>` +
    `<h2 id="codes">Error codes</h2>${codes.join("")}` +
    `<h2 id="field-codes">Field codes</h2><p>The <code>code</code> of each entry of <code>errors[]</code>; never <code>custom</code>.</p>` +
    `<table><thead><tr><th>code</th><th>meaning</th></tr></thead><tbody>${fields.join("")}</tbody></table>` +
    `<p>The API reference: <a href="/docs">/docs</a>.</p>` +
    `</main></body></html>`
  );
}

export const errorsPageRoutes = new Hono<AppEnv>().get(declarePage("GET", ERRORS_PAGE_PATH, { caller: "public" }), async (c) =>
  c.html(errorsPageHtml(c.get("platform").config.baseUrl), 200, {
    "Content-Security-Policy": await errorsPageContentSecurityPolicy(),
    "Cache-Control": "public, max-age=300",
  }),
);
