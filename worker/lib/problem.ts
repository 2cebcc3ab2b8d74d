/**
 * Problem details (RFC 9457) for every error the API returns.
 *
 * One closed set of machine codes, each bound to one HTTP status, so a client can branch on
 * `code` and never has to parse `detail`. Each problem's `type` links to its code's entry on the
 * errors page the service serves (`{base}/docs/errors#CODE`, routes/errors-page.ts), written from
 * the table below; `docs/errors.md` lists the same (test/errors-docs.test.ts holds them together).
 */
import type { Context } from "hono";

/** Every error code the API can return: its HTTP status, a stable title, and when it is answered. */
export const ERROR_CODES = {
  VALIDATION_FAILED: {
    status: 400,
    title: "The request has invalid fields",
    description: "A field is missing, of the wrong type or invalid, a path id is not a UUID, or a query value is out of range (`size` over 100): a path id or a query value is always this 400, on every /v1 route. `errors[]` names every invalid field with a field code (below) and where it was (`in`).",
  },
  MALFORMED_JSON: {
    status: 400,
    title: "The request body is not valid JSON",
    description: "The body could not be parsed as JSON; `detail` quotes the parser's message.",
  },
  UNSUPPORTED_CONTENT_TYPE: {
    status: 400,
    title: "The request body must be application/json",
    description: "A body was sent without `Content-Type: application/json`.",
  },
  PAYLOAD_TOO_LARGE: {
    status: 400,
    title: "The request body is too large",
    description: "The body exceeds the limit (100 KB by default); `limitBytes` says the limit.",
  },
  PASSKEY_INVALID: {
    status: 400,
    title: "The passkey could not be verified",
    description: "A dashboard registration or sign-in whose WebAuthn answer failed verification (another origin, a challenge unknown, used or older than 5 minutes, no user verification, a passkey not registered here); `detail` says which (docs/dashboard.md).",
  },
  THREEDS_AUTHENTICATION_INVALID: {
    status: 400,
    title: "The 3DS authentication does not authorize this payment",
    description: "A card sale's `threeDs` was not issued by this service for this card, amount, currency and seller, or was already used; `reason` says which (docs/cards.md).",
  },
  UNAUTHENTICATED: {
    status: 401,
    title: "Missing or invalid API key",
    description: "No API key, or an unknown, malformed or revoked one.",
  },
  PUBLISHABLE_KEY_NOT_ALLOWED: {
    status: 401,
    title: "A publishable key cannot be used here",
    description: "A publishable key (`pk_`) on a route that is not browser-safe: call it from your server with the secret key.",
  },
  DASHBOARD_SIGN_IN_REQUIRED: {
    status: 401,
    title: "Sign in to the dashboard",
    description: "A dashboard route (`/dashboard/api/…`) without a session that works: none, ended (signed out, idle 30 minutes, 12 hours old) or its member no longer active (docs/dashboard.md).",
  },
  FORBIDDEN: {
    status: 403,
    title: "No permission for this resource",
    description: "The key may not manage this seller's webhooks, notification settings or delivery history (docs/webhooks.md), or a sub-seller asked for a company-only action: creating sellers or fee plans, suspending itself, the commission summary (docs/sellers.md). In the dashboard: the member's profile does not allow the action, or a change came from another origin (docs/dashboard.md).",
  },
  LIVE_MODE_NOT_APPROVED: {
    status: 403,
    title: "The seller is not approved for live mode",
    description: "A change in live mode (a live key, or the dashboard's live mode) for a seller not approved for live: a company the platform has not approved, a live sub-seller whose KYC is not approved yet, or a test-mode sub-seller, which exists only in test mode. Its live credentials may read; nothing was created or changed (docs/sellers.md, \"Test and live\").",
  },
  LIVE_ACCESS_REQUIRED: {
    status: 403,
    title: "This needs live access",
    description: "The dashboard's live mode, or a team change that touches live access, by a test-only member (invited by a test key, or never granted live access), or a test key asking to grant live access. An OWNER or a member with live access grants it (docs/dashboard.md, \"Test and live\").",
  },
  RESOURCE_NOT_FOUND: {
    status: 404,
    title: "Resource not found",
    description: "No such resource in the key's mode, or it belongs to another seller.",
  },
  INVITE_INVALID: {
    status: 404,
    title: "The invite link cannot be used",
    description: "A dashboard invite that is unknown, expired (72 hours), already used or replaced by a newer one, or whose member was disabled; one answer for all, so a guess learns nothing (docs/dashboard.md).",
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    title: "Route not found",
    description: "No such route.",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    title: "The route does not support this method",
    description: "The path exists but not with this method (`DELETE /v1/buyers/{id}`); the `Allow` header lists its methods. Answered before the body is read.",
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    title: "Idempotency-Key reused with different parameters",
    description: "An `Idempotency-Key` reused with different parameters; `differingFields` lists the JSON paths that differ from the first request.",
  },
  IDEMPOTENCY_REQUEST_IN_PROGRESS: {
    status: 409,
    title: "A request with this Idempotency-Key is still in progress",
    description: "The first request with this `Idempotency-Key` is still running; retry after `Retry-After` (1 s).",
  },
  INVALID_STATE_TRANSITION: {
    status: 409,
    title: "The resource is not in a state that allows this operation",
    description: "The resource's status does not allow the operation; `currentStatus` and `allowedStatuses` say why.",
  },
  TRANSACTION_EXPIRED: {
    status: 409,
    title: "The transaction has expired",
    description: "The PIX charge's QR code expired (`expiresAt`), so it can no longer be paid; the charge is CANCELLED with `cancellationReason` EXPIRED. Create a new charge.",
  },
  REFUND_EXCEEDS_AMOUNT: {
    status: 409,
    title: "The refund exceeds the refundable amount",
    description: "The refunds would exceed the transaction's amount, less any OPEN or LOST chargeback (docs/settlements.md); `refundableAmount` and `requestedAmount` say by how much.",
  },
  CONCURRENT_MODIFICATION: {
    status: 409,
    title: "The resource changed while the request was applied",
    description: "Other writers kept changing the resource; nothing was written. Retry (`Retry-After: 1`).",
  },
  UNPROCESSABLE: {
    status: 422,
    title: "The request cannot be processed",
    description: "Well-formed but refused: `detail` says why (e.g. a chargeback of a PIX payment).",
  },
  RATE_LIMITED: {
    status: 429,
    title: "Too many requests",
    description: "A rate limit of the key or of the client's address was reached (docs/security.md lists them), or a payment link's cap on the unpaid charges one client address or one buyer document may hold (docs/payment-links.md, \"Held uses\"); `Retry-After` says when to try again, `policy` which limit it was (and `RateLimit-Policy` for a rate limit). An Idempotency-Key replay is always answered.",
  },
  CARD_ATTEMPTS_EXCEEDED: {
    status: 409,
    title: "Too many cards tried on this transaction",
    description: "The transaction has seen the most different cards or 3DS authentications it accepts (docs/security.md, card testing); it takes no further card. Create a new transaction if the buyer needs one.",
  },
  INVALID_DATA: {
    status: 422,
    title: "The resource's data is not acceptable",
    description: "The body of a payment link, a checkout pay, a subscription, a subscription plan, a test clock or the subscription settings breaks a rule (the spec answers their invalid data with 422); `errors[]` names each field as VALIDATION_FAILED does (docs/payment-links.md, docs/subscriptions.md). A malformed path id or query value on those routes is still 400 VALIDATION_FAILED.",
  },
  PAYMENT_LINK_INACTIVE: {
    status: 409,
    title: "The payment link is not active",
    description: "A checkout of a DRAFT or INACTIVE payment link; `paymentLinkId` and `currentStatus` say which.",
  },
  PAYMENT_LINK_EXPIRED: {
    status: 409,
    title: "The payment link has expired",
    description: "A checkout of a payment link past its `expiresAt`.",
  },
  PAYMENT_LINK_SOLD_OUT: {
    status: 409,
    title: "The payment link has no uses left",
    description: "Every use of the link is paid or held by a pending charge (`maxUses`): no charge was created.",
  },
  CHECKOUT_SESSION_EXPIRED: {
    status: 409,
    title: "The checkout session has expired",
    description: "Paying a checkout session past its TTL: open a new one.",
  },
  LIVE_MODE_UNAVAILABLE: {
    status: 422,
    title: "Live payments are not enabled on this installation",
    description: "A live key's payment or refund on an installation with no live acquirer configured: nothing was created (docs/transactions.md).",
  },
  PSP_UNAVAILABLE: {
    status: 503,
    title: "The PIX provider is unavailable",
    description: "The PSP that receives live PIX could not be reached, timed out or failed: nothing was created or changed. Retry after `Retry-After` with the same Idempotency-Key: the charge's txid is derived from it, so the retry creates exactly one charge (docs/pix.md, \"Going live\").",
  },
  PSP_REJECTED: {
    status: 502,
    title: "The PIX provider refused the request",
    description: "The PSP refused the charge or the refund the gateway sent it (its problem's title is in `detail`): nothing was created. Usually the installation's PSP set-up (the receiving key, the credentials' scopes); the operator's log has the PSP's full answer.",
  },
  THREEDS_SERVER_UNAVAILABLE: {
    status: 503,
    title: "The 3DS server is unavailable",
    description: "A live card's 3DS step could not reach the 3DS server (Cybersource), or it timed out or failed: the session is as it was. Try the same step again after `Retry-After` (docs/cards.md, \"Going live\").",
  },
  THREEDS_SERVER_REJECTED: {
    status: 502,
    title: "The 3DS server refused the request",
    description: "The 3DS server (Cybersource) refused a live card's 3DS step; its reason is in `detail` and the operator's log (`threeds.rejected`). Usually the installation's set-up (the merchant id, the key); start again with setup.",
  },
  PIX_KEY_NOT_CONFIGURED: {
    status: 422,
    title: "No PIX key receives this seller's payments",
    description: "A live PIX charge for a seller with no PIX key, on an installation without `PIX_RECEIVER_KEY`: nothing was created.",
  },
  SELLER_PROFILE_INCOMPLETE: {
    status: 422,
    title: "The seller's profile lacks data this payment needs",
    description: "The seller's profile lacks what a PIX BR Code names (a city, a name with Latin characters); the platform must complete it.",
  },
  CARD_REFUSED: {
    status: 422,
    title: "The payment processor refused the card",
    description: "The payment processor refused the card when tokenizing it; `declineCode` says why (docs/test-cards.json).",
  },
  CARD_NOT_AUTHENTICATED: {
    status: 422,
    title: "The card cannot be charged merchant-initiated yet",
    description: "A merchant-initiated charge (a subscription's renewal) on a stored card that has not yet paid with 3D Secure: the buyer must first pay once with it through 3DS; `cardToken` names the card (docs/cards.md).",
  },
  SELLER_NOT_ACTIVE: {
    status: 422,
    title: "The seller is not active and cannot take payments",
    description: "A transaction for a seller whose status is not ACTIVE (pending KYC, suspended, blocked); `sellerStatus` says which (docs/sellers.md).",
  },
  PAYMENT_METHOD_NOT_ENABLED: {
    status: 422,
    title: "The seller is not enabled for this payment method",
    description: "A transaction by a method the seller's `paymentMethods` or fee plan does not offer.",
  },
  FEE_PLAN_NOT_AVAILABLE: {
    status: 422,
    title: "The fee plan does not exist or belongs to another company",
    description: "A sub-seller's `feePlanId` that does not exist or belongs to another company.",
  },
  TEAM_MEMBER_EXISTS: {
    status: 409,
    title: "The seller's team already has a member with this e-mail",
    description: "Adding a team member whose e-mail is already on the seller's team.",
  },
  INTERNAL_ERROR: {
    status: 500,
    title: "Internal server error",
    description: "A bug on our side: quote `requestId` to support. Never carries a stack trace or a driver message.",
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    title: "Service unavailable",
    description: "The database is unreachable (`/health`); retry later.",
  },
} as const satisfies Record<string, { status: number; title: string; description: string }>;

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

/** Where the errors page is served, under the public base URL. */
export const ERRORS_PAGE_PATH = "/docs/errors";

/**
 * The `type` URI of a code: its entry on the errors page this service serves under `baseUrl`
 * (the configured public base URL), e.g. `https://pay.example.com/docs/errors#VALIDATION_FAILED`.
 */
export function problemType(code: ErrorCode, baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${ERRORS_PAGE_PATH}#${code}`;
}

/** Builds the problem body for an error; `baseUrl` is the public base URL its `type` links under. */
export function toProblem(err: ApiError, baseUrl: string, instance?: string, requestId?: string): Problem {
  return {
    type: problemType(err.code, baseUrl),
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
  // The platform's public base URL; before the platform is set (never, in practice) the request's own origin.
  const platform = c.get("platform") as { config: { baseUrl: string } } | undefined;
  const body = toProblem(err, platform?.config.baseUrl ?? new URL(c.req.url).origin, c.req.path, requestId);
  // For the request's log line (http/request-log.ts).
  c.set("problemCode", err.code);
  const headers: Record<string, string> = { "Content-Type": "application/problem+json", ...err.headers };
  return c.body(JSON.stringify(body), err.status as 400, headers);
}

/** Shorthand for the 404 every owned resource answers to strangers and to unknown ids alike. */
export function notFound(resource: string, id: string): ApiError {
  return new ApiError("RESOURCE_NOT_FOUND", `No ${resource} with id ${id} was found.`);
}
