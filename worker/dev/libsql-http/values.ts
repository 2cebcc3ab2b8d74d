/**
 * Converts between Hrana JSON values and what the native `libsql` driver binds and returns.
 *
 * The driver runs with safe integers on, so every SQLite INTEGER arrives as a bigint and every
 * REAL as a number; that split is what lets us tag values correctly and send integers beyond
 * 2^53 as exact decimal strings. Binding is the mirror image: a bigint binds as INTEGER and a
 * number as REAL, which is exactly Hrana's `integer` / `float` distinction.
 */
import { randomUUID } from "node:crypto";
import type { ProtoValue } from "./proto";
import { ProtocolError } from "./errors";

/** A value the native driver can bind. */
export type SqlValue = null | bigint | number | string | Buffer;

// Stands in for ±Infinity while stringifying; random per process, so user text cannot match it.
const INFINITY_MARKER = `__libsql_inf_${randomUUID()}__`;

const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;

/** A Hrana value from a request, as a bindable value. Rejects malformed integers and blobs. */
export function valueFromProto(value: ProtoValue): SqlValue {
  switch (value.type) {
    case "null":
      return null;
    case "integer": {
      // BigInt() would accept "0x10" or " 1 "; Hrana integers are plain decimal.
      if (!/^-?\d+$/.test(value.value)) {
        throw new ProtocolError(`Invalid integer value ${JSON.stringify(value.value)}`);
      }
      const n = BigInt(value.value);
      if (n < MIN_I64 || n > MAX_I64) throw new ProtocolError(`Integer ${value.value} does not fit in 64 bits`);
      return n;
    }
    case "float":
      return value.value;
    case "text":
      return value.value;
    case "blob":
      return Buffer.from(value.base64, "base64");
  }
}

/** A value read from SQLite, as a Hrana value. */
export function valueToProto(value: unknown): ProtoValue {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof Uint8Array) {
    const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return { type: "blob", base64: bytes.toString("base64") };
  }
  if (value instanceof ArrayBuffer) return { type: "blob", base64: Buffer.from(value).toString("base64") };
  throw new Error(`Unsupported value of type ${typeof value} returned by the driver`);
}

/**
 * JSON.stringify for response bodies. SQLite can produce ±Infinity (`SELECT 1e999`) but JSON has
 * no literal for it and `JSON.stringify` would write `null`, which the client rejects as a
 * malformed float. `1e999` is valid JSON that `JSON.parse` reads back as Infinity, so we write that.
 */
export function stringifyJson(body: unknown): string {
  let sawInfinity = false;
  const json = JSON.stringify(body, (_key, v: unknown) => {
    if (typeof v === "number" && !Number.isFinite(v) && !Number.isNaN(v)) {
      sawInfinity = true;
      return v > 0 ? `${INFINITY_MARKER}+` : `${INFINITY_MARKER}-`;
    }
    return v;
  });
  if (!sawInfinity) return json;
  return json.replaceAll(`"${INFINITY_MARKER}+"`, "1e999").replaceAll(`"${INFINITY_MARKER}-"`, "-1e999");
}
