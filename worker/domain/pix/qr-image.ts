/**
 * QR code images of a PIX payload (or any text): SVG from the qrcode package, and
 * PNG from its module matrix through our own encoder ({@link encodeBilevelPng}),
 * because qrcode's PNG output needs Node's zlib/pngjs, which workerd lacks.
 *
 * Both use error correction level M (15%), a common choice for BR Codes: it
 * survives some print damage while keeping the symbol small enough to scan from
 * a phone screen. Both keep a 4-module quiet zone, the minimum the QR spec asks.
 */
import QRCode from "qrcode";
import { encodeBilevelPng } from "./png";

/** Quiet zone around the symbol, in modules. */
export const QR_MARGIN = 4;
const ERROR_CORRECTION = "M" as const;
const DEFAULT_SCALE = 8;
const MAX_SCALE = 64;

/**
 * SVG markup of the QR code for `text`: a `viewBox` in module units (size + 2 × margin)
 * with a white background path and one stroked path for the dark modules, so it
 * scales to any size without blurring.
 */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: ERROR_CORRECTION, margin: QR_MARGIN });
}

/**
 * PNG bytes of the QR code for `text`, 1-bit grayscale, with each module drawn as
 * a `scale` × `scale` pixel square (default 8, integer 1..64) and a 4-module quiet zone.
 */
export async function qrPng(text: string, opts?: { scale?: number }): Promise<Uint8Array> {
  const scale = opts?.scale ?? DEFAULT_SCALE;
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) {
    throw new RangeError(`scale must be an integer in 1..${MAX_SCALE}`);
  }
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const size = modules.size;
  const side = (size + 2 * QR_MARGIN) * scale;
  return encodeBilevelPng(side, side, (x, y) => {
    const col = Math.floor(x / scale) - QR_MARGIN;
    const row = Math.floor(y / scale) - QR_MARGIN;
    return row >= 0 && row < size && col >= 0 && col < size && modules.get(row, col) !== 0;
  });
}
