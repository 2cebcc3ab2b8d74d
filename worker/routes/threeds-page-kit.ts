/**
 * The HTML of the gateway's 3DS pages (routes/threeds-pages.ts, routes/threeds-live-pages.ts):
 * one small document per page, one nonce'd script, framable anywhere, no other resource. A relay
 * page names the one foreign origin it frames and posts its form to (Cardinal's, in live).
 */
import { escapeHtml } from "../lib/html";

/** A fresh nonce for a page's one script. */
export function nonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * Headers of every page: framable anywhere, but no other script than its own nonce'd one; a relay
 * page's `relayOrigin` is the only foreign origin it may frame and post a form to (its frame may
 * come back to the gateway: the ACS's return page is the gateway's own).
 */
export function pageHeaders(n: string, relayOrigin?: string): Record<string, string> {
  const relay = relayOrigin ? `frame-src ${relayOrigin} 'self'; form-action ${relayOrigin}` : "form-action 'self'";
  return {
    "Content-Security-Policy": `default-src 'none'; script-src 'nonce-${n}'; style-src 'unsafe-inline'; ${relay}; frame-ancestors *; base-uri 'none'`,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
  };
}

/** A value as a JavaScript literal that cannot close the script element. */
export const js = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
export { escapeHtml };


/** A page of the 3DS flow: its HTML and headers. */
export function page(title: string, body: string, script = "", lang = "en", n = nonce(), relayOrigin?: string): { html: string; headers: Record<string, string> } {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;padding:24px;color:#1a1a1a}main{max-width:360px;margin:auto}input,button{font:inherit;padding:8px;width:100%;box-sizing:border-box;margin-top:8px}button{background:#1a56db;color:#fff;border:0;border-radius:6px}small{color:#666}</style>
</head><body><main>${body}</main>${script ? `<script nonce="${n}">${script}</script>` : ""}</body></html>`;
  return { html, headers: pageHeaders(n, relayOrigin) };
}
