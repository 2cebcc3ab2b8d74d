/**
 * Who may call each route, declared once, where the route is defined (`route(access, config)`
 * for the API, `declarePage` for the pages outside OpenAPI). That one declaration drives:
 * - authentication (`authenticate` in auth.ts): which key, if any, the route takes;
 * - the OpenAPI document's `security` for the route;
 * - CORS (`browserCors`): only browser and public routes answer other origins;
 * - the framing headers: a `framable` page sets its own, the app's are not applied;
 * - the request log: a `capability` route's path parameters are secrets, logged as `{redacted}`.
 * Deny by default: a /v1 path with no declaration is treated as secret-key only, and
 * test/access.test.ts fails when any route of the app lacks one.
 */
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { SECRET_KEY_SECURITY } from "../schemas/responses";

/**
 * Who calls a route:
 * - `secret`: a seller's server, with its secret key (sk_);
 * - `company`: a secret key of a company (a seller without a parent company); others get 403;
 * - `browser`: a buyer's browser with the seller's publishable key (pk_) and the transaction's
 *   client secret (checked by the operation), or the seller's server with its secret key;
 * - `public`: anyone, with no key (a key, when sent, is resolved: the owner may see more).
 */
export type Caller = "secret" | "company" | "browser" | "public";

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
}

/** A declared route: its method, its path pattern (Hono's `:param` form) and its access. */
export interface DeclaredRoute extends Access {
  method: string;
  path: string;
  regex: RegExp;
}

const DECLARED: DeclaredRoute[] = [];
/**
 * The declarations by method and number of path segments (`*` for any method), in DECLARED's
 * order: every request asks its route's access three or four times (log, framing, CORS,
 * authentication), so a lookup tests the few routes of its shape, not all of them.
 */
let byShape: Map<string, DeclaredRoute[]> | null = null;
/** The latest answer of accessOf: the same request asks again with the same method and path. */
let latest: { method: string; path: string; found: DeclaredRoute | undefined } | null = null;

const segmentsOf = (path: string) => path.split("/").length;

function shaped(key: string): readonly DeclaredRoute[] {
  if (!byShape) {
    byShape = new Map();
    for (const d of DECLARED) {
      for (const k of [`${d.method} ${segmentsOf(d.path)}`, `* ${segmentsOf(d.path)}`]) {
        const list = byShape.get(k) ?? [];
        list.push(d);
        byShape.set(k, list);
      }
    }
  }
  return byShape.get(key) ?? [];
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
  latest = null;
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

/** `createRoute` with the route's access declared: it sets the OpenAPI `security` from it. */
export function route<P extends string, R extends Omit<RouteConfig, "path" | "security"> & { path: P }>(access: Caller | Access, config: R) {
  const declared = typeof access === "string" ? { caller: access } : access;
  declareAccess(config.method, config.path, declared);
  return createRoute({ ...config, security: securityOf(declared) });
}

/** The declaration of the route `method path` answers, if any. HEAD is GET's. */
export function accessOf(method: string, path: string): DeclaredRoute | undefined {
  const m = method === "HEAD" ? "GET" : method;
  if (latest && latest.method === m && latest.path === path) return latest.found;
  const found = shaped(`${m} ${segmentsOf(path)}`).find((d) => d.regex.test(path));
  latest = { method: m, path, found };
  return found;
}

/** True when some route at `path` (any method) takes a browser or anyone: its preflight gets CORS. */
export function isCrossOriginPath(path: string): boolean {
  return shaped(`* ${segmentsOf(path)}`).some((d) => (d.caller === "browser" || d.caller === "public") && d.path.startsWith("/v1/") && d.regex.test(path));
}

/** Every declared route, for the test that holds the app to its declarations. */
export function declaredRoutes(): readonly DeclaredRoute[] {
  return DECLARED;
}

/** `path` as it may be logged: a capability route's parameters as `{redacted}`. */
export function loggablePath(method: string, path: string): string {
  const declared = accessOf(method, path);
  if (!declared?.capability) return path;
  const parts = declared.path.split("/");
  return path
    .split("/")
    .map((segment, i) => (parts[i]?.startsWith(":") ? "{redacted}" : segment))
    .join("/");
}
