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
import { relayOf } from "../domain/threeds/live";
import { challengeRelayPage, COMPLETE, completionOf, deviceDataRelayPage } from "./threeds-live-pages";
import { escapeHtml, js, page } from "./threeds-page-kit";

/** Where the pages live. */
export const THREEDS_PAGE_PATHS = { deviceData: "/3ds/device-data", challenge: "/3ds/challenge" } as const;

/** Anyone may open them (their ids are capabilities, never logged), inside any site's frame. */
const PAGE: Access = { caller: "public", capability: true, framable: true };
const deviceDataPage = declarePage("GET", `${THREEDS_PAGE_PATHS.deviceData}/:referenceId`, PAGE);
const challengePage = declarePage("GET", `${THREEDS_PAGE_PATHS.challenge}/:authenticationId`, PAGE);
declarePage("POST", challengePage, PAGE);

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



/** The pages' routes. */
export const threedsPages = new Hono<AppEnv>()
  .get(deviceDataPage, async (c) => {
    const referenceId = c.req.param("referenceId");
    // A live session's page relays to Cardinal's (threeds-live-pages.ts), never to the sandbox's.
    const live = await relayOf(c.get("platform"), { referenceId });
    if (live) {
      const { html, headers } = live.target ? deviceDataRelayPage(live.target, referenceId) : noChallengePage("en");
      return c.html(html, live.target ? 200 : 404, headers);
    }
    // The browser facts an ACS fingerprints; the sandbox only reports that collection finished.
    const script = `const info={screen:screen.width+"x"+screen.height,language:navigator.language,timeZoneOffset:new Date().getTimezoneOffset()};
(window.parent!==window?window.parent:window.opener||window).postMessage({type:"pay:3ds:device-data",referenceId:${js(referenceId)},status:"complete",info},"*");`;
    const { html, headers } = page("Device data collection", "<p>Collecting device data…</p>", script);
    return c.html(html, 200, headers);
  })
  .get(challengePage, async (c) => {
    const id = c.req.param("authenticationId");
    const lang = langOf(c.req.query("locale"), c.req.header("Accept-Language"));
    const live = await relayOf(c.get("platform"), { authenticationId: id });
    if (live) {
      const { html, headers } = live.target ? challengeRelayPage(live.target, id) : noChallengePage(lang);
      return c.html(html, live.target ? 200 : 404, headers);
    }
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
    const { message, back } = completionOf(done, done.passed ? "AUTHENTICATION_SUCCESSFUL" : "AUTHENTICATION_FAILED");
    // Framed or opened by the widget: tell it (only the returnUrl's origin may read it). On its own: go back.
    const script = `${COMPLETE}(${js(message)},${js(back)});`;
    const title = done.passed ? w.confirmed : w.failed;
    const body = `<h1>${title}</h1><p><a href="${escapeHtml(back)}">${w.back}</a></p>`;
    const { html, headers } = page(title, body, script, lang);
    return c.html(html, 200, headers);
  });
