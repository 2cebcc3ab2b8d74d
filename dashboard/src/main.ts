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
import "./fold/dashboard-fold";
import "./payments/dashboard-payments";
import "./payment/dashboard-payment";
import "./refund-form/dashboard-refund-form";
import "./audit-log/dashboard-audit-log";
import "./copy-button/dashboard-copy-button";
import "./once-dialog/dashboard-once-dialog";
import "./confirm-dialog/dashboard-confirm-dialog";
import "./timeline/dashboard-timeline";
import "./overview/dashboard-overview";
import "./payouts/dashboard-payouts";
import "./payout/dashboard-payout";
import "./link-form/dashboard-link-form";
import "./payment-links/dashboard-payment-links";
import "./subscriptions/dashboard-subscriptions";
import "./subscription/dashboard-subscription";
import "./api-keys/dashboard-api-keys";
import "./webhook-form/dashboard-webhook-form";
import "./replay-dialog/dashboard-replay-dialog";
import "./webhooks/dashboard-webhooks";
import "./deliveries/dashboard-deliveries";
import "./notification-settings/dashboard-notification-settings";
import "./events-feed/dashboard-events-feed";
import "./developers/dashboard-developers";
import "./team-invite/dashboard-team-invite";
import "./team/dashboard-team";
import "./sub-sellers/dashboard-sub-sellers";
import "./sessions/dashboard-sessions";
import "./app/dashboard-app";

if (pageStyles.styleSheet) document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageStyles.styleSheet];
document.documentElement.lang = LOCALE;
