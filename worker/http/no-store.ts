/**
 * `Cache-Control: no-store` on every /v1 answer that did not choose its own: API answers carry
 * personal data (names, e-mails, masked documents), keys shown once and client secrets, and no
 * browser, proxy or CDN cache may keep them. Errors included: a problem may name a resource.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

/** Mounted on /v1/*. */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
};
