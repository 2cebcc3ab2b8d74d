/**
 * Request body guard for /v1: size limit, JSON content type and JSON syntax, checked once before
 * any route sees the body, so each failure has its own clear problem instead of a generic 400.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./context";
import { ApiError } from "../lib/problem";

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;.*)?$/i;

/** A PATCH or PUT is a document of changes: without one the request means nothing. */
const NEEDS_BODY = ["PUT", "PATCH"];

function missingBody(method: string): ApiError {
  return new ApiError("VALIDATION_FAILED", `A ${method} needs a JSON body with the fields to change ({} changes nothing).`, {
    errors: [{ path: "$", in: "body", code: "required", message: "Required: send a JSON object." }],
  });
}

/**
 * The middleware; the limit comes from the platform config (`maxBodyBytes`).
 *
 * A body announced by Content-Length (what HTTP clients send) is judged by that number and then
 * read as text, which on the Node host reads the socket directly; touching `request.body` would
 * build a web stream and a full Request for every POST (a tenth of a create's CPU). A body of
 * unknown length (chunked) is counted as it streams in by hono's bodyLimit, so an oversized one
 * is never buffered.
 */
export const guardJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!["POST", "PUT", "PATCH", "DELETE"].includes(c.req.method)) return next();
  const limit = c.get("platform").config.maxBodyBytes;
  const tooLarge = () => {
    throw new ApiError("PAYLOAD_TOO_LARGE", `The request body exceeds the limit of ${limit} bytes.`, {
      extensions: { limitBytes: limit },
    });
  };
  const check = async () => {
    const text = await c.req.text(); // cached by Hono: the route's c.req.json() reads it again
    if (text.trim() === "") {
      if (NEEDS_BODY.includes(c.req.method)) throw missingBody(c.req.method);
      return next();
    }
    const type = c.req.header("content-type") ?? "";
    if (!JSON_TYPE.test(type)) {
      throw new ApiError(
        "UNSUPPORTED_CONTENT_TYPE",
        `The request body must be sent as Content-Type: application/json (got ${type ? `"${type}"` : "none"}).`,
      );
    }
    try {
      JSON.parse(text);
    } catch (err) {
      throw new ApiError("MALFORMED_JSON", `The request body is not valid JSON: ${(err as Error).message}`);
    }
    await next();
  };
  const length = c.req.header("content-length");
  if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
    if (Number(length) > limit) tooLarge();
    return check();
  }
  // HTTP/1.x: a request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112
  // §6.3). On the Node host that is known from the socket's request, without `request.body`.
  const incoming = (c.env as { incoming?: { httpVersionMajor?: number } } | undefined)?.incoming;
  if ((incoming?.httpVersionMajor === 1 && c.req.header("transfer-encoding") === undefined) || c.req.raw.body === null) {
    if (NEEDS_BODY.includes(c.req.method)) throw missingBody(c.req.method);
    return next();
  }
  return bodyLimit({ maxSize: limit, onError: tooLarge })(c, check);
};
