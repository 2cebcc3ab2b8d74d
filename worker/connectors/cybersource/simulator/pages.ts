/**
 * The simulated Cardinal pages (card-connectors.md §1.6-1.7), on their own origin as Cardinal's
 * are: device data collection, which tells its parent `profile.completed`, and the step-up
 * challenge, whose one-time code decides the card's outcome and which ends by form-POSTing
 * `TransactionId` and `MD` to the ReturnUrl of its JWT, in the same frame. Plain HTML, no external
 * resource, one nonce'd inline script, framable by anyone (`frame-ancestors *`).
 */
import { randomBytes } from "node:crypto";
import { escapeHtml } from "../../../lib/html";
import type { SimState } from "./api";
import { verifyJwt, type Claims } from "./jwt";

/** The code that passes a challenge (Cardinal's staging ACS takes 1234 too). */
export const CHALLENGE_CODE = "1234";

/** Where the step-up page's form posts the code (the simulator's own path on the pages origin). */
export const STEP_UP_ANSWER_PATH = "/V2/Cruise/StepUp/Answer";

/** A page to send: status, HTML, and its Content-Security-Policy. */
export interface Page {
  status: number;
  html: string;
  csp: string;
}

/** A value as a JavaScript literal that cannot close the script element. */
const js = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** Answers a form POST to the pages origin, or null when the path is not a page. */
export function page(state: SimState, path: string, form: URLSearchParams): Page | null {
  const claims = verifyJwt(form.get("JWT") ?? "", state.jwtKey, new Date());
  if (path === "/V1/Cruise/Collect" || path === "/V2/Cruise/Collect") return collect(state, claims);
  if (path === "/V2/Cruise/StepUp") return stepUp(state, claims, form);
  if (path === STEP_UP_ANSWER_PATH) return answer(state, claims, form);
  return null;
}

function collect(state: SimState, claims: Claims | null): Page {
  const referenceId = typeof claims?.ReferenceId === "string" ? claims.ReferenceId : null;
  const setup = referenceId !== null ? state.setups.get(referenceId) : undefined;
  if (setup) setup.collected = true;
  const message = JSON.stringify({ MessageType: "profile.completed", "Session Id": setup ? referenceId : null, Status: Boolean(setup) });
  // Cardinal posts to any parent ("*"): the merchant's page checks the event's origin, not Cardinal.
  return render(200, "Device data collection", "", `window.parent.postMessage(${js(message)}, "*");`, "'none'");
}

function stepUp(state: SimState, claims: Claims | null, form: URLSearchParams): Page {
  const challenge = challengeOf(state, claims);
  if (!challenge || challenge.result !== "PENDING") return render(400, "Step-up refused", "<p>This challenge is unknown, expired or already answered.</p>");
  const md = form.get("MD");
  const body = `<h1>Simulated bank</h1><p>Enter the one-time code (${CHALLENGE_CODE} passes, any other fails).</p>
<form method="POST" action="${STEP_UP_ANSWER_PATH}">
<input type="hidden" name="JWT" value="${escapeHtml(form.get("JWT") ?? "")}">${md !== null ? `<input type="hidden" name="MD" value="${escapeHtml(md)}">` : ""}
<label>One-time code <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
<button type="submit">Submit</button>
</form>`;
  return render(200, "Purchase authentication", body, "", "'self'");
}

function answer(state: SimState, claims: Claims | null, form: URLSearchParams): Page {
  const challenge = challengeOf(state, claims);
  if (!challenge || challenge.result !== "PENDING") return render(400, "Step-up refused", "<p>This challenge is unknown, expired or already answered.</p>");
  const passed = form.get("code") === CHALLENGE_CODE && challenge.scenario === "challenge-success";
  challenge.result = passed ? "Y" : "N";
  // As Cardinal: TransactionId and MD ("null" when none was given) to the ReturnUrl, in this frame.
  const body = `<p>Returning to the store…</p>
<form id="back" method="POST" action="${escapeHtml(challenge.returnUrl)}">
<input type="hidden" name="TransactionId" value="${escapeHtml(challenge.id)}">
<input type="hidden" name="MD" value="${escapeHtml(form.get("MD") ?? "null")}">
<noscript><button type="submit">Continue</button></noscript>
</form>`;
  return render(200, "Authentication complete", body, `document.getElementById("back").submit();`, new URL(challenge.returnUrl).origin);
}

/** The challenge a step-up JWT names, if the JWT is the simulator's and unexpired. */
function challengeOf(state: SimState, claims: Claims | null) {
  const payload = claims?.Payload;
  const id = payload && typeof payload === "object" ? (payload as Claims).TransactionId : undefined;
  const challenge = typeof id === "string" ? state.challenges.get(id) : undefined;
  return challenge && challenge.returnUrl === claims?.ReturnUrl ? challenge : undefined;
}

/** A small page whose only script is `script`, under a CSP naming its nonce. */
function render(status: number, title: string, body: string, script = "", formAction = "'none'"): Page {
  const nonce = randomBytes(16).toString("base64");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:1rem}input,button{font-size:1rem;margin:.25rem 0}</style></head>
<body>${body}${script ? `<script nonce="${nonce}">${script}</script>` : ""}</body></html>`;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; form-action ${formAction}; frame-ancestors *; base-uri 'none'`;
  return { status, html, csp };
}
