/**
 * The widget's weight, printed by `npm run bench`: what a buyer's browser downloads, raw and
 * gzipped (node:zlib at its default level, as servers compress). The target (issue 10) is
 * pay.js plus the card frame at most 25 kB gzip together. The card frame is three files (its
 * page, script and stylesheet, each served and compressed on its own): their sizes add up.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Together at most this many gzipped bytes (25 kB, decimal). */
export const WIDGET_GZIP_TARGET = 25_000;

/** What a buyer's browser loads, under the checkout's dist/: each part and its files. */
const PARTS = [
  { name: "pay.js", files: ["dist/widget/pay.js"] },
  { name: "card frame (html + js + css)", files: ["dist/widget/card-frame.html", "dist/widget/card-frame.js", "dist/widget/card-frame.css"], since: "the card frame" },
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

/** One line per part and their total against the target, as the bench prints them. */
export function formatWidgetSizes(sizes: WidgetSize[]): string {
  const total = sizes.reduce((sum, s) => sum + s.gzipBytes, 0);
  return [
    ...sizes.map((s) => `${s.name}: ${s.bytes} bytes, ${s.gzipBytes} bytes gzip`),
    `widget total: ${total} bytes gzip (target: pay.js + card frame ≤ 25 kB gzip)`,
  ].join("\n");
}

/** Whether the parts together meet the target. */
export const widgetWithinTarget = (sizes: WidgetSize[]) => sizes.reduce((sum, s) => sum + s.gzipBytes, 0) <= WIDGET_GZIP_TARGET;
