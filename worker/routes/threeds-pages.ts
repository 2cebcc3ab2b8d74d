/**
 * The sandbox 3DS server's browser pages, outside /v1 and without a key (the ids in their paths
 * are capabilities, as an ACS's URLs are): device-data collection and the challenge, standing in
 * for the issuer's ACS. Both may be framed by any site (the widget shows them in an iframe) and
 * tell their parent how they ended with `postMessage`; a challenge opened as a page of its own
 * sends the browser back to the `returnUrl` of authenticate instead.
 *
 * The challenge speaks the buyer's language: `?locale=` (the widget adds its own: pt-BR or en),
 * else the browser's Accept-Language; any `pt…` is pt-BR, anything else en; the amount by
 * shared/money.ts, as the widget writes it. Framed, it focuses its code field itself (a
 * cross-origin frame may not use `autofocus`; the widget focuses the frame, and the page its
 * field, on load and whenever the frame gains focus with nothing focused in it), and tells its
 * parent when Escape is pressed (`pay:3ds:escape`: the widget then moves focus to its Cancel).
 */
import { formatMoney } from "../../shared/money";
import { Hono } from "hono";
import { completeChallenge, pendingChallenge } from "../domain/threeds/challenge";
import { CHALLENGE_CODE } from "../domain/cards/test-cards";
import { declarePage, type Access } from "../http/access";
import { localeOf } from "../lib/locale";
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

/** The challenge page's words in each language it speaks. */
const WORDS = {
  en: {
    title: "Confirm your payment",
    bank: "Sandbox Bank",
    confirmThe: "Confirm the payment of",
    withYour: (brand: string) => `with your ${brand} card.`,
    code: "One-time code",
    confirm: "Confirm",
    sandbox: (code: string) => `Sandbox: the code ${code} passes, any other fails.`,
    confirmed: "Payment confirmed",
    failed: "Confirmation failed",
    back: "Return to the store",
    none: "No challenge",
    noneTitle: "No challenge is waiting",
    noneText: "It was completed, has expired, or never existed.",
  },
  "pt-BR": {
    title: "Confirme seu pagamento",
    bank: "Banco Sandbox",
    confirmThe: "Confirme o pagamento de",
    withYour: (brand: string) => `com seu cartão ${brand}.`,
    code: "Código de verificação",
    confirm: "Confirmar",
    sandbox: (code: string) => `Sandbox: o código ${code} é aprovado; qualquer outro é recusado.`,
    confirmed: "Pagamento confirmado",
    failed: "Confirmação recusada",
    back: "Voltar à loja",
    none: "Nenhuma confirmação",
    noneTitle: "Nenhuma confirmação pendente",
    noneText: "Ela já foi concluída, expirou ou nunca existiu.",
  },
};
type Lang = keyof typeof WORDS;

/** `?locale=`, else the browser's first language: any `pt…` is pt-BR, anything else en. */
/** The checkout's `?locale=`, else the browser's Accept-Language (lib/locale.ts); an ACS speaks en by default. */
function langOf(query: string | undefined, acceptLanguage: string | undefined): Lang {
  return localeOf(query ?? acceptLanguage, "en");
}

function noChallengePage(lang: Lang) {
  const w = WORDS[lang];
  return page(w.none, `<h1>${w.noneTitle}</h1><p>${w.noneText}</p>`, "", lang);
}

function page(title: string, body: string, script = "", lang: Lang = "en", n = nonce()): { html: string; headers: Record<string, string> } {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
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
    const lang = langOf(c.req.query("locale"), c.req.header("Accept-Language"));
    const challenge = await pendingChallenge(c.get("platform"), id);
    if (!challenge) {
      const { html, headers } = noChallengePage(lang);
      return c.html(html, 404, headers);
    }
    const w = WORDS[lang];
    // The form posts to this URL, its ?locale= included, so the answer speaks the same language.
    const body = `<h1>${w.bank}</h1><p>${w.confirmThe} <strong>${escapeHtml(formatMoney(challenge.amount, challenge.currency, lang))}</strong> ${escapeHtml(w.withYour(challenge.brand))}</p>
<form method="post"><label for="code">${w.code}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">${w.confirm}</button></form><p><small>${w.sandbox(CHALLENGE_CODE)}</small></p>`;
    // Framed: focus the code (now, and when the frame gains focus with nothing focused in it);
    // Escape tells the parent, whose dialog moves focus to its Cancel. The message holds nothing
    // but its type (the parent checks that it came from this frame and from the gateway's origin).
    const script = `const code=document.getElementById("code");code.focus();
addEventListener("focus",()=>{if(document.activeElement===document.body)code.focus()});
addEventListener("keydown",(e)=>{if(e.key==="Escape"&&window.parent!==window){e.preventDefault();window.parent.postMessage({type:"pay:3ds:escape"},"*")}});`;
    const { html, headers } = page(w.title, body, script, lang);
    return c.html(html, 200, headers);
  })
  .post(challengePage, async (c) => {
    const id = c.req.param("authenticationId");
    const lang = langOf(c.req.query("locale"), c.req.header("Accept-Language"));
    const w = WORDS[lang];
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const code = typeof form.code === "string" ? form.code : "";
    const done = await completeChallenge(c.get("platform"), id, code);
    if (!done) {
      const { html, headers } = noChallengePage(lang);
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
    const title = done.passed ? w.confirmed : w.failed;
    const body = `<h1>${title}</h1><p><a href="${escapeHtml(back.toString())}">${w.back}</a></p>`;
    const { html, headers } = page(title, body, script, lang);
    return c.html(html, 200, headers);
  });
