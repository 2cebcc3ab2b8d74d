/**
 * The dashboard's side of authentication (docs/dashboard.md): the session cookie, the Origin
 * check on every change, the signed-in member, and the profile's permission for a route. API keys
 * play no part here, as cookies play none on /v1.
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { recordAudit, type Actor, type AuditEntry } from "../domain/dashboard/audit";
import type { Scope } from "../domain/scope";
import { validationError } from "../lib/validation";
import { can, type Permission } from "../domain/dashboard/permissions";
import { dashboardOrigin, relyingParty } from "../domain/dashboard/relying-party";
import { SESSION_HOURS, sessionOf, type SignedIn, type Visitor } from "../domain/dashboard/sessions";
import { requireApprovedForLive } from "../domain/live-approval";
import { ApiError } from "../lib/problem";
import type { AppEnv } from "./context";

/** The cookie holding the session's token. */
export const SESSION_COOKIE = "pay_dashboard";
const COOKIE_PATH = "/dashboard";

/** Where the request comes from, for the session list and the audit log. */
export function visitorOf(c: Context<AppEnv>): Visitor {
  return { ip: c.get("platform").clientAddress?.(c.req.raw, c.env) ?? null, userAgent: c.req.header("user-agent") ?? null };
}

/** The actor of a signed-in member's request. */
export function actorOf(c: Context<AppEnv>, signedIn: SignedIn): Actor {
  return { sellerId: signedIn.member.sellerId, memberId: signedIn.member.id, memberEmail: signedIn.member.email, ...visitorOf(c) };
}

/** `Secure` everywhere but plain http on this machine (a browser drops Secure cookies over http). */
function secureCookie(c: Context<AppEnv>): boolean {
  const { protocol, hostname } = dashboardOrigin(c.get("platform").config.baseUrl);
  return !(protocol === "http:" && hostname === "localhost");
}

/** Sets the session cookie: HttpOnly, SameSite=Strict, scoped to /dashboard, for the session's lifetime. */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: "Strict", path: COOKIE_PATH, secure: secureCookie(c), maxAge: SESSION_HOURS * 3600 });
}

/** Removes the session cookie. */
export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: COOKIE_PATH, secure: secureCookie(c), httpOnly: true, sameSite: "Strict" });
}

/**
 * Changes (any method but GET and HEAD) only from the service's own pages: `Origin` must be its
 * origin. SameSite=Strict already keeps the cookie off other sites' requests; this is the second lock,
 * and it also guards the sign-in routes, which have no cookie yet.
 */
export const sameOriginChanges: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.header("origin") !== relyingParty(c.get("platform")).origin) {
    throw new ApiError("FORBIDDEN", "Dashboard changes are accepted only from the dashboard's own pages (the Origin header does not match).");
  }
  await next();
};

/**
 * The member's session, or 401 DASHBOARD_SIGN_IN_REQUIRED. The app runs it for every route
 * declared `member` (app.ts), before any body is read: a stranger gets 401, never a parse.
 */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const found = token ? await sessionOf(c.get("platform"), token) : null;
  if (!found) {
    if (token) clearSessionCookie(c);
    throw new ApiError("DASHBOARD_SIGN_IN_REQUIRED", "Sign in to the dashboard: no session, or it ended.");
  }
  c.set("member", found);
  await next();
};

/** The signed-in member of a route behind `signedIn`. */
export function memberOf(c: Context<AppEnv>): SignedIn {
  const member = c.get("member");
  if (!member) throw new Error("memberOf on a route without the signedIn middleware");
  return member;
}

/** 403 FORBIDDEN unless the member's profile allows `permission`; a refusal is audited. */
export function requirePermission(permission: Permission, target?: (c: Context<AppEnv>) => { targetType: string; targetId: string }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const member = memberOf(c);
    if (!can(member.member.profile, permission)) {
      await recordAudit(c.get("platform"), actorOf(c, member), { action: permission, outcome: "denied", ...target?.(c) });
      throw new ApiError("FORBIDDEN", `The ${member.member.profile} profile may not do this (${permission}); ask an owner or admin.`);
    }
    await next();
  };
}

const liveAccessRequired = () =>
  new ApiError("LIVE_ACCESS_REQUIRED", "Your membership is test-only: live mode needs live access, which an owner or a member who holds it can grant you.");

/**
 * The dashboard's wall between test and live (docs/dashboard.md, "Test and live"), run by the app
 * for every member route before its handler, from the request's `mode`: live mode is only for a
 * member with live access (a refusal is audited), and a seller not approved for live may look at
 * its (empty) live mode but change nothing there. Routes without a mode (the team, sessions) are
 * guarded by their operations (domain/team/live-access.ts).
 */
export const liveModeGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.query("mode") === "live") {
    const signed = memberOf(c);
    if (!signed.member.liveAccess) {
      await recordAudit(c.get("platform"), actorOf(c, signed), { action: "live_mode", outcome: "denied", details: { mode: "live", method: c.req.method, path: c.req.path } });
      throw liveAccessRequired();
    }
    if (c.req.method !== "GET" && c.req.method !== "HEAD") requireApprovedForLive(signed.seller, "change anything in live mode");
  }
  await next();
};

/**
 * The scope of a dashboard request: the member's seller in the mode the query asks for
 * (`mode=test`, the default, or `mode=live`), as a secret key of that mode would see it. A live
 * scope only for a member with live access (liveModeGate has already refused the others).
 */
export function dashboardScope(c: Context<AppEnv>): Scope {
  const mode = c.req.query("mode") ?? "test";
  if (mode !== "test" && mode !== "live") throw validationError([{ path: "mode", in: "query", code: "invalid_value", message: "must be test or live" }]);
  const { member } = memberOf(c);
  if (mode === "live" && !member.liveAccess) throw liveAccessRequired();
  return { sellerId: member.sellerId, livemode: mode === "live" };
}

/**
 * Writes the audit row of a change the signed-in member made (`id`: see recordAudit). The
 * request's mode goes into its details, so a test-only member's log leaves live rows out.
 */
export function audit(c: Context<AppEnv>, entry: AuditEntry, id?: string): Promise<void> {
  const mode = c.req.query("mode");
  const details = mode === "live" || mode === "test" ? { mode, ...entry.details } : entry.details;
  return recordAudit(c.get("platform"), actorOf(c, memberOf(c)), { ...entry, ...(details && { details }) }, id);
}
