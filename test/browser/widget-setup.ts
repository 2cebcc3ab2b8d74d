/**
 * vitest `globalSetup` of both runs (vitest.config.ts, vitest.workers.config.ts): builds the
 * widget when dist/widget/pay.js is missing or older than its sources, so the browser tests load
 * the current code and the Worker's static assets (read by the pool after this) hold it. A fresh
 * bundle costs a few file stats.
 *
 * A failed build does not stop the run (most tests never load the widget): it is handed to the
 * tests as `widgetBuildError`, and widget-served.test.ts fails with it rather than pass on an
 * old bundle.
 */
import type { TestProject } from "vitest/node";
import { ensureWidget } from "../../widget/build";

declare module "vitest" {
  export interface ProvidedContext {
    /** Why this run's widget build failed; null when dist/widget/pay.js is current. */
    widgetBuildError: string | null;
  }
}

export default async function setup(project: TestProject) {
  let error: string | null = null;
  try {
    if (await ensureWidget({ ifStale: true })) process.stdout.write("widget: built dist/widget/pay.js for this run\n");
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    process.stderr.write(`widget: the build failed; the widget's tests will fail with this: ${error}\n`);
  }
  project.provide("widgetBuildError", error);
}
