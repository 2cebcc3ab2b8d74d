/**
 * Problem details (RFC 9457) for every error the API returns.
 *
 * One closed set of machine codes, each bound to one HTTP status, so a client can branch on
 * `code` and never has to parse `detail`. `docs/errors.md` lists them for integrators.
 */
import type { Context } from "hono";

/** Every error code the API can return, with its HTTP status and a stable title. */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, title: "The request has invalid fields" },
  MALFORMED_JSON: { status: 400, title: "The request body is not valid JSON" },
  UNSUPPORTED_CONTENT_TYPE: { status: 400, title: "The request body must be application/json" },
  PAYLOAD_TOO_LARGE: { status: 400, title: "The request body is too large" },
  THREEDS_AUTHENTICATION_INVALID: { status: 400, title: "The 3DS authentication does not authorize this payment" },
  UNAUTHENTICATED: { status: 401, title: "Missing or invalid API key" },
  PUBLISHABLE_KEY_NOT_ALLOWED: { status: 401, title: "A publishable key cannot be used here" },
  FORBIDDEN: { status: 403, title: "No permission for this resource" },
  RESOURCE_NOT_FOUND: { status: 404, title: "Resource not found" },
  ROUTE_NOT_FOUND: { status: 404, title: "Route not found" },
  METHOD_NOT_ALLOWED: { status: 405, title: "The route does not support this method" },
  IDEMPOTENCY_KEY_REUSED: { status: 409, title: "Idempotency-Key reused with different parameters" },
  IDEMPOTENCY_REQUEST_IN_PROGRESS: { status: 409, title: "A request with this Idempotency-Key is still in progress" },
  INVALID_STATE_TRANSITION: { status: 409, title: "The resource is not in a state that allows this operation" },
  REFUND_EXCEEDS_AMOUNT: { status: 409, title: "The refund exceeds the refundable amount" },
  CONCURRENT_MODIFICATION: { status: 409, title: "The resource changed while the request was applied" },
  UNPROCESSABLE: { status: 422, title: "The request cannot be processed" },
  INVALID_DATA: { status: 422, title: "The resource's data is not acceptable" },
  PAYMENT_LINK_INACTIVE: { status: 409, title: "The payment link is not active" },
  PAYMENT_LINK_EXPIRED: { status: 409, title: "The payment link has expired" },
  PAYMENT_LINK_SOLD_OUT: { status: 409, title: "The payment link has no uses left" },
  CHECKOUT_SESSION_EXPIRED: { status: 409, title: "The checkout session has expired" },
  LIVE_MODE_UNAVAILABLE: { status: 422, title: "Live payments are not enabled on this installation" },
  PIX_KEY_NOT_CONFIGURED: { status: 422, title: "No PIX key receives this seller's payments" },
  SELLER_PROFILE_INCOMPLETE: { status: 422, title: "The seller's profile lacks data this payment needs" },
  CARD_REFUSED: { status: 422, title: "The payment processor refused the card" },
  SELLER_NOT_ACTIVE: { status: 422, title: "The seller is not active and cannot take payments" },
  PAYMENT_METHOD_NOT_ENABLED: { status: 422, title: "The seller is not enabled for this payment method" },
  FEE_PLAN_NOT_AVAILABLE: { status: 422, title: "The fee plan does not exist or belongs to another company" },
  TEAM_MEMBER_EXISTS: { status: 409, title: "The seller's team already has a member with this e-mail" },
  INTERNAL_ERROR: { status: 500, title: "Internal server error" },
  SERVICE_UNAVAILABLE: { status: 503, title: "Service unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Where an invalid field was found. */
export type FieldLocation = "body" | "query" | "path" | "header";

/** One invalid field: `path` is its JSON path (`address.zipCode`, `items[0].amount`). */
export interface FieldError {
  path: string;
  in: FieldLocation;
  code: string;
  message: string;
}

/** The body of every error response (`application/problem+json`). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  instance?: string;
  requestId?: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

/** The error every handler and middleware throws; `app.onError` turns it into a problem. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly extensions?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    detail: string,
    opts: { errors?: FieldError[]; extensions?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.errors = opts.errors;
    this.extensions = opts.extensions;
    this.headers = opts.headers;
  }
}

/** The `type` URI of a code: a stable identifier documented in docs/errors.md. */
export function problemType(code: ErrorCode): string {
  return `urn:problem-type:pay:${code.toLowerCase().replaceAll("_", "-")}`;
}

/** Builds the problem body for an error. */
export function toProblem(err: ApiError, instance?: string, requestId?: string): Problem {
  return {
    type: problemType(err.code),
    title: ERROR_CODES[err.code].title,
    status: err.status,
    detail: err.message,
    code: err.code,
    ...(instance ? { instance } : {}),
    ...(requestId ? { requestId } : {}),
    ...(err.errors?.length ? { errors: err.errors } : {}),
    ...err.extensions,
  };
}

/** Sends an ApiError as `application/problem+json`. */
export function problemResponse(c: Context, err: ApiError): Response {
  const requestId = c.get("requestId") as string | undefined;
  const body = toProblem(err, c.req.path, requestId);
  const headers: Record<string, string> = { "Content-Type": "application/problem+json", ...err.headers };
  return c.body(JSON.stringify(body), err.status as 400, headers);
}

/** Shorthand for the 404 every owned resource answers to strangers and to unknown ids alike. */
export function notFound(resource: string, id: string): ApiError {
  return new ApiError("RESOURCE_NOT_FOUND", `No ${resource} with id ${id} was found.`);
}
