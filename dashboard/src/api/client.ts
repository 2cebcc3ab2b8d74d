/**
 * The dashboard's one way to call its private API (`/dashboard/api/…`, docs/dashboard.md):
 * same-origin `fetch` carrying the session cookie (`credentials: "same-origin"`), JSON in and out,
 * never cached. Every POST, PUT and PATCH sends a JSON body (`{}` when there is nothing to say);
 * a DELETE sends none. The browser sends its `Origin` on all of them, which the server checks on
 * every change. A 2xx answer resolves with its JSON (undefined for 204); any other is thrown as a
 * DashboardApiError with the problem+json's `status`, `code`, `detail` and `errors[]` (the fields
 * refused). A network failure is fetch's own TypeError.
 */

/** Where the dashboard's API lives, on the page's own origin. */
export const API_BASE = "/dashboard/api";

/** One field a 400 or 422 refused (problem+json's `errors[]`): the page shows its `code` in its own words, never `message`. */
export interface FieldProblem {
  path: string;
  code: string;
  message: string;
}

/**
 * A problem+json answer of the dashboard's API (`detail` is the error's message, in English: the
 * page says `code` in the reader's language instead, DashboardElement's `messageOf`).
 */
export class DashboardApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors: readonly FieldProblem[] = [],
  ) {
    super(detail);
    this.name = "DashboardApiError";
  }

  /** 401: no session, or one that ended (idle, expired, signed out elsewhere). */
  get signInRequired(): boolean {
    return this.status === 401;
  }
}

/** How to call: GET by default; a change's body and any extra header (Idempotency-Key). */
export interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls `API_BASE + path` and resolves with its JSON answer; throws DashboardApiError otherwise. */
export async function callDashboard<T>(path: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const body = method === "GET" || method === "DELETE" ? undefined : JSON.stringify(options.body ?? {});
  const res = await fetch(`${API_BASE}${path}`, {
    method,
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...options.headers },
    body,
    credentials: "same-origin",
    cache: "no-store",
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // A proxy's HTML error page: the status alone says what happened.
  }
  if (!res.ok) {
    const errors = Array.isArray(json.errors) ? (json.errors as FieldProblem[]) : [];
    throw new DashboardApiError(res.status, String(json.code ?? `HTTP_${res.status}`), String(json.detail ?? json.title ?? res.statusText), errors);
  }
  return (text ? json : undefined) as T;
}

/** `?a=1&b=2` of the set values (empty strings and undefined left out); "" when none. */
export function queryOf(params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== "") query.set(name, String(value));
  const text = query.toString();
  return text ? `?${text}` : "";
}
