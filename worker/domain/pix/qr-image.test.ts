import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { buildDynamicBrCode } from "./brcode";
import { crc32, encodeBilevelPng } from "./png";
import { QR_MARGIN, qrPng, qrSvg } from "./qr-image";
import { matrixFromSvg, rasterise, type Matrix } from "../../../test/support/qr";

const BR_CODE = buildDynamicBrCode({
  locationUrl: "pay.example.com/pix/v2/cobv/7f3c2a9e4b1d4e0c8a6f5b2d",
  amountMinor: 123456,
  merchantName: "Padaria São João",
  merchantCity: "São Paulo",
});

/** The reference: qrcode's own module matrix for the same text and EC level. */
function referenceMatrix(text: string): Matrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, r) =>
    Array.from({ length: modules.size }, (_, c) => modules.get(r, c) !== 0),
  );
}

/** Tag balance and attribute quoting: enough to tell well-formed from broken markup. */
function assertWellFormed(xml: string): void {
  const stack: string[] = [];
  const body = xml.trim();
  let rest = body;
  for (const [tag, close, name, attrs, selfClose] of body.matchAll(/<(\/?)([a-zA-Z][\w:-]*)([^<>]*?)(\/?)>/g)) {
    rest = rest.replace(tag, "");
    expect(attrs!.replace(/\s+[\w:-]+="[^"<>]*"/g, "").trim()).toBe("");
    if (close) expect(stack.pop()).toBe(name);
    else if (!selfClose) stack.push(name!);
  }
  expect(stack).toEqual([]);
  expect(rest.trim()).toBe(""); // no stray text or unmatched '<'
}

describe("crc32", () => {
  it("matches the CRC-32 check value and the IEND chunk CRC", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new TextEncoder().encode("IEND"))).toBe(0xae426082);
  });
});

describe("encodeBilevelPng", () => {
  it("writes a 1-bit grayscale PNG whose pixels pngjs reads back exactly", async () => {
    // 13 wide so rows end mid-byte; a pattern that no transposition or inversion survives.
    const dark = (x: number, y: number) => (x * 3 + y * 5) % 7 < 3 || (x === 12 && y === 0);
    const png = PNG.sync.read(Buffer.from(await encodeBilevelPng(13, 6, dark)));
    expect([png.width, png.height, png.depth, png.colorType]).toEqual([13, 6, 1, 0]);
    for (let y = 0; y < 6; y++) {
      for (let x = 0; x < 13; x++) {
        expect(png.data[(y * 13 + x) * 4]).toBe(dark(x, y) ? 0 : 255);
      }
    }
  });

  it("rejects empty or fractional sizes", async () => {
    await expect(encodeBilevelPng(0, 5, () => true)).rejects.toThrow(RangeError);
    await expect(encodeBilevelPng(2.5, 5, () => true)).rejects.toThrow(RangeError);
  });
});

describe("qrPng", () => {
  it("decodes back to the BR Code, pixel for pixel equal to qrcode's matrix", async () => {
    const bytes = await qrPng(BR_CODE);
    expect(Array.from(bytes.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const png = PNG.sync.read(Buffer.from(bytes)); // pngjs checks every chunk CRC and the zlib stream
    const m = referenceMatrix(BR_CODE);
    const scale = 8;
    expect(png.width).toBe((m.length + 2 * QR_MARGIN) * scale);
    expect(png.height).toBe(png.width);
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const dark = m[Math.floor(y / scale) - QR_MARGIN]?.[Math.floor(x / scale) - QR_MARGIN] ?? false;
        if (png.data[(y * png.width + x) * 4] !== (dark ? 0 : 255)) throw new Error(`pixel ${x},${y} differs`);
      }
    }
    // dontInvert: a light-on-dark image must not count as a pass.
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: "dontInvert" });
    expect(decoded?.data).toBe(BR_CODE);
  });

  it.each([1, 3, 10])("honours scale %i: module (r, c) fills its scale-by-scale square", async (scale) => {
    const text = "00020101021226 scale test ção ✓";
    const png = PNG.sync.read(Buffer.from(await qrPng(text, { scale })));
    const m = referenceMatrix(text);
    expect(png.width).toBe((m.length + 2 * QR_MARGIN) * scale);
    const px = (x: number, y: number) => png.data[(y * png.width + x) * 4];
    for (const [r, c] of [[0, 0], [0, m.length - 1], [m.length - 1, 0], [7, 7], [8, 8], [m.length >> 1, m.length >> 1]] as const) {
      const want = m[r]![c] ? 0 : 255;
      const x0 = (c + QR_MARGIN) * scale;
      const y0 = (r + QR_MARGIN) * scale;
      expect([px(x0, y0), px(x0 + scale - 1, y0 + scale - 1)]).toEqual([want, want]);
    }
    expect(px(0, 0)).toBe(255); // quiet zone is white
    if (scale >= 3) {
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: "dontInvert" });
      expect(decoded?.data).toBe(text);
    }
  });

  it("rejects a scale that is not an integer in 1..64", async () => {
    await expect(qrPng("x", { scale: 0 })).rejects.toThrow(RangeError);
    await expect(qrPng("x", { scale: 1.5 })).rejects.toThrow(RangeError);
    await expect(qrPng("x", { scale: 65 })).rejects.toThrow(RangeError);
  });
});

describe("qrSvg", () => {
  it("is well-formed SVG with a viewBox sized to the matrix plus quiet zone", async () => {
    const svg = await qrSvg(BR_CODE);
    assertWellFormed(svg);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
    const size = QRCode.create(BR_CODE, { errorCorrectionLevel: "M" }).modules.size;
    expect(svg).toContain(`viewBox="0 0 ${size + 8} ${size + 8}"`);
    expect(svg).toMatch(/<path [^>]*d="M\d/);
  });

  it.each([
    ["a BR Code", BR_CODE],
    ["a short URL", "https://pay.example.com/c/1"],
    ["UTF-8 text", "Olá, São Paulo! ✓"],
  ])("draws exactly qrcode's module matrix for %s, and that decodes", async (_label, text) => {
    const m = matrixFromSvg(await qrSvg(text));
    expect(m).toEqual(referenceMatrix(text));
    const { data, side } = rasterise(m, 4);
    expect(jsQR(data, side, side, { inversionAttempts: "dontInvert" })?.data).toBe(text);
  });

  it("uses error correction level M (a different level gives a different matrix)", async () => {
    const m = matrixFromSvg(await qrSvg(BR_CODE));
    const low = QRCode.create(BR_CODE, { errorCorrectionLevel: "L" }).modules;
    expect(m.length === low.size && m.every((row, r) => row.every((v, c) => v === (low.get(r, c) !== 0)))).toBe(false);
  });
});
