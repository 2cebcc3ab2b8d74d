/**
 * A live session's browser pages: the gateway's relays to Cardinal (Cybersource's 3DS pages).
 * The widget, or any integrator's frame, opens only the gateway's URLs, as in the sandbox:
 *
 * - device data: the relay posts the setup JWT into a hidden frame at Cardinal's collection URL
 *   and, when Cardinal's `profile.completed` arrives from Cardinal's origin and that frame, tells
 *   its parent `pay:3ds:device-data` (as the sandbox's page does);
 * - challenge: the relay posts the step-up JWT into a visible frame at Cardinal's step-up URL; the
 *   ACS ends by posting `TransactionId` to the gateway's return page (POST /3ds/return/{id}, in
 *   that frame), which reads the result at the 3DS server and hands the relay its completion;
 *   the relay tells its parent `pay:3ds:challenge-complete`, or, opened on its own, sends the
 *   browser to the caller's returnUrl.
 *
 * Each relay's CSP names Cardinal's origin as the only one it frames and posts a form to.
 */
import { Hono } from "hono";
import { returnFromLiveChallenge, type RelayTarget } from "../domain/threeds/live";
import { THREEDS_PAGE_RETURN_PATH } from "../domain/threeds/session";
import { declarePage, type Access } from "../http/access";
import type { AppEnv } from "../http/context";
import { escapeHtml, js, nonce, page, pageHeaders } from "./threeds-page-kit";

const PAGE: Access = { caller: "public", capability: true, framable: true };
const returnPage = declarePage("POST", `${THREEDS_PAGE_RETURN_PATH}/:authenticationId`, PAGE);

/** A relay document: the frame, the auto-posted form, and the script. */
function relay(target: RelayTarget, frame: { title: string; visible: boolean }, fields: Record<string, string>, script: string) {
  const n = nonce();
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join("");
  const style = frame.visible ? "html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}" : "iframe{display:none}";
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(frame.title)}</title><style>${style}</style></head>
<body><iframe name="relay" title="${escapeHtml(frame.title)}"></iframe><form method="post" target="relay" action="${escapeHtml(target.pageUrl)}">${inputs}</form>
<script nonce="${n}">const frame=document.querySelector("iframe");${script}document.forms[0].submit();</script></body></html>`;
  return { html, headers: pageHeaders(n, target.pagesOrigin) };
}

/** The device-data relay of a live session. */
export function deviceDataRelayPage(target: RelayTarget, referenceId: string) {
  // Cardinal posts a JSON string; only its profile.completed, from its origin and this frame, counts.
  const script = `addEventListener("message",(e)=>{if(e.origin!==${js(target.pagesOrigin)}||e.source!==frame.contentWindow)return;let d;try{d=typeof e.data==="string"?JSON.parse(e.data):e.data}catch{return}
if(!d||d.MessageType!=="profile.completed")return;(window.parent!==window?window.parent:window.opener||window).postMessage({type:"pay:3ds:device-data",referenceId:${js(referenceId)},status:d.Status===false?"failed":"complete"},"*")});`;
  return relay(target, { title: "Device data collection", visible: false }, { JWT: target.token }, script);
}

/** The challenge relay of a live session. */
export function challengeRelayPage(target: RelayTarget, authenticationId: string) {
  // The return page is the gateway's own, inside the frame: only its message, from this origin and that frame, counts.
  const script = `addEventListener("message",(e)=>{if(e.origin!==location.origin||e.source!==frame.contentWindow)return;const d=e.data;
if(!d||d.type!=="pay:3ds:step-up-return")return;${COMPLETE}(d.message,d.back)});`;
  return relay(target, { title: "Card verification", visible: true }, { JWT: target.token, MD: authenticationId }, script);
}

/**
 * Tells the widget (or the window that opened the page) how the challenge ended, readable only by
 * the returnUrl's origin; a page on its own goes to returnUrl instead. The sandbox's challenge
 * page ends the same way.
 */
export const COMPLETE = `((m,back)=>{const t=window.parent!==window?window.parent:window.opener;if(t){t.postMessage(m,new URL(back).origin)}else{location.replace(back)}})`;

/** The completion message and the returnUrl with the result in its query. */
export function completionOf(done: { authenticationId: string; requestId: string; returnUrl: string }, status: string) {
  const back = new URL(done.returnUrl);
  back.searchParams.set("authenticationTransactionId", done.authenticationId);
  back.searchParams.set("requestId", done.requestId);
  back.searchParams.set("status", status);
  return { message: { type: "pay:3ds:challenge-complete", authenticationTransactionId: done.authenticationId, requestId: done.requestId, status }, back: back.toString() };
}

/** The ACS's return (Cardinal's form POST of `TransactionId` and `MD`). */
export const threedsLivePages = new Hono<AppEnv>().post(returnPage, async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const transactionId = typeof form.TransactionId === "string" ? form.TransactionId : "";
  const done = transactionId ? await returnFromLiveChallenge(c.get("platform"), c.req.param("authenticationId"), transactionId) : null;
  if (!done) {
    const { html, headers } = page("No challenge", "<h1>No challenge is waiting</h1><p>It was completed, has expired, or never existed.</p>");
    return c.html(html, 404, headers);
  }
  const { message, back } = completionOf(done, done.status);
  // In the relay's frame: hand it the completion. Opened some other way: end as the relay would.
  const script = `const m=${js(message)},back=${js(back)};if(window.parent!==window){window.parent.postMessage({type:"pay:3ds:step-up-return",message:m,back},location.origin)}else{${COMPLETE}(m,back)}`;
  const { html, headers } = page("Card verification", "<p>Verification finished.</p>", script);
  return c.html(html, 200, headers);
});
