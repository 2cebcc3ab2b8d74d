/**
 * Reads a BR Code back as a payer's app does: parse its TLV tree and check CRC, lengths and the
 * mandatory fields. Test code only: the service builds BR Codes, it never reads them.
 */
import { BrCodeError, crc16ccitt } from "../../worker/domain/pix/brcode";

const PIX_GUI = "br.gov.bcb.pix";

/** One TLV field; `children` is set for templates (26–51, 62, 80–99). */
export interface BrCodeField {
  id: string;
  length: number;
  value: string;
  children?: BrCodeField[];
}

/** Fields of a BR Code as {@link readBrCode} returns them; absent ones are undefined. */
export interface BrCode {
  payloadFormat: string;
  pointOfInitiation?: string;
  gui: string;
  /** 26-01: the PIX key of a static code. */
  key?: string;
  /** 26-25: the location URL (no scheme) of a dynamic code. */
  url?: string;
  mcc: string;
  currency: string;
  amount?: string;
  country: string;
  merchantName: string;
  merchantCity: string;
  txid?: string;
  crc: string;
}

/**
 * Parses a payload into its TLV tree, without checking the CRC.
 * Lengths are counted in code points. Throws {@link BrCodeError} when a length
 * is malformed or overruns its container.
 */
export function parseBrCode(payload: string): BrCodeField[] {
  return parseTlv(Array.from(payload), "");
}

/**
 * Parses and checks a BR Code (CRC, lengths, mandatory fields) and returns its
 * fields. Throws {@link BrCodeError} on any defect.
 */
export function readBrCode(payload: string): BrCode {
  const m = /^([\s\S]*6304)([0-9A-Fa-f]{4})$/.exec(payload);
  if (!m) throw new BrCodeError("payload does not end with a CRC field (6304XXXX)");
  const expected = crc16ccitt(m[1]!);
  if (m[2]!.toUpperCase() !== expected) throw new BrCodeError(`bad CRC: got ${m[2]}, computed ${expected}`);

  const fields = parseBrCode(payload);
  if (fields[0]?.id !== "00") throw new BrCodeError("field 00 (payload format indicator) must come first");
  if (fields[fields.length - 1]?.id !== "63") throw new BrCodeError("field 63 (CRC) must come last");
  const top = (id: string) => fields.find((f) => f.id === id)?.value;
  const need = (id: string) => {
    const v = top(id);
    if (v === undefined) throw new BrCodeError(`missing field ${id}`);
    return v;
  };
  // The PIX account may sit in any merchant account template (26-51); find it by GUI.
  const account = fields.find(
    (f) => +f.id >= 26 && +f.id <= 51 && f.children?.some((c) => c.id === "00" && c.value.toLowerCase() === PIX_GUI),
  );
  if (!account) throw new BrCodeError("no merchant account template with GUI br.gov.bcb.pix");
  const sub = (t: BrCodeField | undefined, id: string) => t?.children?.find((c) => c.id === id)?.value;

  return {
    payloadFormat: need("00"),
    pointOfInitiation: top("01"),
    gui: sub(account, "00")!,
    key: sub(account, "01"),
    url: sub(account, "25"),
    mcc: need("52"),
    currency: need("53"),
    amount: top("54"),
    country: need("58"),
    merchantName: need("59"),
    merchantCity: need("60"),
    txid: sub(fields.find((f) => f.id === "62"), "05"),
    crc: need("63"),
  };
}

function isTemplate(id: number): boolean {
  return (id >= 26 && id <= 51) || id === 62 || (id >= 80 && id <= 99);
}

function parseTlv(chars: string[], parent: string): BrCodeField[] {
  const fields: BrCodeField[] = [];
  let i = 0;
  while (i < chars.length) {
    const id = chars.slice(i, i + 2).join("");
    const len = chars.slice(i + 2, i + 4).join("");
    const where = parent ? `${parent}-${id}` : id;
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(len)) throw new BrCodeError(`malformed TLV header at offset ${i}`);
    const length = Number(len);
    if (i + 4 + length > chars.length) throw new BrCodeError(`field ${where} length ${length} overruns the payload`);
    const value = chars.slice(i + 4, i + 4 + length).join("");
    const field: BrCodeField = { id, length, value };
    if (!parent && isTemplate(Number(id))) field.children = parseTlv(Array.from(value), id);
    fields.push(field);
    i += 4 + length;
  }
  return fields;
}
