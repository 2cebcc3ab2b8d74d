/**
 * A minimal PNG encoder for black-and-white images, on web-standard APIs only, so it
 * runs in workerd as well as Node (qrcode's own PNG path needs Node's zlib and pngjs).
 *
 * Output: 1-bit grayscale (color type 0), no interlace, filter type 0 ("None") on every
 * row. Bilevel images need nothing more, and 1 bit per pixel keeps the deflate input
 * eight times smaller than 8-bit grayscale would.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** CRC-32 (IEEE, reflected 0xEDB88320) table, as PNG chunks use it. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of `bytes`, as used in PNG chunks and zlib's gzip cousin. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * Encodes a `width` × `height` black-and-white image as a PNG file.
 * `isDark(x, y)` says whether the pixel at column x, row y is black.
 */
export async function encodeBilevelPng(
  width: number,
  height: number,
  isDark: (x: number, y: number) => boolean,
): Promise<Uint8Array> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff) {
    throw new RangeError("PNG width and height must be positive integers");
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, adaptive filtering, no interlace

  // Scanlines: a filter byte (0) then the pixels, MSB first; 1 is white in 1-bit grayscale.
  const stride = Math.ceil(width / 8);
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1) + 1;
    for (let x = 0; x < width; x++) {
      if (!isDark(x, y)) raw[row + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }

  return concat([
    Uint8Array.from(SIGNATURE),
    chunk("IHDR", ihdr),
    chunk("IDAT", await zlib(raw)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/** zlib-wrapped deflate: CompressionStream's "deflate" is RFC 1950 zlib, as IDAT requires. */
async function zlib(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A PNG chunk: length, type, data, CRC-32 over type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
