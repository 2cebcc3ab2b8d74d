/**
 * The sandbox 3DS server's browser pages, outside /v1 and without a key (the ids in their paths
 * are capabilities, as an ACS's URLs are): device-data collection and the challenge, standing in
 * for the issuer's ACS. Both may be framed by any site (the widget shows them in an iframe) and
 * tell their parent how they ended with `postMessage`; a challenge opened as a page of its own
 * sends the browser back to the `returnUrl` of authenticate instead.
 */
import { formatMoney } from "../../shared/money";
import { Hono } from "hono";
import { completeChallenge, pendingChallenge } from "../domain/threeds/challenge";
import { CHALLENGE_CODE } from "../domain/cards/test-cards";
import { declarePage, type Access } from "../http/access";
import type { AppEnv } from "../http/context";

/** Where the pages live. */
export const THREEDS_PAGE_PATHS = { deviceData: "/3ds/device-data", challenge: "/3ds/challenge" } as const;

/** Anyone may open them (their ids are capabilities, never logged), inside any site's frame. */
const PAGE: Access = { caller: "public", capability: true, framable: true };
const deviceDataPage = declarePage("GET", `${THREEDS_PAGE_PATHS.deviceData}/:referenceId`, PAGE);
const challengePage = declarePage("GET", `${THREEDS_PAGE_PATHS.challenge}/:authenticationId`, PAGE);
declarePage("POST", challengePage, PAGE);

function nonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** Headers of every page: framable anywhere, but no other script than its own nonce'd one. */
function pageHeaders(n: string): Record<string, string> {
  return {
    "Content-Security-Policy": `default-src 'none'; script-src 'nonce-${n}'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors *; base-uri 'none'`,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
  };
}

/** A value as a JavaScript literal that cannot close the script element. */
const js = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string, script = "", n = nonce()): { html: string; headers: Record<string, string> } {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;padding:24px;color:#1a1a1a}main{max-width:360px;margin:auto}input,button{font:inherit;padding:8px;width:100%;box-sizing:border-box;margin-top:8px}button{background:#1a56db;color:#fff;border:0;border-radius:6px}small{color:#666}</style>
</head><body><main>${body}</main>${script ? `<script nonce="${n}">${script}</script>` : ""}</body></html>`;
  return { html, headers: pageHeaders(n) };
}


/** The pages' routes. */
export const threedsPages = new Hono<AppEnv>()
  .get(deviceDataPage, (c) => {
    const referenceId = c.req.param("referenceId");
    // The browser facts an ACS fingerprints; the sandbox only reports that collection finished.
    const script = `const info={screen:screen.width+"x"+screen.height,language:navigator.language,timeZoneOffset:new Date().getTimezoneOffset()};
(window.parent!==window?window.parent:window.opener||window).postMessage({type:"pay:3ds:device-data",referenceId:${js(referenceId)},status:"complete",info},"*");`;
    const { html, headers } = page("Device data collection", "<p>Collecting device data…</p>", script);
    return c.html(html, 200, headers);
  })
  .get(challengePage, async (c) => {
    const id = c.req.param("authenticationId");
    const challenge = await pendingChallenge(c.get("platform"), id);
    if (!challenge) {
      const { html, headers } = page("No challenge", "<h1>No challenge is waiting</h1><p>It was completed, has expired, or never existed.</p>");
      return c.html(html, 404, headers);
    }
    const body = `<h1>Sandbox Bank</h1><p>Confirm the payment of <strong>${escapeHtml(formatMoney(challenge.amount, challenge.currency, "en"))}</strong> with your ${escapeHtml(challenge.brand)} card.</p>
<form method="post"><label for="code">One-time code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required autofocus>
<button type="submit">Confirm</button></form><p><small>Sandbox: the code ${CHALLENGE_CODE} passes, any other fails.</small></p>`;
    const { html, headers } = page("Confirm your payment", body);
    return c.html(html, 200, headers);
  })
  .post(challengePage, async (c) => {
    const id = c.req.param("authenticationId");
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const code = typeof form.code === "string" ? form.code : "";
    const done = await completeChallenge(c.get("platform"), id, code);
    if (!done) {
      const { html, headers } = page("No challenge", "<h1>No challenge is waiting</h1><p>It was completed, has expired, or never existed.</p>");
      return c.html(html, 404, headers);
    }
    const status = done.passed ? "AUTHENTICATION_SUCCESSFUL" : "AUTHENTICATION_FAILED";
    const back = new URL(done.returnUrl);
    back.searchParams.set("authenticationTransactionId", done.authenticationId);
    back.searchParams.set("requestId", done.requestId);
    back.searchParams.set("status", status);
    const message = { type: "pay:3ds:challenge-complete", authenticationTransactionId: done.authenticationId, requestId: done.requestId, status };
    // Framed or opened by the widget: tell it (only the returnUrl's origin may read it). On its own: go back.
    const script = `const m=${js(message)};const target=window.parent!==window?window.parent:window.opener;
if(target){target.postMessage(m,${js(back.origin)});}else{location.replace(${js(back.toString())});}`;
    const body = `<h1>${done.passed ? "Payment confirmed" : "Confirmation failed"}</h1><p><a href="${escapeHtml(back.toString())}">Return to the store</a></p>`;
    const { html, headers } = page(done.passed ? "Confirmed" : "Failed", body, script);
    return c.html(html, 200, headers);
  });
