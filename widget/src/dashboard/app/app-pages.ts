/**
 * What `<dashboard-app>` shows at each route: the page's element with what it needs (the mode,
 * what the member may do), the audit log's refusal for a profile without `audit.read`, the
 * not-found page, and the document's title of each.
 */
import { html } from "lit";
import type { Mode } from "../api/types";
import type { DashboardStrings } from "../i18n/locale";
import { PATHS, type Route } from "../routing/routes";

/** What the pages need from the app. */
export interface PageContext {
  mode: Mode;
  /** The member's permissions (none before `GET /me` answered). */
  permissions: readonly string[];
  /** Follows an in-app link. */
  follow: (event: MouseEvent) => void;
}

/** The page's name, for the document's title. */
export function pageTitle(route: Route, s: DashboardStrings): string {
  const titles: Record<Route["page"], string> = {
    invite: s.inviteTitle,
    "sign-in": s.signInTitle,
    payments: s.payments,
    payment: s.payment,
    "audit-log": s.auditLog,
    "not-found": s.notFoundTitle,
  };
  return titles[route.page];
}

/** The page of `route`. */
export function renderPage(route: Route, ctx: PageContext, s: DashboardStrings) {
  const can = (permission: string) => ctx.permissions.includes(permission);
  switch (route.page) {
    case "invite":
      return html`<dashboard-invite></dashboard-invite>`;
    case "sign-in":
      return html`<dashboard-sign-in></dashboard-sign-in>`;
    case "payments":
      return html`<dashboard-payments .mode=${ctx.mode}></dashboard-payments>`;
    case "payment":
      return html`<dashboard-payment .paymentId=${route.id} .mode=${ctx.mode} .canRefund=${can("payments.refund")}></dashboard-payment>`;
    case "audit-log":
      return can("audit.read") ? html`<dashboard-audit-log></dashboard-audit-log>` : html`<h1>${s.auditLog}</h1><p class="alert" role="alert">${s.forbidden}</p>`;
    default:
      return html`<h1>${s.notFoundTitle}</h1>
        <p>${s.notFound}</p>
        <p><a href=${PATHS.payments} @click=${ctx.follow}>${s.backToPayments}</a></p>`;
  }
}
