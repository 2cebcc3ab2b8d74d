/**
 * The seller dashboard's build: dashboard/src/main.ts and everything it imports into
 * dist/widget/dashboard.js (and its map), served at /dashboard.js to the dashboard's page
 * (worker/routes/dashboard-page.ts, docs/dashboard.md). It is built the way the widget's files are
 * (widget/vite.config.ts's `widgetBuild`, run in order by widget/build.ts), beside them in
 * dist/widget/ so the served paths stay as they are.
 */
import type { UserConfig } from "vite";
import { widgetBuild } from "../widget/vite.config";

/** The dashboard's one module; it adds to dist/widget/, which the widget's first build emptied. */
export const DASHBOARD_BUILD: UserConfig = widgetBuild(new URL("./src/main.ts", import.meta.url), "dashboard", { emptyOutDir: false });
