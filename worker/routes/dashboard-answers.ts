/**
 * What each route of the dashboard's API answers, declared with the route (`declarePage(method,
 * path, member(200, 404))`). The API is outside OpenAPI, so this declaration is its document:
 * test/fuzz/dashboard.fuzz.test.ts fails on a status a route did not declare, as the /v1 fuzz does
 * on one its operation's `responses` lack. A route lists its own statuses; the ones every route of
 * its kind may answer are added here, so no route forgets them.
 */
import type { Access } from "../http/access";

/**
 * Every member route, before its handler (app.ts): 401 without a working session; 403 from
 * another origin (a change), for a profile without the permission, or live mode without live
 * access; 429 past the member's rate limit.
 */
const MEMBER = [401, 403, 429];

/**
 * The sign-in and invite routes, open to anyone: 400 for a body that is not JSON, 403 from
 * another origin, 429 past the per-address limit.
 */
const ANYONE = [400, 403, 429];

/** A route for a signed-in member that answers `answers` of its own. */
export const member = (...answers: number[]): Access => ({ caller: "member", answers: [...answers, ...MEMBER] });

/** A sign-in route (no session yet) that answers `answers` of its own. */
export const anyone = (...answers: number[]): Access => ({ caller: "public", answers: [...answers, ...ANYONE] });
