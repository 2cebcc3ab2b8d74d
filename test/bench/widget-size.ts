/**
 * The widget's weight, printed by `npm run bench`: what a buyer's browser downloads, raw and
 * gzipped (node:zlib at its default level, as servers compress). The target (issue 10) is
 * pay.js plus the card frame at most 25 kB gzip together. The card frame is three files (its
 * page, script and stylesheet, each served and compressed on its own): their sizes add up.
 * A payment link's page (issue 16) loads the link mode's chunk too: pay.js, pay-link.js and the
 * card frame at most 35 kB gzip; the transaction checkout never loads the chunk.
 * The seller dashboard's page (issue 21) loads dashboard.js alone, with its own Lit: at most
 * 80 kB gzip on first load; no checkout ever loads it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Together at most this many gzipped bytes (25 kB, decimal). */
export const WIDGET_GZIP_TARGET = 25_000;
/** The link page's whole widget: at most this many gzipped bytes (35 kB). */
export const LINK_PAGE_GZIP_TARGET = 35_000;
/** The dashboard page's first load: at most this many gzipped bytes (80 kB). */
export const DASHBOARD_GZIP_TARGET = 80_000;
/** The link mode's chunk: counted for the link page only. */
const LINK_CHUNK = "pay-link.js (link mode)";
/** The dashboard's script: counted for the dashboard page only. */
const DASHBOARD = "dashboard.js (seller dashboard)";

/** What a buyer's browser loads, under the checkout's dist/: each part and its files. */
const PARTS = [
  { name: "pay.js", files: ["dist/widget/pay.js"] },
  { name: "card frame (html + js + css)", files: ["dist/widget/card-frame.html", "dist/widget/card-frame.js", "dist/widget/card-frame.css"], since: "the card frame" },
  { name: LINK_CHUNK, files: ["dist/widget/pay-link.js"], since: "payment links" },
  { name: DASHBOARD, files: ["dist/widget/dashboard.js"], since: "the dashboard" },
];

export interface WidgetSize {
  name: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * The sizes of the built parts in `checkoutDir`; throws naming the fix when pay.js is not built.
 * A checkout from before the card frame (`--host-dir` on an old commit) has no frame: left out.
 */
export function widgetSizes(checkoutDir: string): WidgetSize[] {
  return PARTS.flatMap(({ name, files, since }) => {
    const paths = files.map((file) => join(checkoutDir, file));
    if (since && paths.every((path) => !existsSync(path))) return [];
    const missing = paths.find((path) => !existsSync(path));
    if (missing) throw new Error(`${missing} is missing: run npm run build`);
    const contents = paths.map((path) => readFileSync(path));
    return [{ name, bytes: contents.reduce((sum, c) => sum + c.length, 0), gzipBytes: contents.reduce((sum, c) => sum + gzipSync(c).length, 0) }];
  });
}

const gzipOf = (sizes: WidgetSize[]) => sizes.reduce((sum, s) => sum + s.gzipBytes, 0);
/** What a transaction's checkout loads: everything but the link mode's chunk and the dashboard. */
const checkoutTotal = (sizes: WidgetSize[]) => gzipOf(sizes.filter((s) => s.name !== LINK_CHUNK && s.name !== DASHBOARD));
/** What a payment link's page loads: the checkout and the link mode's chunk. */
const linkPageTotal = (sizes: WidgetSize[]) => gzipOf(sizes.filter((s) => s.name !== DASHBOARD));
/** What the dashboard's page loads first: its script. */
const dashboardTotal = (sizes: WidgetSize[]) => gzipOf(sizes.filter((s) => s.name === DASHBOARD));

/** One line per part and the totals against their targets, as the bench prints them. */
export function formatWidgetSizes(sizes: WidgetSize[]): string {
  const lines = [
    ...sizes.map((s) => `${s.name}: ${s.bytes} bytes, ${s.gzipBytes} bytes gzip`),
    `widget total: ${checkoutTotal(sizes)} bytes gzip (target: pay.js + card frame ≤ 25 kB gzip)`,
  ];
  if (sizes.some((s) => s.name === LINK_CHUNK)) lines.push(`link page total: ${linkPageTotal(sizes)} bytes gzip (target: pay.js + pay-link.js + card frame ≤ 35 kB gzip)`);
  if (sizes.some((s) => s.name === DASHBOARD)) lines.push(`dashboard page: ${dashboardTotal(sizes)} bytes gzip (target: dashboard.js ≤ 80 kB gzip)`);
  return lines.join("\n");
}

/** Whether the parts meet their targets: the checkout's 25 kB, the link page's 35 kB and the dashboard's 80 kB. */
export const widgetWithinTarget = (sizes: WidgetSize[]) =>
  checkoutTotal(sizes) <= WIDGET_GZIP_TARGET && linkPageTotal(sizes) <= LINK_PAGE_GZIP_TARGET && dashboardTotal(sizes) <= DASHBOARD_GZIP_TARGET;
