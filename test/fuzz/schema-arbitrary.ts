/**
 * A small generator from the OpenAPI document's JSON Schemas (3.1) to fast-check arbitraries,
 * with mutations mixed in at every depth: a value is valid for its schema most of the time and
 * otherwise one of the hostile values below (wrong type, huge or empty string, bidi, lone
 * surrogate, NUL, numbers past 2^53 or negative); an object sometimes loses a required field or
 * gains an unknown one. So a body is mostly valid with one or two things wrong, which is what
 * reaches the deep validation and the handlers, rather than failing at the first field.
 */
import fc from "fast-check";

export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};

/** 100 kB strings, ASCII and multi-byte. */
const HUGE = ["x".repeat(100_000), "é".repeat(50_000), "9".repeat(100_000)];
/** Strings that have broken parsers, loggers, SQL and dashboards. */
export const NASTY_STRINGS: string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202eevil\u202c", // bidi override
  "\u2066x\u2069",
  "\ud800", // lone high surrogate
  "x\udfffy", // lone low surrogate
  "\ufeff",
  "\u200b",
  "𝕏😀👩‍👩‍👧",
  "\r\nX-Injected: 1",
  "'; DROP TABLE transactions; --",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "null",
  "true",
  "-1",
  "1e309",
  "9007199254740993",
  "0x10",
  "NaN",
  "2026-02-30T25:61:61Z",
  "00000000-0000-0000-0000-000000000000",
  "ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ",
  ...HUGE,
];
export const NASTY_NUMBERS: number[] = [
  0, -0, -1, 1, -2147483649, 2147483648, 2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2, 2 ** 63, -(2 ** 64), 1e308, -1e308, 5e-324, 0.5, -0.5, 1.0000001, 99999999999999999999,
];

export const nastyString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }));
export const nastyNumber = fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number));

/** Any JSON value of a type the schema does not expect, or a hostile one of the same type. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { "": null }, { __proto__: { admin: true } }, { constructor: { prototype: {} } }),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(nastyString, nastyNumber), { maxKeys: 3 }),
);

export interface GeneratorOptions {
  /** Resolves `#/components/schemas/X`. */
  components: Record<string, Schema>;
  /** Weight of a hostile value against 10 for a schema-valid one, at each node (0: valid only). */
  chaos: number;
  /** Real values by property name (`buyerId`, `clientSecret`…), used for that property most of the time. */
  known?: Record<string, unknown[]>;
}

/** An arbitrary of values for `schema`, mutated with weight `chaos`. */
export function arbitraryOf(schema: Schema | undefined, options: GeneratorOptions, depth = 0): fc.Arbitrary<unknown> {
  const valid = validOf(schema ?? {}, options, depth);
  if (options.chaos <= 0) return valid;
  return fc.oneof({ arbitrary: valid, weight: 10 }, { arbitrary: wrongValue, weight: options.chaos });
}

function resolve(schema: Schema, options: GeneratorOptions): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) s = options.components[s.$ref.replace("#/components/schemas/", "")] ?? {};
  return s;
}

function validOf(raw: Schema, options: GeneratorOptions, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(raw, options);
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.allOf) return validOf(mergeAll(schema.allOf.map((s) => resolve(s, options))), options, depth);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, options, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ["object"] : ["string"];
  return fc.oneof(...types.map((type) => ofType(type, schema, options, depth)));
}

function mergeAll(schemas: Schema[]): Schema {
  const merged: Schema = {};
  for (const s of schemas) {
    Object.assign(merged, s, {
      properties: { ...merged.properties, ...s.properties },
      required: [...(merged.required ?? []), ...(s.required ?? [])],
    });
  }
  return merged;
}

function ofType(type: string, schema: Schema, options: GeneratorOptions, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
      const max = schema.maximum ?? Math.max(min, 0) + 1_000_000;
      return fc.oneof(fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }), fc.constantFrom(min, max));
    }
    case "number":
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case "array": {
      const minLength = schema.minItems ?? 0;
      return fc.array(arbitraryOf(schema.items, options, depth + 1), { minLength, maxLength: Math.min(schema.maxItems ?? minLength + 3, minLength + 4) });
    }
    case "object":
      return objectOf(schema, options, depth);
    default:
      return stringOf(schema);
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 60);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "date-time":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
    case "date":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case "email":
      return fc.emailAddress();
    case "uri":
      return fc.webUrl();
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity) && s.length >= (schema.minLength ?? 0));
    } catch {
      // A pattern fast-check cannot generate from: plain strings.
    }
  }
  return fc.string({ minLength, maxLength });
}

function objectOf(schema: Schema, options: GeneratorOptions, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) {
    const generated = arbitraryOf(value, options, depth + 1);
    const known = options.known?.[key];
    record[key] = known?.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: generated, weight: 1 }) : generated;
  }
  const keys = Object.keys(record);
  const base = keys.length ? fc.record(record, { requiredKeys: [...required].filter((k) => k in record) }) : fc.constant({});
  if (options.chaos <= 0) return base;
  // Mutations of the object itself: drop a key (required or not), add an unknown one.
  return fc
    .tuple(base, fc.option(fc.constantFrom(...(keys.length ? keys : [""])), { freq: 4 }), fc.option(fc.tuple(fc.oneof(fc.constantFrom("__proto__", "constructor", "id", "sellerId", "livemode", "status", "amount"), fc.string({ maxLength: 10 })), wrongValue), { freq: 4 }))
    .map(([value, drop, extra]) => {
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (drop !== null) delete out[drop];
      if (extra !== null) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
      return out;
    });
}
