/**
 * The widget's weight, printed by `npm run bench`: what a buyer's browser downloads, raw and
 * gzipped (node:zlib at its default level, as servers compress). The target (issue 10) is
 * pay.js plus the card frame at most 25 kB gzip together; the card frame is not built yet.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Together at most this many gzipped bytes (25 kB, decimal). */
export const WIDGET_GZIP_TARGET = 25_000;

/** The files a buyer's browser loads, under the checkout's dist/. */
const FILES = [{ name: "pay.js", path: "dist/widget/pay.js" }];

export interface WidgetSize {
  name: string;
  bytes: number;
  gzipBytes: number;
}

/** The sizes of the built files in `checkoutDir`; throws naming the fix when one is not built. */
export function widgetSizes(checkoutDir: string): WidgetSize[] {
  return FILES.map(({ name, path }) => {
    const file = join(checkoutDir, path);
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
    const bytes = readFileSync(file);
    return { name, bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
  });
}

/** One line per file, as the bench prints them. */
export function formatWidgetSizes(sizes: WidgetSize[]): string {
  return sizes.map((s) => `${s.name}: ${s.bytes} bytes, ${s.gzipBytes} bytes gzip (target: pay.js + card frame ≤ 25 kB gzip)`).join("\n");
}

/** Whether the files together meet the target. */
export const widgetWithinTarget = (sizes: WidgetSize[]) => sizes.reduce((sum, s) => sum + s.gzipBytes, 0) <= WIDGET_GZIP_TARGET;
