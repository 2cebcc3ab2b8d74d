/**
 * `{base}/dashboard` and its pages (docs/dashboard.md), on both hosts: one HTML shell for every
 * page path, which loads `/dashboard.js` (dashboard/); the application reads
 * `location.pathname` and shows the page. The shell holds no data and no secret: who is signed in
 * is the application's question to `/dashboard/api/me`. Under a strict CSP of its own: scripts,
 * styles, calls and images only from the gateway itself (Lit's constructed stylesheets need no
 * inline style), no frames, no form posts, and no framing by any site. `Referrer-Policy:
 * no-referrer` keeps an invite's page address to itself, and nothing is cached.
 * Language: the browser's Accept-Language, else pt-BR (the application then follows
 * `navigator.language`, the same choice).
 */
import { Hono } from "hono";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { localeOf, type Locale } from "../lib/locale";

/** The dashboard page's policy: nothing but the gateway itself, and no one may frame it. */
export const DASHBOARD_PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Every path the application shows a page at (routing/routes.ts in the application). */
export const DASHBOARD_PAGE_PATHS = [
  "/dashboard",
  "/dashboard/invite",
  "/dashboard/sign-in",
  "/dashboard/payments",
  "/dashboard/payments/:id",
  "/dashboard/overview",
  "/dashboard/payouts",
  "/dashboard/payouts/:id",
  "/dashboard/payment-links",
  "/dashboard/subscriptions",
  "/dashboard/subscriptions/:id",
  "/dashboard/developers",
  "/dashboard/team",
  "/dashboard/sub-sellers",
  "/dashboard/audit-log",
  "/dashboard/sessions",
] as const;

const TITLE = { "pt-BR": "Painel", en: "Dashboard" } as const;
const NO_SCRIPT = {
  "pt-BR": "Para usar o painel, ative o JavaScript do seu navegador.",
  en: "To use the dashboard, turn on JavaScript in your browser.",
} as const;

/** The shell: the application does the rest. */
export function dashboardPageHtml(locale: Locale): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${TITLE[locale]}</title>
<script type="module" src="/dashboard.js"></script>
</head>
<body>
<dashboard-app></dashboard-app>
<noscript><p>${NO_SCRIPT[locale]}</p></noscript>
</body>
</html>`;
}

const HEADERS = { "Content-Security-Policy": DASHBOARD_PAGE_CSP, "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

/** The page's routes: the same shell at every page path. */
export const dashboardPageRoutes = new Hono<AppEnv>();
for (const path of DASHBOARD_PAGE_PATHS) {
  dashboardPageRoutes.get(declarePage("GET", path, { caller: "public" }), (c) => c.html(dashboardPageHtml(localeOf(c.req.header("Accept-Language"))), 200, HEADERS));
}
