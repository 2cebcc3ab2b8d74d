/**
 * Runs openapi-typescript in this repository: `node --import ./worker/cli/openapi-typescript-ts5.mjs
 * node_modules/openapi-typescript/bin/cli.js …` (`npm run openapi:types -- …`).
 *
 * openapi-typescript builds its output with TypeScript's JavaScript API (`ts.factory`, the
 * printer), which TypeScript 7 (the native compiler, our `typescript`) does not have; its peer is
 * typescript ^5. So package.json installs TypeScript 5 as `typescript-5` (an npm alias, used by
 * nothing else) and its `overrides` lets openapi-typescript's peer be our TypeScript 7 so the
 * install resolves; this module-resolution hook hands openapi-typescript the `typescript-5` copy.
 * Everything else, `tsc` included, still gets TypeScript 7. An integrator on TypeScript 5 needs none
 * of this (README, "Typed client").
 */
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

/** Node's resolve hook: `typescript`, imported by openapi-typescript, is `typescript-5`. */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "typescript" && context.parentURL?.includes("/node_modules/openapi-typescript/")) return nextResolve("typescript-5", context);
  return nextResolve(specifier, context);
}

// Loaded by --import on the main thread: register this file as the hooks module (Node runs hooks
// on a thread of their own, where this file is loaded again and registers nothing).
if (isMainThread) register(import.meta.url);
