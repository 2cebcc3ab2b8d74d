/**
 * Reading QR images back in tests: qrcode's SVG to its module matrix, a matrix or a PNG to
 * pixels, and either image to the text jsQR decodes from it.
 */
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { QR_MARGIN } from "../../worker/domain/pix/qr-image";

/** Dark modules, row by row. */
export type Matrix = boolean[][];

/** Renders a matrix with its quiet zone as RGBA pixels, `scale` px per module, for jsQR. */
export function rasterise(m: Matrix, scale: number): { data: Uint8ClampedArray; side: number } {
  const side = (m.length + 2 * QR_MARGIN) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const r = Math.floor(y / scale) - QR_MARGIN;
      const c = Math.floor(x / scale) - QR_MARGIN;
      if (m[r]?.[c]) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { data, side };
}

/**
 * Reads the dark-module matrix back out of qrcode's SVG: the stroked path draws each
 * run of dark modules as `M x y.5` / `m dx 0` followed by `h len`.
 */
export function matrixFromSvg(svg: string): Matrix {
  const box = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  if (!box || box[1] !== box[2]) throw new Error("no square viewBox");
  const size = Number(box[1]) - 2 * QR_MARGIN;
  const d = /<path stroke="#000000" d="([^"]*)"\/>/.exec(svg)?.[1];
  if (d === undefined) throw new Error("no stroked path");
  const m: Matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([MmHh])\s*(-?[\d.]+)(?:\s+(-?[\d.]+))?/g)) {
    const dx = Number(a);
    const dy = Number(b ?? 0);
    if (cmd === "M") [x, y] = [dx, dy];
    else if (cmd === "m") [x, y] = [x + dx, y + dy];
    else {
      const end = cmd === "h" ? x + dx : dx;
      for (let col = x; col < end; col++) m[y - 0.5 - QR_MARGIN]![col - QR_MARGIN] = true;
      x = end;
    }
  }
  return m;
}


/** The text a QR SVG (qrcode's) decodes to, or null. */
export function decodeSvg(svg: string): string | null {
  const { data, side } = rasterise(matrixFromSvg(svg), 4);
  return jsQR(data, side, side, { inversionAttempts: "dontInvert" })?.data ?? null;
}

/** The text a QR PNG decodes to, or null (pngjs checks every chunk CRC on the way). */
export function decodePng(bytes: Uint8Array): string | null {
  const png = PNG.sync.read(Buffer.from(bytes));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: "dontInvert" })?.data ?? null;
}
