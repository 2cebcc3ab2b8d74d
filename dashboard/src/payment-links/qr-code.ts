/**
 * A payment link's QR code, made in the browser: the `qrcode` package's encoder (already the
 * server's dependency for PIX QR images; its core alone is bundled, about 8 kB gzip) gives the
 * module matrix, drawn here as one SVG path. The server's QR route (`/pix/qr/{location}`) draws
 * only PIX charges, and the page's CSP (`img-src 'self' data:`) would allow a same-origin image,
 * but there is no route for a link's URL; inline SVG needs no image source at all.
 *
 * Error correction M and a 4-module quiet zone, as the server's PIX QR images
 * (worker/domain/pix/qr-image.ts).
 */
import { svg } from "lit";
import { create } from "qrcode/lib/core/qrcode.js";

const QUIET_ZONE = 4;

/** The path of `text`'s dark modules (one `h1v1h-1z` square each) and the drawing's side, in modules. */
export function qrPath(text: string): { d: string; side: number } {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  let d = "";
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
  }
  return { d, side: modules.size + 2 * QUIET_ZONE };
}

/** The QR code of `text` as an `<svg>` image named `label`. */
export function qrSvg(text: string, label: string) {
  const { d, side } = qrPath(text);
  return svg`<svg class="qr" role="img" aria-label=${label} viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">
    <rect width=${side} height=${side} fill="#ffffff"></rect><path d=${d} fill="#000000"></path>
  </svg>`;
}
