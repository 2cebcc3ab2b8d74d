/**
 * `{base}/dashboard.js`, the seller dashboard's script (docs/dashboard.md), loaded by its page
 * (worker/routes/dashboard-page.ts) under a strict CSP: it adopts the page's styles as a
 * constructed stylesheet, sets the page's language, and defines the dashboard's elements; the
 * page's `<dashboard-app>` does the rest.
 */
import { LOCALE } from "./i18n/locale";
import { pageStyles } from "./styles/page.styles";
import "./header/dashboard-header";
import "./invite/dashboard-invite";
import "./sign-in/dashboard-sign-in";
import "./payments/dashboard-payments";
import "./payment/dashboard-payment";
import "./refund-form/dashboard-refund-form";
import "./audit-log/dashboard-audit-log";
import "./app/dashboard-app";

if (pageStyles.styleSheet) document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageStyles.styleSheet];
document.documentElement.lang = LOCALE;
