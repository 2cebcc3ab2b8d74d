/**
 * The app's one error handler and its 404: every failure leaves as problem+json, and nothing
 * internal (stack, SQL, driver message) reaches the client.
 */
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./context";
import { ApiError, problemResponse } from "./problem";

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

/**
 * An error as it may be logged. A failed query (drizzle's DrizzleQueryError) carries its bound
 * parameters in its message and stack: buyers' documents, emails, key hashes. Those are cut, and
 * the driver's own reason (the error's `cause`) is kept, since it is what an operator needs.
 */
export function describeError(err: unknown): { error: string; stack?: string } {
  if (!(err instanceof Error)) return { error: String(err) };
  let message = err.message;
  let stack = err.stack;
  const query = (err as { query?: unknown }).query;
  if ("params" in err && typeof query === "string") {
    message = `Failed query: ${query}`;
    const cause = err.cause instanceof Error ? `${err.cause.name}: ${err.cause.message}` : err.cause;
    if (cause !== undefined) message += ` (cause: ${String(cause)})`;
    const frames = stack?.split("\n").filter((l) => /^\s+at /.test(l)) ?? [];
    stack = [`${err.name}: ${message}`, ...frames].join("\n");
  }
  return { error: `${err.name}: ${message}`, stack };
}

/** `app.onError`. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return problemResponse(c, err);
  if (err instanceof HTTPException) return problemResponse(c, fromHttpException(err));
  c.var.platform?.log({
    msg: "request.unhandled_error",
    requestId: c.get("requestId"),
    ...describeError(err),
  });
  const requestId = c.get("requestId");
  return problemResponse(
    c,
    new ApiError("INTERNAL_ERROR", `Something went wrong on our side.${requestId ? ` Quote request id ${requestId} to support.` : ""}`),
  );
};

/** `app.notFound`: unknown routes (and known paths with an unsupported method). */
export const onNotFound: NotFoundHandler<AppEnv> = (c: Context<AppEnv>) =>
  problemResponse(c, new ApiError("ROUTE_NOT_FOUND", `No route ${c.req.method} ${c.req.path}.`));
