/**
 * A connector transport (exchange.ts's PspTransport) over any fetch: the Worker's, through its
 * `mtls_certificates` binding or the global one (worker/cloudflare/psp-transport.ts), and the
 * tests' plain fetch against a simulator. The Node host has a leaner one of its own
 * (worker/node/psp-transport.ts).
 */
import type { PspTransport } from "./exchange";

/** What a fetch takes and answers: the global fetch, a Fetcher binding's `fetch`, a test's script. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The transport over `fetcher`. AbortSignal.timeout carries the budget: it ends the request at
 * any stage, reading the body included, and fails it with a TimeoutError. A 3xx is answered as it
 * is (`redirect: "manual"`): following it could carry the token anywhere.
 */
export function fetchTransport(fetcher: FetchLike = (url, init) => fetch(url, init)): PspTransport {
  return async (request) => {
    const response = await fetcher(request.url.href, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: "manual",
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}
