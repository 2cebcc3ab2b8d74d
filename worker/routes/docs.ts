/**
 * GET /docs: the interactive reference (Scalar) over a plain HTML index of every operation
 * rendered here from the same OpenAPI document. The index gives way once Scalar has mounted; a
 * reader without JavaScript still sees every route, its summary and how to authenticate.
 *
 * Scalar's script is served by this service, never a CDN, so the reference works offline and
 * under a strict policy: `npm install` (and `npm run build`) copy the browser bundle of the
 * pinned `@scalar/api-reference` to `dist/` (worker/cli/docs-assets.ts), which both hosts serve
 * in front of the app: the Worker as its static assets, the Node host with worker/node/static-files.ts.
 */
import { Scalar } from "@scalar/hono-api-reference";
import type { Context, Next } from "hono";
import type { AppEnv } from "../http/context";

/** Where the Scalar bundle is served, and its file under dist/. */
export const SCALAR_SCRIPT_PATH = "/docs/scalar.js";

type OpenApiDocument = { info: { title: string; description?: string }; paths?: Record<string, Record<string, any>> };

const METHODS = ["get", "post", "put", "patch", "delete"];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The plain index: one row per operation, grouped by tag, in document order. */
export function operationIndex(doc: OpenApiDocument): string {
  const groups = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      const auth = op.security?.length ? "API key" : "public";
      const row = `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? "")}</td><td>${auth}</td></tr>`;
      groups.set(tag, [...(groups.get(tag) ?? []), row]);
    }
  }
  const sections = [...groups].map(
    ([tag, rows]) => `<h2>${escapeHtml(tag)}</h2><table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Auth</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
  );
  return (
    `<main style="font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem">` +
    `<h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? "")}</p>` +
    `<p>Authenticate with <code>X-Api-Key: sk_…</code> or <code>Authorization: ApiKey sk_…</code>. ` +
    `Errors are <code>application/problem+json</code>. The full schema: <a href="/openapi.json">/openapi.json</a>. ` +
    `(With JavaScript on, the interactive reference replaces this index.)</p>` +
    `${sections.join("")}</main>`
  );
}

/**
 * The page's Content-Security-Policy: scripts only from this origin plus the one inline script
 * that starts Scalar (by nonce); inline styles, which Scalar injects at run time; requests (the
 * document, "try it") only to this origin and to the API's public base URL, should it differ.
 * No 'unsafe-eval': the bundle works without it. Checked in Chromium against Scalar 1.46.4 (the
 * reference mounts, no console error).
 */
export function docsContentSecurityPolicy(nonce: string, apiBaseUrl: string): string {
  let api = "";
  try {
    api = ` ${new URL(apiBaseUrl).origin}`;
  } catch {
    // No usable base URL: "try it" is limited to this origin.
  }
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${api}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** A fresh nonce per page, so an injected inline script cannot guess it. */
function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The /docs handler for a document source (the app's own OpenAPI document). */
export function docsPage(document: () => OpenApiDocument) {
  return async (c: Context<AppEnv>, next: Next) => {
    const nonce = newNonce();
    const scalar = Scalar<AppEnv>({
      url: "/openapi.json",
      pageTitle: "Pay API reference",
      // A `cdn` URL makes the integration load Scalar's single-file bundle with <script src>.
      cdn: SCALAR_SCRIPT_PATH,
      // Nothing leaves for Scalar's servers: no web fonts, telemetry, agent chat or
      // "share/deploy" toolbar (the policy would block them anyway).
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: "never",
    });
    const res = (await scalar(c, next)) as Response;
    // The index sits beside Scalar's mount point, not inside it (Scalar would try to hydrate it as
    // its own markup), and CSS hides it once Scalar has rendered into #app: no script needed.
    const index = `<style>#app:not(:empty)~#api-index{display:none}</style><div id="api-index">${operationIndex(document())}</div>`;
    // The integration (0.9.x, the last for Node 20) writes its inline start without a nonce: add ours.
    const html = (await res.text())
      .replace('<div id="app"></div>', `<div id="app"></div>${index}`)
      .replaceAll(/<script(?![^>]*\ssrc=)[^>]*>/g, `<script nonce="${nonce}">`);
    return c.html(html, 200, { "Content-Security-Policy": docsContentSecurityPolicy(nonce, c.get("platform").config.baseUrl) });
  };
}
