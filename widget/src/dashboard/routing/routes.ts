/**
 * The dashboard's pages, by `location.pathname` under `/dashboard` (the server answers every one
 * of them with the same page: worker/routes/dashboard-page.ts). `/dashboard` itself is the
 * payments list.
 */

/** The dashboard's base path. */
export const BASE = "/dashboard";

/** Each page's path. */
export const PATHS = {
  invite: `${BASE}/invite`,
  signIn: `${BASE}/sign-in`,
  payments: `${BASE}/payments`,
  payment: (id: string) => `${BASE}/payments/${encodeURIComponent(id)}`,
  auditLog: `${BASE}/audit-log`,
} as const;

/** A page and what its path says. */
export type Route =
  | { page: "invite" }
  | { page: "sign-in" }
  | { page: "payments" }
  | { page: "payment"; id: string }
  | { page: "audit-log" }
  | { page: "not-found" };

/** The page a path shows (a trailing slash is the same page). */
export function routeOf(pathname: string): Route {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === BASE || path === PATHS.payments) return { page: "payments" };
  if (path === PATHS.invite) return { page: "invite" };
  if (path === PATHS.signIn) return { page: "sign-in" };
  if (path === PATHS.auditLog) return { page: "audit-log" };
  const payment = /^\/dashboard\/payments\/([^/]+)$/.exec(path);
  if (payment) return { page: "payment", id: decodeURIComponent(payment[1]!) };
  return { page: "not-found" };
}

/** Whether a page is a member's (it needs a session); the invite and sign-in pages are anyone's. */
export const needsSession = (route: Route) => route.page !== "invite" && route.page !== "sign-in";
