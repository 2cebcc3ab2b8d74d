/**
 * The app's router (worker/http/router.ts) answers exactly what Hono's TrieRouter answers over
 * every route: the same handlers, in the same order, with the same parameters, for a request to
 * each route of the app (and for paths no route has), while RegExpRouter serves every request
 * no refused route could match.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Result } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { createApp } from "../worker/app";
import { refusedBy, SplitRouter } from "../worker/http/router";
import { createTestPlatform } from "./support/platform";

type Route = [method: string, path: string, handler: number];

/** A result of either form as [handler, params] pairs. */
function plain(result: Result<number>): Array<[number, Record<string, string>]> {
  const [matched, stash] = result;
  return matched.map(([handler, params]) => [
    handler,
    stash ? Object.fromEntries(Object.entries(params).map(([name, index]) => [name, stash[index as number]!])) : (params as Record<string, string>),
  ]);
}

/** A concrete path for a route pattern: each parameter a value of its own, a wildcard two segments. */
function pathFor(pattern: string, n: number): string {
  return pattern.replace(/:(\w+)(\{[^}]*\})?\??/g, (_m, name: string) => `${name}_${n}`).replace(/\*$/, "a/b");
}

let routes: Route[];
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  app = createApp(await createTestPlatform());
  routes = app.routes.map((r, i) => [r.method, r.path, i]);
});

function routersOf(list: Route[]) {
  const split = new SplitRouter<number>();
  const trie = new TrieRouter<number>();
  for (const route of list) {
    split.add(...route);
    trie.add(...route);
  }
  return { split, trie };
}

describe("SplitRouter", () => {
  it("matches every route of the app as TrieRouter does, handlers, order and parameters", () => {
    const { split, trie } = routersOf(routes);
    const requests = routes.flatMap(([method, path], n) => {
      const concrete = pathFor(path, n);
      return method === "ALL" ? [["GET", concrete], ["POST", concrete], ["PATCH", concrete]] : [[method, concrete]];
    });
    requests.push(["GET", "/nowhere"], ["DELETE", "/v1/transactions"], ["PUT", "/v1/transactions/tx_1"], ["OPTIONS", "/v1/buyers"]);
    for (const [method, path] of requests) {
      const expected = plain(trie.match(method!, path!));
      expect(plain(split.match(method!, path!)), `${method} ${path}`).toEqual(expected);
    }
    // Not trivially: most requests reach a route handler, not only the middleware.
    expect(requests.length).toBeGreaterThan(300);
  });

  it("sends to the tree only the routes RegExpRouter refuses, the static segments beside a parameter", () => {
    const refused = [...refusedBy(routes)].map((i) => `${routes[i]![0]} ${routes[i]![1]}`);
    // Today's: each a static segment where a sibling route has a parameter (or the reverse).
    expect(refused).toContain("POST /v1/transactions/threeds/setup");
    expect(refused).toContain("GET /dashboard/api/payments/:id");
    // Few: every other route, and every middleware, stays in the regular expression.
    expect(refused.length).toBeLessThan(routes.length / 10);
  });

  it("routes a static path and its parameter sibling both, as the tree does", () => {
    const list: Route[] = [
      ["ALL", "*", 0],
      ["GET", "/users/:id", 1],
      ["GET", "/users/me", 2],
      ["POST", "/users/:id/notes", 3],
    ];
    const { split, trie } = routersOf(list);
    expect(refusedBy(list).size).toBe(1);
    for (const [method, path] of [
      ["GET", "/users/me"],
      ["GET", "/users/u_1"],
      ["POST", "/users/u_1/notes"],
      ["GET", "/other"],
    ] as const) {
      expect(plain(split.match(method, path)), `${method} ${path}`).toEqual(plain(trie.match(method, path)));
    }
    expect(plain(split.match("GET", "/users/me")).map(([h]) => h)).toEqual([0, 1, 2]);
    expect(plain(split.match("GET", "/users/u_1"))).toEqual([
      [0, {}],
      [1, { id: "u_1" }],
    ]);
  });

  it("is the app's router", () => {
    expect(app.router).toBeInstanceOf(SplitRouter);
  });

  it("takes no route once built", () => {
    const { split } = routersOf([["GET", "/a", 0]]);
    split.match("GET", "/a");
    expect(() => split.add("GET", "/b", 1)).toThrow(/already built/);
  });
});
