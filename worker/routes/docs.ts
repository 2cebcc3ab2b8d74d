/**
 * GET /docs: the interactive reference (Scalar, loaded from its CDN in the reader's browser) over
 * a plain HTML index of every operation rendered here from the same OpenAPI document. Scalar
 * replaces the index when it mounts; where its script cannot load (an offline machine, a strict
 * network), the reader still sees every route, its summary and how to authenticate.
 */
import { Scalar } from "@scalar/hono-api-reference";
import type { Context, Next } from "hono";
import type { AppEnv } from "../lib/context";

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
    `(The interactive reference loads from cdn.jsdelivr.net and replaces this index when it can.)</p>` +
    `${sections.join("")}</main>`
  );
}

/** The /docs handler for a document source (the app's own OpenAPI document). */
export function docsPage(document: () => OpenApiDocument) {
  const scalar = Scalar<AppEnv>({ url: "/openapi.json", pageTitle: "Pay API reference" });
  return async (c: Context<AppEnv>, next: Next) => {
    const res = (await scalar(c, next)) as Response;
    const html = (await res.text()).replace('<div id="app"></div>', `<div id="app">${operationIndex(document())}</div>`);
    return c.html(html);
  };
}
