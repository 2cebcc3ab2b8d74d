/**
 * Request ids and access logs: every response carries `X-Request-Id` (the caller's, when it sent
 * a sane one, so ids can be traced across systems) and every request logs one JSON line.
 * Only method, path, the declared route template, status (with its level and problem code),
 * duration and ids are logged: never headers or bodies, which may hold keys, card numbers or
 * CVVs; and never a path segment that is itself a capability (the unguessable PIX location id
 * lets anyone holding it read the charge): a route declared a `capability` (access.ts) is logged
 * with its parameters as `{redacted}`.
 */
import type { MiddlewareHandler } from "hono";
import { loggablePath, requestAccess } from "./access";
import type { AppEnv } from "./context";

/** The route label of a request no route declares (a 404, a static file): one label, not one per path. */
export const UNMATCHED_ROUTE = "(unmatched)";

const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Sets `requestId`, answers with `X-Request-Id`, logs the request when it ends. */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && SANE_ID.test(incoming) ? incoming : `req_${crypto.randomUUID()}`;
    c.set("requestId", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      c.res.headers.set("X-Request-Id", requestId);
      const platform = c.get("platform");
      const declared = requestAccess(c);
      const durationMs = Math.round((performance.now() - started) * 100) / 100;
      const status = c.res.status;
      platform.log({
        msg: "request",
        // 5xx is ours to fix; 4xx is the caller's, worth a look when it grows.
        level: status >= 500 ? "error" : status >= 400 ? "warn" : "info",
        // A problem answer names its code (lib/problem.ts); JSON leaves out an undefined one.
        code: c.get("problemCode"),
        requestId,
        method: c.req.method,
        path: loggablePath(c.req.method, c.req.path, declared),
        // The declared pattern (`/v1/transactions/:id`): what dashboards group by, ids left out.
        route: declared?.path ?? null,
        status,
        durationMs,
        sellerId: c.get("auth")?.sellerId ?? null,
      });
      platform.observe?.({ kind: "request", method: c.req.method, route: declared?.path ?? UNMATCHED_ROUTE, status, durationMs });
    }
  };
}
