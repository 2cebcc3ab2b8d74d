/**
 * `{base}/pay/{id}`: the page a buyer opens from a payment link, on both hosts. The page is the
 * gateway's own and does nothing itself: it loads `/pay.js` and shows `<pay-checkout
 * payment-link="{id}">`, whose link mode reads the link, collects the buyer, opens a checkout
 * session and pays it (widget/src/link/). Under a strict CSP of its own: scripts, calls, frames
 * (the card frame, 3DS) and images only from the gateway itself, no inline script or style, and
 * no framing by other sites (a payment page inside someone else's frame is a phishing kit).
 * Language: the link's `checkoutConfig.locale`, else the browser's Accept-Language, else pt-BR
 * (the links charge in BRL). Its `<head>` carries the link's preview (Open Graph and Twitter tags:
 * link-page-meta.ts), so a link pasted in WhatsApp shows its name, price and seller.
 */
import { Hono } from "hono";
import { readLink } from "../domain/payment-links/store";
import { declarePage } from "../http/access";
import { merchantNameOf } from "../domain/merchant";
import { escapeHtml } from "../lib/html";
import { localeOf, type Locale } from "../lib/locale";
import type { AppEnv } from "../http/context";
import { previewOf, previewTags } from "./link-page-meta";

/** The page's policy: nothing but the gateway itself, and no one may frame it. */
export const LINK_PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; frame-src 'self'; img-src 'self' data:; style-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const linkPage = declarePage("GET", "/pay/:id", { caller: "public" });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** pt-BR or en: the link's choice, else the best language the browser asks for (lib/locale.ts). */
export function pageLocale(configured: unknown, acceptLanguage: string | undefined): Locale {
  return configured === "pt-BR" || configured === "en" ? configured : localeOf(acceptLanguage);
}

const NOT_FOUND = { "pt-BR": "Link de pagamento não encontrado", en: "Payment link not found" } as const;
const NO_SCRIPT = {
  "pt-BR": "Para pagar, ative o JavaScript do seu navegador.",
  en: "To pay, turn on JavaScript in your browser.",
} as const;

/** The page's HTML: the element does the rest; `head` is the preview's tags. */
function linkPageHtml(id: string | null, title: string, locale: Locale, head = ""): string {
  const checkout = id ? `<pay-checkout payment-link="${escapeHtml(id)}" locale="${locale}"></pay-checkout>` : `<h1>${escapeHtml(title)}</h1>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
${head}
${id ? `<script type="module" src="/pay.js"></script>` : ""}
</head>
<body>
<main>
${checkout}
<noscript><p>${NO_SCRIPT[locale]}</p></noscript>
</main>
</body>
</html>`;
}

/** The page's route. */
export const linkPageRoutes = new Hono<AppEnv>().get(linkPage, async (c) => {
  const id = c.req.param("id");
  const state = UUID.test(id) ? await readLink(c.get("platform"), id, undefined, "room") : null;
  const locale = pageLocale(state?.row.checkoutConfig?.locale, c.req.header("Accept-Language"));
  const headers = { "Content-Security-Policy": LINK_PAGE_CSP, "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
  if (!state) return c.html(linkPageHtml(null, NOT_FOUND[locale], locale), 404, headers);
  const platform = c.get("platform");
  const merchant = await merchantNameOf(platform.db, state.row.sellerId);
  const preview = previewOf(state, merchant, locale);
  const head = previewTags(preview, `${platform.config.baseUrl}/pay/${state.row.id}`, merchant, locale);
  return c.html(linkPageHtml(state.row.id, state.row.name, locale, head), 200, headers);
});
