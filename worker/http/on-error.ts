/**
 * The app's one error handler and its 404/405: every failure leaves as problem+json, and nothing
 * internal (stack, SQL, driver message) reaches the client.
 */
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./context";
import { describeError } from "../lib/describe-error";
import { ApiError, problemResponse } from "../lib/problem";

/** Maps the HTTPExceptions Hono and its validators throw onto our codes. */
function fromHttpException(err: HTTPException): ApiError {
  switch (err.status) {
    case 400:
      return new ApiError("MALFORMED_JSON", `The request body is not valid JSON (${err.message}).`);
    case 413:
      return new ApiError("PAYLOAD_TOO_LARGE", "The request body is too large.");
    case 415:
      return new ApiError("UNSUPPORTED_CONTENT_TYPE", "The request body must be sent as Content-Type: application/json.");
    case 401:
      return new ApiError("UNAUTHENTICATED", err.message || "Authentication required.");
    case 404:
      return new ApiError("ROUTE_NOT_FOUND", err.message || "Not found.");
    default:
      return new ApiError("INTERNAL_ERROR", "The request could not be completed.");
  }
}

/** `app.onError`. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return problemResponse(c, err);
  if (err instanceof HTTPException) return problemResponse(c, fromHttpException(err));
  c.get("platform")?.log({
    msg: "request.unhandled_error",
    level: "error",
    code: "INTERNAL_ERROR",
    requestId: c.get("requestId"),
    ...describeError(err),
  });
  const requestId = c.get("requestId");
  return problemResponse(
    c,
    new ApiError("INTERNAL_ERROR", `Something went wrong on our side.${requestId ? ` Quote request id ${requestId} to support.` : ""}`),
  );
};

/** A route as Hono lists it in `app.routes`. */
export interface RouteEntry {
  method: string;
  path: string;
}

type MethodTable = Array<{ pattern: RegExp; methods: Set<string>; params: number }>;

/** One segment of a Hono path as a pattern: `:param` is any one segment, `*` anything. */
function segmentPattern(segment: string): string {
  if (segment.startsWith(":")) return "[^/]+";
  if (segment === "*") return ".*";
  return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A Hono path (`/v1/buyers/:buyerId`) as an anchored pattern. */
function pathPattern(path: string): RegExp {
  return new RegExp(`^${path.split("/").map(segmentPattern).join("/")}$`);
}

/**
 * Which methods each path answers. Entries with method ALL are middleware (`app.use`), which
 * answer nothing themselves, so they are left out; the app registers no `app.all` handlers.
 */
function methodTable(routes: RouteEntry[]): MethodTable {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of routes) {
    if (method === "ALL") continue;
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    // Hono answers HEAD with the GET handler (without its body), so HEAD is allowed wherever GET is.
    if (method === "GET") methods.add("HEAD");
    byPath.set(path, methods);
  }
  return [...byPath].map(([path, methods]) => ({ pattern: pathPattern(path), methods, params: path.split("/").filter((s) => s.startsWith(":") || s === "*").length }));
}

/**
 * The methods `path` supports, in a stable order; empty for an unknown path. Where a literal path
 * and a parameterized one both match (`/v1/subscriptions/plans` and `/v1/subscriptions/:id`), the
 * path is the literal one's: only the routes with the fewest parameters count.
 */
function allowedMethods(table: MethodTable, path: string): string[] {
  const matching = table.filter(({ pattern }) => pattern.test(path));
  const fewest = Math.min(...matching.map((m) => m.params));
  const allowed = new Set<string>();
  for (const { methods, params } of matching) if (params === fewest) for (const m of methods) allowed.add(m);
  return [...allowed].sort();
}

/**
 * `app.notFound` over the app's routes (read once, at the first miss, when all are registered).
 * A known path asked with a method it does not support is a 405 whose `Allow` header lists the
 * methods it does (RFC 9110 §15.5.6), so a client learns its mistake; an unknown path is a 404.
 * OPTIONS keeps the 404 it always had: CORS preflights are answered by the routes that allow
 * cross-origin calls, and OPTIONS is not offered as a discovery method anywhere else.
 */
export function notFoundHandler(routes: () => RouteEntry[]): NotFoundHandler<AppEnv> {
  let table: MethodTable | undefined;
  return (c: Context<AppEnv>) => {
    const { method, path } = c.req;
    table ??= methodTable(routes());
    const allowed = method === "OPTIONS" ? [] : allowedMethods(table, path);
    if (allowed.length === 0) return problemResponse(c, new ApiError("ROUTE_NOT_FOUND", `No route ${method} ${path}.`));
    const allow = allowed.join(", ");
    return problemResponse(
      c,
      new ApiError("METHOD_NOT_ALLOWED", `${path} does not support ${method}; it supports ${allow}.`, { headers: { Allow: allow } }),
    );
  };
}
