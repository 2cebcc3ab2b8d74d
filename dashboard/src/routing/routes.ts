/**
 * The dashboard's pages, by `location.pathname` under `/dashboard` (the server answers every one
 * of them with the same page: worker/routes/dashboard-page.ts, whose DASHBOARD_PAGE_PATHS lists
 * them all). `/dashboard` itself is the payments list.
 */

/** The dashboard's base path. */
export const BASE = "/dashboard";

/** Each page's path. */
export const PATHS = {
  invite: `${BASE}/invite`,
  signIn: `${BASE}/sign-in`,
  payments: `${BASE}/payments`,
  payment: (id: string) => `${BASE}/payments/${encodeURIComponent(id)}`,
  overview: `${BASE}/overview`,
  payouts: `${BASE}/payouts`,
  payout: (id: string) => `${BASE}/payouts/${encodeURIComponent(id)}`,
  paymentLinks: `${BASE}/payment-links`,
  subscriptions: `${BASE}/subscriptions`,
  subscription: (id: string) => `${BASE}/subscriptions/${encodeURIComponent(id)}`,
  developers: `${BASE}/developers`,
  team: `${BASE}/team`,
  subSellers: `${BASE}/sub-sellers`,
  auditLog: `${BASE}/audit-log`,
  sessions: `${BASE}/sessions`,
} as const;

/** The pages a path names alone (no id in it), by path. */
const FIXED = {
  [PATHS.invite]: "invite",
  [PATHS.signIn]: "sign-in",
  [PATHS.overview]: "overview",
  [PATHS.payouts]: "payouts",
  [PATHS.paymentLinks]: "payment-links",
  [PATHS.subscriptions]: "subscriptions",
  [PATHS.developers]: "developers",
  [PATHS.team]: "team",
  [PATHS.subSellers]: "sub-sellers",
  [PATHS.auditLog]: "audit-log",
  [PATHS.sessions]: "sessions",
} as const;

/** A page and what its path says. */
export type Route =
  | { page: (typeof FIXED)[keyof typeof FIXED] }
  | { page: "payments" }
  | { page: "payment"; id: string }
  | { page: "subscription"; id: string }
  | { page: "payout"; id: string }
  | { page: "not-found" };

/** The page a path shows (a trailing slash is the same page). */
export function routeOf(pathname: string): Route {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === BASE || path === PATHS.payments) return { page: "payments" };
  if (Object.hasOwn(FIXED, path)) return { page: FIXED[path as keyof typeof FIXED] };
  const one = /^\/dashboard\/(payments|subscriptions|payouts)\/([^/]+)$/.exec(path);
  const pages = { payments: "payment", subscriptions: "subscription", payouts: "payout" } as const;
  if (one) return { page: pages[one[1] as keyof typeof pages], id: decodeURIComponent(one[2]!) };
  return { page: "not-found" };
}

/** Whether a page is a member's (it needs a session); the invite and sign-in pages are anyone's. */
export const needsSession = (route: Route) => route.page !== "invite" && route.page !== "sign-in";
