/**
 * What `<dashboard-app>` shows at each route: the page's element with what it needs (the mode,
 * what the member may do), a refusal for a page the member's profile may not see (each member's
 * page names the permission it needs: docs/dashboard.md's table), the not-found page, and the
 * document's title of each.
 */
import { html } from "lit";
import type { Me, Mode } from "../api/types";
import type { DashboardStrings } from "../i18n/locale";
import { PATHS, type Route } from "../routing/routes";

/** What the pages need from the app. */
export interface PageContext {
  mode: Mode;
  /** The member's permissions in this mode (none before `GET /me` answered): `permissionsIn`. */
  permissions: readonly string[];
  /** Whether the member holds live access (their team page grants it only then). */
  liveAccess: boolean;
  /** Follows an in-app link. */
  follow: (event: MouseEvent) => void;
}

/** The permissions that open each member's page (any one of them); pages not listed (the member's own sessions) are anyone's. */
export const PAGE_PERMISSIONS: Partial<Record<Route["page"], readonly string[]>> = {
  payments: ["payments.read"],
  payment: ["payments.read"],
  overview: ["reports.read"],
  payouts: ["settlements.read"],
  payout: ["settlements.read"],
  "payment-links": ["links.read"],
  subscriptions: ["subscriptions.read"],
  subscription: ["subscriptions.read"],
  developers: ["developers.read", "webhooks.read"],
  team: ["team.read"],
  "sub-sellers": ["sellers.read"],
  "audit-log": ["audit.read"],
};

/**
 * What `me` may do on the pages in `mode`. In live mode, a seller not approved for live may look
 * and change nothing (403 LIVE_MODE_NOT_APPROVED: docs/dashboard.md, "Test and live"), so only
 * reading is left there, with the team's changes (the team has no mode): no button is offered that
 * the server would refuse.
 */
export function permissionsIn(me: Me, mode: Mode): readonly string[] {
  if (mode !== "live" || me.seller.liveApprovedAt !== null) return me.permissions;
  return me.permissions.filter((p) => p.endsWith(".read") || p === "team.manage");
}

/** Whether a member with `permissions` may open `page`. */
export const mayOpen = (page: Route["page"], permissions: readonly string[]) => PAGE_PERMISSIONS[page]?.some((p) => permissions.includes(p)) ?? true;

/** The page's name, for the document's title and its refusal. */
export function pageTitle(route: Route, s: DashboardStrings): string {
  const titles: Record<Route["page"], string> = {
    invite: s.inviteTitle,
    "sign-in": s.signInTitle,
    payments: s.payments,
    payment: s.payment,
    overview: s.nav.overview,
    payouts: s.payouts.title,
    payout: s.payouts.one,
    "payment-links": s.nav.paymentLinks,
    subscriptions: s.nav.subscriptions,
    subscription: s.subscriptions.one,
    developers: s.nav.developers,
    team: s.nav.team,
    "sub-sellers": s.nav.subSellers,
    "audit-log": s.auditLog,
    sessions: s.sessions.title,
    "not-found": s.notFoundTitle,
  };
  return titles[route.page];
}

/** The page's element. */
function pageOf(route: Route, ctx: PageContext) {
  const can = (permission: string) => ctx.permissions.includes(permission);
  const mode = ctx.mode;
  switch (route.page) {
    case "invite":
      return html`<dashboard-invite></dashboard-invite>`;
    case "sign-in":
      return html`<dashboard-sign-in></dashboard-sign-in>`;
    case "payments":
      return html`<dashboard-payments .mode=${mode}></dashboard-payments>`;
    case "payment":
      return html`<dashboard-payment .paymentId=${route.id} .mode=${mode} .canRefund=${can("payments.refund")}></dashboard-payment>`;
    case "overview":
      return html`<dashboard-overview .mode=${mode}></dashboard-overview>`;
    case "payouts":
      return html`<dashboard-payouts .mode=${mode}></dashboard-payouts>`;
    case "payout":
      return html`<dashboard-payout .settlementId=${route.id} .mode=${mode}></dashboard-payout>`;
    case "payment-links":
      return html`<dashboard-payment-links .mode=${mode} .canManage=${can("links.manage")}></dashboard-payment-links>`;
    case "subscriptions":
      return html`<dashboard-subscriptions .mode=${mode}></dashboard-subscriptions>`;
    case "subscription":
      return html`<dashboard-subscription .subscriptionId=${route.id} .mode=${mode} .canManage=${can("subscriptions.manage")}></dashboard-subscription>`;
    case "developers":
      return html`<dashboard-developers .mode=${mode} .permissions=${ctx.permissions}></dashboard-developers>`;
    case "team":
      return html`<dashboard-team .canManage=${can("team.manage")} .liveAccess=${ctx.liveAccess}></dashboard-team>`;
    case "sub-sellers":
      return html`<dashboard-sub-sellers .mode=${mode} .canManage=${can("sellers.manage")}></dashboard-sub-sellers>`;
    case "audit-log":
      return html`<dashboard-audit-log></dashboard-audit-log>`;
    case "sessions":
      return html`<dashboard-sessions></dashboard-sessions>`;
    default:
      return null;
  }
}

/** The page of `route`, or why it is not shown. */
export function renderPage(route: Route, ctx: PageContext, s: DashboardStrings) {
  if (!mayOpen(route.page, ctx.permissions)) return html`<h1>${pageTitle(route, s)}</h1><p class="alert" role="alert">${s.forbidden}</p>`;
  return (
    pageOf(route, ctx) ??
    html`<h1>${s.notFoundTitle}</h1>
      <p>${s.notFound}</p>
      <p><a href=${PATHS.payments} @click=${ctx.follow}>${s.backToPayments}</a></p>`
  );
}
