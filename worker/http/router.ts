/**
 * The app's router: Hono's RegExpRouter for every route it accepts, its TrieRouter for the
 * requests a route it refuses could match.
 *
 * Why: Hono's default (SmartRouter) uses RegExpRouter only when it accepts every route, and this
 * API has a few it refuses: a static segment beside a parameter at the same place
 * (`POST /v1/transactions/threeds/setup` beside `POST /v1/transactions/:id/refunds`,
 * `/dashboard/api/payments/export` beside `/dashboard/api/payments/:id`). So every request was
 * routed by TrieRouter, which walks the tree and sorts what it finds: 2–5 µs and about 4 KB of
 * garbage per request, against RegExpRouter's one regular expression (0.05–0.4 µs). Here only a
 * request whose path one of those routes matches pays for the tree (docs/performance.md).
 *
 * The answer is the same as TrieRouter's over every route: a request no refused route matches is
 * matched by exactly the routes RegExpRouter holds, in the order they were added.
 */
import { MESSAGE_MATCHER_IS_ALREADY_BUILT, UnsupportedPathError, type Result, type Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";

type Route<T> = [method: string, path: string, handler: T];
type Match<T> = (method: string, path: string) => Result<T>;

/** RegExpRouter where it can, TrieRouter where it must; built at the first request. */
export class SplitRouter<T> implements Router<T> {
  readonly name = "SplitRouter";
  #routes: Route<T>[] | undefined = [];

  add(method: string, path: string, handler: T): void {
    if (!this.#routes) throw new Error(MESSAGE_MATCHER_IS_ALREADY_BUILT);
    this.#routes.push([method, path, handler]);
  }

  match(method: string, path: string): Result<T> {
    this.match = this.build();
    return this.match(method, path);
  }

  private build(): Match<T> {
    const routes = this.#routes!;
    this.#routes = undefined;
    const refused = refusedBy(routes);
    const everyRoute = new TrieRouter<T>();
    const refusedOnly = new TrieRouter<true>();
    routes.forEach((route, i) => {
      everyRoute.add(...route);
      if (refused.has(i)) refusedOnly.add(route[0], route[1], true);
    });
    const fast = new RegExpRouter<T>();
    try {
      routes.forEach((route, i) => refused.has(i) || fast.add(...route));
      fast.match("GET", "/"); // builds its matchers
    } catch (e) {
      // Cannot happen by refusedBy's reasoning; if a Hono release refuses later than at add, the
      // tree serves every request, as SmartRouter would have.
      if (e instanceof UnsupportedPathError) return everyRoute.match.bind(everyRoute);
      throw e;
    }
    if (refused.size === 0) return fast.match.bind(fast);
    return (method, path) => (refusedOnly.match(method, path)[0].length > 0 ? everyRoute.match(method, path) : fast.match(method, path));
  }
}

/**
 * The indexes of the routes RegExpRouter refuses, adding them in order to one probe. A refused
 * route may leave part of its path in the probe, which can only make a later route refused too
 * (never accepted wrongly): the set is never too small, so a router of the others always builds.
 */
export function refusedBy<T>(routes: Route<T>[]): Set<number> {
  const probe = new RegExpRouter<T>();
  const refused = new Set<number>();
  routes.forEach((route, i) => {
    try {
      probe.add(...route);
    } catch (e) {
      if (!(e instanceof UnsupportedPathError)) throw e;
      refused.add(i);
    }
  });
  return refused;
}
