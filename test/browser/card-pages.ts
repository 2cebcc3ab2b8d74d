/**
 * The pages card-frame.test.ts serves: a seller's shop (one origin, strict CSP, every script a
 * file of its own) and an attacker's frames (another origin). The scripts are plain browser
 * JavaScript in strings; each page gets its gateway, keys and transaction in the markup.
 */
import type { IncomingMessage } from "node:http";
import type { Reply } from "./servers";

const js = (body: string): Reply => ({ body, headers: { "Content-Type": "text/javascript; charset=utf-8" } });
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The CSP a careful seller sets (docs/widget.md): no inline script or style anywhere. */
export const shopCsp = (gateway: string, otherFrames = "") =>
  `default-src 'self'; script-src 'self' ${gateway}; frame-src ${gateway}${otherFrames ? ` ${otherFrames}` : ""}; connect-src ${gateway}`;

/** A page naming its gateway (and the attacker's origin) in `<html data-…>`, for its scripts. */
function page(title: string, origins: { gateway: string; evil?: string }, head: string, body: string, csp: string): Reply {
  const data = Object.entries(origins).map(([name, origin]) => ` data-${name}="${esc(origin)}"`).join("");
  return {
    body: `<!doctype html><html lang="en"${data}><head><meta charset="utf-8"><title>${esc(title)}</title>${head}</head><body><h1>${esc(title)}</h1>${body}</body></html>`,
    headers: { "Content-Security-Policy": csp },
  };
}

/** Browser code: records every message this window receives, as JSON, in `window[name]`. */
const recordMessages = (name: string) => `window.${name} = [];
addEventListener("message", (e) => {
  let data;
  try { data = JSON.stringify(e.data); } catch { data = String(e.data); }
  ${name}.push({ origin: e.origin, data });
}, true);
`;

/**
 * The spy: loaded first on the shop's pages, it records every message the page receives and
 * offers `spy.search(patterns)`, which looks for the card number in the whole DOM (attributes,
 * text, form values), in every shadow root it can reach, in the messages, in storage and in the
 * resource timings, and tries to read each card frame's document.
 */
const SPY = `"use strict";
${recordMessages("spyMessages")}
window.spy = {
  search(patterns) {
    const texts = [];
    const frames = [];
    let shadowRoots = 0;
    const visit = (root, where) => {
      texts.push([where, root === document ? document.documentElement.outerHTML : root.innerHTML]);
      for (const el of root.querySelectorAll("*")) {
        if (typeof el.value === "string") texts.push([where + " " + el.localName + ".value", el.value]);
        if (el.localName === "iframe") frames.push(el);
        if (el.shadowRoot) { shadowRoots++; visit(el.shadowRoot, where + " > " + el.localName); }
      }
    };
    visit(document, "document");
    texts.push(["text", document.body.innerText]);
    texts.push(["messages", JSON.stringify(spyMessages)]);
    texts.push(["storage", JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie]);
    texts.push(["timings", JSON.stringify(performance.getEntries().map((p) => p.name))]);
    const framesRead = frames.map((frame) => {
      let document = "readable";
      try { frame.contentWindow.document; } catch (err) { document = err.name; }
      return { src: frame.src, contentDocument: frame.contentDocument === null ? null : "readable", document };
    });
    const regexes = patterns.map((p) => new RegExp(p));
    const found = texts.filter(([, text]) => regexes.some((r) => r.test(text))).map(([where]) => where);
    return { found, frames: framesRead, shadowRoots, messages: spyMessages.length, texts: texts.length };
  },
};
`;

/** Records `<pay-card-form>`'s events for the test to read. */
const EVENTS = `"use strict";
window.cardEvents = [];
for (const type of ["pay-card-change", "pay-card-submit"]) document.addEventListener(type, (e) => cardEvents.push({ type, detail: e.detail }));
`;

/**
 * Pretends to be the gateway's frame from another origin: posts the frame's messages (a valid
 * card, a height, a setup answer) to its parent, twenty times, then says so.
 */
const FORGER = `"use strict";
const fakes = [
  { type: "pay:card:ready" },
  { type: "pay:card:change", brand: "VISA", last4: "9999", complete: true, valid: true, errors: {} },
  { type: "pay:card:resize", height: 7 },
  { type: "pay:card:setup", requestId: "forged", result: { code: "FORGED" } },
];
let rounds = 0;
const timer = setInterval(() => {
  for (const message of fakes) parent.postMessage(message, "*");
  if (++rounds === 20) { clearInterval(timer); parent.postMessage({ type: "forger:done" }, "*"); }
}, 25);
`;

/**
 * The shop's own script on the "host ignores" page: the same fakes posted by the page to itself,
 * and a second card frame (the gateway's, but not the form's) that the page initializes itself.
 */
const HOST_IGNORES = `"use strict";
const gateway = document.documentElement.dataset.gateway;
const fakeChange = { type: "pay:card:change", brand: "VISA", last4: "8888", complete: true, valid: true, errors: {} };
for (let i = 0; i < 5; i++) window.postMessage(fakeChange, "*");
const other = document.createElement("iframe");
other.id = "other-card-frame";
other.title = "another card frame";
other.addEventListener("load", () => other.contentWindow.postMessage({ type: "pay:card:init", publishableKey: "pk_test_x", transactionId: "x", clientSecret: "x", locale: "en", theme: {}, paymentMethod: "CREDIT_CARD" }, gateway));
other.src = gateway + "/elements/card-frame";
document.body.append(other);
`;

/**
 * The attacker's frame beside a card frame: on its parent's word it posts to the card frame
 * (its parent's first frame) an init in pt-BR and a submit, as the card frame's parent would,
 * then tells its parent it did; it records whatever it receives.
 */
const MEDDLER = `"use strict";
${recordMessages("received")}
addEventListener("message", (e) => {
  if (e.source !== parent || !e.data || e.data.type !== "meddler:go") return;
  const card = parent.frames[0];
  const round = e.data.round;
  card.postMessage({ type: "pay:card:init", publishableKey: "pk_test_evil", transactionId: "evil", clientSecret: "evil", locale: "pt-BR", theme: { "--pay-color-text": "red" }, paymentMethod: "CREDIT_CARD" }, "*");
  card.postMessage({ type: "pay:card:submit", requestId: "evil-" + round }, "*");
  parent.postMessage({ type: "meddler:sent", round }, "*");
});
parent.postMessage({ type: "meddler:loaded" }, "*");
`;

/**
 * The shop's script on the "frame ignores" page: a bare card frame (no <pay-card-form>) and the
 * meddler. Round 1: the meddler's init and submit reach the card frame before the page's own
 * init. Round 2: again, after the frame answered the page. Then the page submits itself (the form
 * is empty, so the frame answers invalid_card): the frame handles messages in order, so that
 * answer means the meddler's were handled before. Logs every message in `log`.
 */
const FRAME_IGNORES = `"use strict";
const gateway = document.documentElement.dataset.gateway;
const frame = (id, src) => {
  const el = document.createElement("iframe");
  el.id = el.title = id;
  el.src = src;
  return el;
};
// Created here, listeners first, so no load or message comes before them. The card frame is frames[0].
const card = frame("card", gateway + "/elements/card-frame");
const meddler = frame("meddler", document.documentElement.dataset.evil + "/meddler.html");
window.log = [];
window.done = false;
let loaded = 0;
const init = () => card.contentWindow.postMessage({ type: "pay:card:init", publishableKey: "pk_test_x", transactionId: "x", clientSecret: "x", locale: "en", theme: {}, paymentMethod: "CREDIT_CARD" }, gateway);
const go = (round) => meddler.contentWindow.postMessage({ type: "meddler:go", round }, "*");
const loadedOne = () => { if (++loaded === 2) go(1); };
card.addEventListener("load", loadedOne);
addEventListener("message", (e) => {
  const from = e.source === card.contentWindow ? "card" : e.source === meddler.contentWindow ? "meddler" : "other";
  log.push({ from, origin: e.origin, data: e.data });
  const type = e.data && e.data.type;
  if (from === "meddler" && type === "meddler:loaded") loadedOne();
  if (from === "meddler" && type === "meddler:sent" && e.data.round === 1) init();
  if (from === "card" && type === "pay:card:ready") go(2);
  if (from === "meddler" && type === "meddler:sent" && e.data.round === 2) card.contentWindow.postMessage({ type: "pay:card:submit", requestId: "page-1" }, gateway);
  if (from === "card" && type === "pay:card:error" && e.data.requestId === "page-1") done = true;
});
document.body.append(card, meddler);
`;

export interface ShopContext {
  gateway: string;
  publishableKey: string;
  evil: string;
}

/** The shop's routes; `/form` takes `locale`, `tx` and `secret` from its query. */
export function shopRoutes(ctx: () => ShopContext): Record<string, Reply | ((req: IncomingMessage) => Reply)> {
  return {
    "/spy.js": js(SPY),
    "/events.js": js(EVENTS),
    "/host-ignores.js": js(HOST_IGNORES),
    "/frame-ignores.js": js(FRAME_IGNORES),
    "/form": (req) => {
      const { gateway, publishableKey, evil } = ctx();
      const q = new URL(req.url ?? "/", "http://x").searchParams;
      const forger = q.has("forger");
      // With ?forger, the attacker's frame and the page's own fakes (run after pay.js: both modules).
      const head = `<script src="/spy.js"></script><script src="/events.js"></script><script type="module" src="${gateway}/pay.js"></script>${forger ? `<script type="module" src="/host-ignores.js"></script>` : ""}`;
      const form = `<pay-card-form locale="${esc(q.get("locale") ?? "en")}" publishable-key="${esc(publishableKey)}" transaction-id="${esc(q.get("tx") ?? "")}" client-secret="${esc(q.get("secret") ?? "")}" amount="4200" currency="BRL" max-installments="3"></pay-card-form>`;
      const frames = forger ? `<iframe id="forger" title="ads" src="${evil}/forger.html"></iframe>` : "";
      return page("Loja de teste", { gateway }, head, form + frames, shopCsp(gateway, forger ? evil : ""));
    },
    "/frame-ignores": () => {
      const { gateway, evil } = ctx();
      return page("Frame ignores", { gateway, evil }, `<script type="module" src="/frame-ignores.js"></script>`, "", shopCsp(gateway, evil));
    },
  };
}

/** The attacker's routes (another origin). */
export function evilRoutes(): Record<string, Reply> {
  return {
    "/forger.html": { body: `<!doctype html><title>forger</title><script src="/forger.js"></script>` },
    "/forger.js": js(FORGER),
    "/meddler.html": { body: `<!doctype html><title>meddler</title><script src="/meddler.js"></script>` },
    "/meddler.js": js(MEDDLER),
  };
}
