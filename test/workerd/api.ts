/**
 * Requests to the Worker under test, through its own `fetch` export (`exports.default`), sent
 * with the seller's secret key that global-setup.ts created.
 */
import { exports } from "cloudflare:workers";
import { inject } from "vitest";

/** Sends a request to the Worker; `body` is sent as JSON; pass `headers` to replace the key. */
export function api(method: string, path: string, body?: unknown, headers: Record<string, string> = { "X-Api-Key": inject("apiKey") }) {
  return exports.default.fetch(
    new Request(`${inject("baseUrl")}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** Sends a request and returns its JSON body, failing with the body's text on another status. */
export async function apiJson<T = Record<string, unknown>>(method: string, path: string, status: number, body?: unknown): Promise<T> {
  const res = await api(method, path, body);
  const text = await res.text();
  if (res.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}
