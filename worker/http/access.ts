/**
 * Who may call each route, declared once, where the route is defined (`route(access, config)`
 * for the API, `declarePage` for the pages outside OpenAPI). That one declaration drives:
 * - authentication (`authenticate` in auth.ts): which key, if any, the route takes;
 * - the OpenAPI document's `security` for the route;
 * - CORS (`browserCors`): only browser and public routes answer other origins;
 * - the framing headers: a `framable` page sets its own, the app's are not applied;
 * - the request log: a `capability` route's path parameters are secrets, logged as `{redacted}`;
 * - for the dashboard's API, outside OpenAPI: the statuses a route answers (`answers`), which its
 *   fuzz holds it to as the /v1 fuzz holds an operation to its document's `responses`.
 * Deny by default: a /v1 path with no declaration is treated as secret-key only, and
 * test/access.test.ts fails when any route of the app lacks one.
 */
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import { SECRET_KEY_SECURITY } from "../schemas/responses";
import type { AppEnv } from "./context";
import { headersReadByName } from "./request-headers";

/**
 * Who calls a route:
 * - `secret`: a seller's server, with its secret key (sk_);
 * - `company`: a secret key of a company (a seller without a parent company); others get 403;
 * - `browser`: a buyer's browser with the seller's publishable key (pk_) and the transaction's
 *   client secret (checked by the operation), or the seller's server with its secret key;
 * - `public`: anyone, with no key (a key, when sent, is resolved: the owner may see more);
 * - `member`: a team member signed in to the dashboard, with the session cookie and no key
 *   (http/dashboard-session.ts; only under /dashboard/api, which API keys never reach).
 */
export type Caller = "secret" | "company" | "browser" | "public" | "member";

/** A route's access declaration. */
export interface Access {
  caller: Caller;
  /** `company`: the 403's detail, saying what only a company may do and why. */
  companyOnly?: string;
  /** Sandbox: test keys only; a live key gets the 404 of a route that does not exist. */
  testModeOnly?: boolean;
  /** A page shown inside other sites' frames (the 3DS pages): it sets its own CSP and framing. */
  framable?: boolean;
  /** The path's parameters are capabilities (whoever holds one may use it): never logged. */
  capability?: boolean;
  /** The route takes card numbers from browsers (3DS, confirm): the tighter card rate limits apply (http/rate-limit.ts). */
  cards?: boolean;
  /** A dashboard API route's statuses (routes/dashboard-answers.ts): its document, since OpenAPI has none. */
  answers?: readonly number[];
}

/** The access of a /v1 path nobody declared: secret key only (deny by default). */
export const UNDECLARED: Access = { caller: "secret" };

/** A declared route: its method, its path pattern (Hono's `:param` form) and its access. */
export interface DeclaredRoute extends Access {
  method: string;
  path: string;
  regex: RegExp;
}

const DECLARED: DeclaredRoute[] = [];
/**
 * The declarations by method, then by number of path segments, in DECLARED's order: a lookup
 * tests the few routes of its shape, not all of them.
 */
let byShape: Map<string, DeclaredRoute[][]> | null = null;
/** By number of path segments, the /v1 routes a browser may call (browser or public): CORS's candidates. */
let crossOriginByShape: DeclaredRoute[][] = [];
/**
 * The latest answer of accessOf: the next request often asks for the same method and path. Kept
 * in three variables, so a lookup allocates nothing.
 */
let latestMethod: string | null = null;
let latestPath: string | null = null;
let latestFound: DeclaredRoute | undefined;

/** `path.split("/").length`, without building the array (counted on every request). */
function segmentsOf(path: string): number {
  let n = 1;
  for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) n++;
  return n;
}

/** The index above (and the CORS candidates), built at the first lookup after a declaration. */
function shapes(): Map<string, DeclaredRoute[][]> {
  if (!byShape) {
    byShape = new Map();
    crossOriginByShape = [];
    for (const d of DECLARED) {
      const n = segmentsOf(d.path);
      let lists = byShape.get(d.method);
      if (!lists) byShape.set(d.method, (lists = []));
      (lists[n] ??= []).push(d);
      if ((d.caller === "browser" || d.caller === "public") && d.path.startsWith("/v1/")) (crossOriginByShape[n] ??= []).push(d);
    }
  }
  return byShape;
}

/** `/v1/x/{id}` (OpenAPI) or `/v1/x/:id` (Hono) as Hono's pattern. */
const honoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ":$1");

/** Records the access of `method path`. Static routes win over parametric ones when both match. */
export function declareAccess(method: string, path: string, access: Access): void {
  const pattern = honoPath(path);
  // Declared once per route, however many apps are built from the same modules.
  if (DECLARED.some((d) => d.method === method.toUpperCase() && d.path === pattern)) return;
  const regex = new RegExp(`^${pattern.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/:[^/]+/g, "[^/]+")}$`);
  DECLARED.push({ ...access, method: method.toUpperCase(), path: pattern, regex });
  // Fewer parameters first: `/v1/payment-links/page` before `/v1/payment-links/:id`.
  DECLARED.sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0));
  byShape = null;
  latestMethod = latestPath = null;
}

/** A page outside OpenAPI (the 3DS pages), declared like a route. */
export function declarePage<P extends string>(method: string, path: P, access: Access): P {
  declareAccess(method, path, access);
  return path;
}

/** The OpenAPI security of an access: none for public routes, a key otherwise. */
export function securityOf(access: Access): Array<Record<string, string[]>> {
  if (access.caller !== "public") return SECRET_KEY_SECURITY;
  return [];
}

/**
 * `createRoute` with the route's access declared: it sets the OpenAPI `security` from it. Its
 * declared request headers are read by name (request-headers.ts).
 */
export function route<P extends string, R extends Omit<RouteConfig, "path" | "security"> & { path: P }>(access: Caller | Access, config: R) {
  const declared = typeof access === "string" ? { caller: access } : access;
  declareAccess(config.method, config.path, declared);
  return createRoute(headersReadByName({ ...config, security: securityOf(declared) }));
}

/** The declaration of the route `method path` answers, if any. HEAD is GET's. */
export function accessOf(method: string, path: string): DeclaredRoute | undefined {
  const m = method === "HEAD" ? "GET" : method;
  if (latestMethod === m && latestPath === path) return latestFound;
  const candidates = shapes().get(m)?.[segmentsOf(path)];
  let found: DeclaredRoute | undefined;
  if (candidates) {
    for (const d of candidates) {
      if (d.regex.test(path)) {
        found = d;
        break;
      }
    }
  }
  latestMethod = m;
  latestPath = path;
  latestFound = found;
  return found;
}

/**
 * The declaration of the route the request `c` is for (null: none), looked up once per request
 * and kept on the context: the framing headers, authentication and the log all ask for it.
 */
export function requestAccess(c: Context<AppEnv>): DeclaredRoute | null {
  let found = c.get("access");
  if (found === undefined) {
    found = accessOf(c.req.method, c.req.path) ?? null;
    c.set("access", found);
  }
  return found;
}

/** True when some route at `path` (any method) takes a browser or anyone: its preflight gets CORS. */
export function isCrossOriginPath(path: string): boolean {
  shapes();
  const candidates = crossOriginByShape[segmentsOf(path)];
  if (!candidates) return false;
  for (const d of candidates) if (d.regex.test(path)) return true;
  return false;
}

/** Every declared route, for the test that holds the app to its declarations. */
export function declaredRoutes(): readonly DeclaredRoute[] {
  return DECLARED;
}

/**
 * `path` as it may be logged: a capability route's parameters as `{redacted}`. `declared` is the
 * route's declaration when the caller already has it (null: none).
 */
export function loggablePath(method: string, path: string, declared: DeclaredRoute | null | undefined = accessOf(method, path)): string {
  if (!declared?.capability) return path;
  const parts = declared.path.split("/");
  return path
    .split("/")
    .map((segment, i) => (parts[i]?.startsWith(":") ? "{redacted}" : segment))
    .join("/");
}
