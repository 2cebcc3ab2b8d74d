/**
 * The BCB API Pix document (OpenAPI 3.0, version 2.9.0, Apache 2.0; a byte-identical copy sits
 * beside this file) as JSON Schema validators, for the PSP simulator: every request it receives
 * (path and query parameters, body) and every answer it sends is checked against the operation's
 * schemas in the document, so neither the simulator nor a client tested against it can drift
 * from the published contract.
 *
 * OpenAPI 3.0 schemas are close to JSON Schema; what changes on the way to ajv (draft 2019-09):
 * - `#/components/schemas/X` refs point into one registered schema's `$defs`; `example`,
 *   `description`, `default` and `x-*` keys are dropped (the document's defaults are not applied).
 * - **Objects are closed** (`unevaluatedProperties: false`) wherever an instance value sits: a
 *   body's root, each property's value, each array item; never inside `allOf`/`oneOf`/`anyOf`
 *   branches, so a property declared in any branch of a composition counts as known. The document
 *   leaves its objects open; the simulator refuses what it does not declare, so a client tested
 *   against it sends only documented fields, and its own answers carry only documented fields.
 * - Patterns are **whole-value**: the document writes `[a-zA-Z0-9]{26,35}` for a txid and
 *   `\d{1,10}\.\d{2}` for an amount, which an ECMA-262 `pattern` would find anywhere inside a longer
 *   string; they are anchored (`^(?:…)$`). `/^\d{11}$/` (the CPF, written with a regex literal's
 *   slashes, which as a pattern can match nothing) loses its slashes.
 * - A handful of the document's own contradictions are mended, each named in {@link FIXES} with
 *   what it was and why; each checks that the document still reads as expected, so a new version
 *   of the document fails here instead of being mended blindly.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Ajv2019Import from "ajv/dist/2019";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormatsImport from "ajv-formats";
import { parse } from "yaml";
import { AUTOMATICO_FIXES } from "./schema-automatico";

/** The copy of the BCB document this module reads. */
export const DOCUMENT_PATH = fileURLToPath(new URL("./bcb-api-pix-2.9.0.openapi.yaml", import.meta.url));

// ajv and ajv-formats are CommonJS: under ESM interop their default export may arrive wrapped.
const Ajv2019 = ((Ajv2019Import as unknown as { default?: typeof Ajv2019Import }).default ?? Ajv2019Import) as typeof Ajv2019Import;
const addFormats = ((addFormatsImport as unknown as { default?: typeof addFormatsImport }).default ?? addFormatsImport) as typeof addFormatsImport;

type Json = Record<string, any>;

/** One entry of `violacoes` in the document's problem (`Violacao`). */
export interface Violacao {
  razao: string;
  propriedade?: string;
  valor?: string;
}

/** A mend of the document: where, what it said, and why the simulator reads it otherwise. */
export interface Fix {
  where: string;
  why: string;
  apply(schemas: Json): void;
}

export function expectValue(actual: unknown, expected: unknown, where: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`the BCB document changed at ${where}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(actual)}; review FIXES in schema.ts`);
  }
}

/** The document's contradictions the simulator mends (components.schemas). */
export const FIXES: Fix[] = [
  {
    where: "PixConsultados.required",
    why: "requires `cobs` (copied from CobsConsultadas), which PixConsultados does not declare: its list is `pix`",
    apply(s) {
      expectValue(s.PixConsultados.required, ["parametros", "cobs"], this.where);
      s.PixConsultados.required = ["parametros", "pix"];
    },
  },
  {
    where: "DadosRecebedor.required",
    why: "requires logradouro, cidade, uf and cep at the root of a CobVGerada (beside txid); they belong to `recebedor`, whose own allOf already requires them",
    apply(s) {
      expectValue(s.DadosRecebedor.required, ["logradouro", "cidade", "uf", "cep"], this.where);
      delete s.DadosRecebedor.required;
    },
  },
  {
    where: "CobVGerada.properties.location",
    why: "CobVGerada requires `location` but declares it nowhere; it gets CobGerada's declaration",
    apply(s) {
      expectValue(s.CobVGerada.required.includes("location"), true, `${this.where} (required)`);
      const declared = s.CobGerada.allOf.find((b: Json) => b.properties?.location)?.properties.location;
      expectValue(declared?.format, "uri", "CobGerada location");
      s.CobVGerada.allOf.push({ type: "object", properties: { location: structuredClone(declared) } });
    },
  },
  {
    where: "location (CobGerada, CobVGerada, PayloadLocation): format uri",
    why: "the document's examples (`pix.example.com/qr/…`) and the BR Code carry the location without a scheme, which format `uri` refuses: host and path, no scheme",
    apply(s) {
      const locations = [
        s.CobGerada.allOf.find((b: Json) => b.properties?.location).properties.location,
        s.CobVGerada.allOf.find((b: Json) => b.properties?.location).properties.location,
        s.PayloadLocation.properties.location,
      ];
      for (const location of locations) {
        expectValue(location.format, "uri", this.where);
        delete location.format;
        location.pattern = "^(?![a-zA-Z][a-zA-Z0-9+.-]*://)[\\x21-\\x7e]+$";
      }
    },
  },
  {
    where: "CobBase.properties.infoAdicionais.maximum",
    why: "`maximum: 50` on an array constrains nothing (it applies to numbers): the intent is at most 50 items",
    apply(s) {
      const info = s.CobBase.properties.infoAdicionais;
      expectValue([info.type, info.maximum], ["array", 50], this.where);
      delete info.maximum;
      info.maxItems = 50;
    },
  },
  {
    where: "CobValor.properties.retirada.oneOf and CobVValor.properties.desconto.oneOf",
    why: "branches that require nothing all match any object, so `oneOf` (exactly one) refuses every value: each branch requires the member that tells it apart (saque, troco; descontoDataFixa)",
    apply(s) {
      const retirada = s.CobValor.properties.retirada.oneOf;
      expectValue(retirada.map((b: Json) => [Object.keys(b.properties), b.required ?? null]), [[["saque"], null], [["troco"], null]], this.where);
      retirada[0].required = ["saque"];
      retirada[1].required = ["troco"];
      const desconto = s.CobVValor.properties.desconto.oneOf;
      expectValue([Object.keys(desconto[0].properties), desconto[0].required ?? null], [["descontoDataFixa"], null], this.where);
      desconto[0].required = ["descontoDataFixa"];
    },
  },
];

/** The document's pattern as a whole-value ECMA-262 pattern. */
export function wholeValuePattern(pattern: string): string {
  const bare = /^\/(.*)\/$/.exec(pattern)?.[1] ?? pattern;
  const start = bare.startsWith("^") ? bare.slice(1) : bare;
  const core = start.endsWith("$") && !start.endsWith("\\$") ? start.slice(0, -1) : start;
  return `^(?:${core})$`;
}

const DROPPED = new Set(["example", "examples", "description", "default", "discriminator", "xml", "externalDocs"]);
const BRANCHES = new Set(["allOf", "oneOf", "anyOf"]);
export const SCHEMA_ID = "https://pix.bcb.gov.br/api-pix-2.9.0/schemas";

/**
 * One OpenAPI schema as JSON Schema 2019-09. `entry`: an instance value sits here (a body's root,
 * a property's value, an array item), so the object is closed; a composition branch is not.
 */
export function toJsonSchema(schema: unknown, entry: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, entry));
  if (!schema || typeof schema !== "object") return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (DROPPED.has(key) || key.startsWith("x-")) continue;
    if (key === "nullable") continue; // handled below (the 2.9.0 document has none)
    if (key === "$ref") out.$ref = String(value).replace(/^#\/components\/schemas\//, `${SCHEMA_ID}#/$defs/`);
    else if (key === "pattern") out.pattern = wholeValuePattern(String(value));
    else if (key === "properties") out.properties = Object.fromEntries(Object.entries(value as Json).map(([name, s]) => [name, toJsonSchema(s, true)]));
    else if (key === "items" || key === "additionalProperties") out[key] = typeof value === "object" ? toJsonSchema(value, true) : value;
    else if (BRANCHES.has(key)) out[key] = (value as unknown[]).map((s) => toJsonSchema(s, false));
    else if (key === "not") out.not = toJsonSchema(value, false);
    else out[key] = value;
  }
  if ((schema as Json).nullable === true && typeof out.type === "string") out.type = [out.type, "null"];
  if (entry) out.unevaluatedProperties = false;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Operations

/** A parameter of an operation: where it goes and its JSON Schema. */
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: Json;
  /** The JSON type a query string's text is read as. */
  type: "string" | "integer" | "boolean" | "number";
}

/** What the document says of one answer status of an operation. */
interface ResponseSpec {
  /** Media types the document lists; empty: the answer has no body. */
  mediaTypes: string[];
  /** The body's validator (compiled on first use); undefined when the answer has no body. */
  validator?: () => ValidateFunction;
}

/** One operation of the document, compiled. */
export interface Operation {
  /** "PUT /cob/{txid}" */
  key: string;
  method: string;
  template: string;
  parameters: Parameter[];
  /** Validators of the path's and the query's parameters, as one object each (compiled on first use). */
  pathValidator: () => ValidateFunction;
  queryValidator: () => ValidateFunction;
  body?: { mediaTypes: string[]; validator: () => ValidateFunction };
  responses: Map<number, ResponseSpec>;
  /** The OAuth2 scopes the document asks of a token for this operation. */
  scopes: string[];
}

/** The statuses the document's "Gerais" section allows from any endpoint, with a `Problema` body. */
export const GENERAL_STATUSES = new Set([400, 403, 404, 410, 500, 503, 504]);

/** The compiled document: operations by key and the few standalone schemas. */
export interface ApiPixSchemas {
  operations: Map<string, Operation>;
  /** The callback body (`WebhookPixBody`): `{"pix": [Pix…]}`. */
  validateCallback: ValidateFunction;
  /** The PIX Automático callbacks' bodies: `{"recs": [RecNotification…]}` and `{"cobsr": [CobRNotification…]}`. */
  validateRecCallback: ValidateFunction;
  validateCobrCallback: ValidateFunction;
  validateProblem: ValidateFunction;
  /** The document's version (info.version). */
  version: string;
}

function resolve(doc: Json, node: Json): Json {
  let current = node;
  for (let i = 0; current?.$ref && String(current.$ref).startsWith("#/components/") && !String(current.$ref).startsWith("#/components/schemas/"); i++) {
    if (i > 10) throw new Error(`ref loop at ${current.$ref}`);
    current = String(current.$ref)
      .slice(2)
      .split("/")
      .reduce((o: Json, k) => o?.[k], doc);
  }
  return current;
}

/** The JSON type a parameter's schema describes (through refs and allOf). */
function typeOf(doc: Json, schema: Json): Parameter["type"] {
  const seen: Json[] = [schema];
  while (seen.length) {
    const s = seen.shift()!;
    if (typeof s.type === "string") return s.type as Parameter["type"];
    if (s.$ref) seen.push(String(s.$ref).slice(2).split("/").reduce((o: Json, k) => o?.[k], doc));
    for (const b of s.allOf ?? []) seen.push(b);
  }
  return "string";
}

let cached: ApiPixSchemas | undefined;

/** Reads and compiles the document once per process. */
export function apiPixSchemas(): ApiPixSchemas {
  cached ??= compile(parse(readFileSync(DOCUMENT_PATH, "utf8")) as Json);
  return cached;
}

function compile(doc: Json): ApiPixSchemas {
  const schemas = structuredClone(doc.components.schemas) as Json;
  for (const fix of [...FIXES, ...AUTOMATICO_FIXES]) fix.apply(schemas);
  const ajv = new Ajv2019({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: SCHEMA_ID, $defs: Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, toJsonSchema(s, false)])) });
  const compileEntry = (schema: Json) => ajv.compile(toJsonSchema(schema, true) as Json);
  // Compiling all 51 operations' schemas takes seconds: each validator is compiled when first used.
  const lazy = (make: () => ValidateFunction) => {
    let made: ValidateFunction | undefined;
    return () => (made ??= make());
  };

  const operations = new Map<string, Operation>();
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    for (const method of ["get", "put", "post", "patch", "delete"]) {
      const op = (item as Json)[method];
      if (!op) continue;
      const parameters: Parameter[] = [...((item as Json).parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => {
        const r = resolve(doc, p);
        return { name: r.name, in: r.in, required: r.required === true, schema: r.schema, type: typeOf(doc, r.schema) };
      });
      const objectOf = (where: "path" | "query") => {
        const ps = parameters.filter((p) => p.in === where);
        return lazy(() => ajv.compile({
          type: "object",
          properties: Object.fromEntries(ps.map((p) => [p.name, toJsonSchema(p.schema, true)])),
          required: ps.filter((p) => p.required).map((p) => p.name),
          additionalProperties: false,
        }));
      };
      let body: Operation["body"];
      if (op.requestBody) {
        const rb = resolve(doc, op.requestBody);
        const content = Object.values(rb.content as Json)[0] as Json;
        body = { mediaTypes: Object.keys(rb.content), validator: lazy(() => compileEntry(content.schema)) };
      }
      const responses = new Map<number, ResponseSpec>();
      for (const [status, r] of Object.entries((op.responses ?? {}) as Json)) {
        const resolved = resolve(doc, r as Json);
        const content = (resolved.content ?? {}) as Json;
        const mediaTypes = Object.keys(content);
        const schema = mediaTypes.map((m) => content[m].schema).find(Boolean);
        responses.set(Number(status), { mediaTypes, validator: schema ? lazy(() => compileEntry(schema)) : undefined });
      }
      const scopes = ((op.security ?? doc.security ?? []) as Json[]).flatMap((s) => (s.OAuth2 ?? []) as string[]);
      const key = `${method.toUpperCase()} ${template}`;
      operations.set(key, {
        key,
        method: method.toUpperCase(),
        template,
        parameters,
        pathValidator: objectOf("path"),
        queryValidator: objectOf("query"),
        body,
        responses,
        scopes,
      });
    }
  }

  const callback = doc.paths["/webhook/{chave}"].put.callbacks.listaPix["{$request.body#/webhookUrl}/pix"].post;
  const callbackBody = resolve(doc, callback.requestBody);
  return {
    operations,
    validateCallback: compileEntry(callbackBody.content["application/json"].schema),
    validateRecCallback: compileEntry(callbackSchema(doc, "/webhookrec", "rec")),
    validateCobrCallback: compileEntry(callbackSchema(doc, "/webhookcobr", "cobr")),
    validateProblem: compileEntry({ $ref: "#/components/schemas/Problema" }),
    version: String(doc.info.version),
  };
}

/** The body schema of the callback `name` that registering at `path` (PUT) promises. */
function callbackSchema(doc: Json, path: string, name: string): Json {
  const callback = doc.paths[path].put.callbacks[name][`{$request.body#/webhookUrl}/${name}`].post;
  return resolve(doc, callback.requestBody).content["application/json"].schema;
}

// ---------------------------------------------------------------------------------------------
// Errors as the document's violations

/** A JSON value as a `Violacao.valor` (a string in the document), cut to a readable length. */
function shown(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

function valueAt(root: unknown, pointer: string): unknown {
  if (!pointer) return root;
  return pointer
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((o: any, k) => (o == null ? undefined : o[k]), root);
}

/**
 * ajv's errors as the document's `violacoes`: `propriedade` is the field's dotted path under
 * `prefix` (`cob.valor.original`, as the document's examples name them), `valor` what was sent.
 * A failed `oneOf`/`anyOf` also lists its branches' errors; they are kept (they say why each
 * alternative did not fit) but a violation is named once.
 */
export function violationsOf(errors: ErrorObject[] | null | undefined, instance: unknown, prefix: string): Violacao[] {
  const out: Violacao[] = [];
  const seen = new Set<string>();
  // A value of the wrong type also "has unevaluated properties": that says nothing more.
  const mistyped = new Set((errors ?? []).filter((e) => e.keyword === "type").map((e) => e.instancePath));
  for (const e of errors ?? []) {
    if (e.keyword === "unevaluatedProperties" && mistyped.has(e.instancePath)) continue;
    const path = e.instancePath
      .split("/")
      .slice(1)
      .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    let field = path;
    let razao: string;
    if (e.keyword === "unevaluatedProperties" || e.keyword === "additionalProperties") {
      const extra = String((e.params as Json).unevaluatedProperty ?? (e.params as Json).additionalProperty);
      field = [...path, extra];
      razao = `O campo ${name(prefix, field)} não é definido pelo _schema_.`;
    } else if (e.keyword === "required") {
      field = [...path, String((e.params as Json).missingProperty)];
      razao = `O campo ${name(prefix, field)} é obrigatório.`;
    } else {
      razao = `O campo ${name(prefix, field)} não respeita o _schema_ (${e.message ?? e.keyword}).`;
    }
    const propriedade = name(prefix, field);
    const key = `${propriedade}\n${razao}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const valor = e.keyword === "required" ? undefined : shown(valueAt(instance, e.keyword === "unevaluatedProperties" || e.keyword === "additionalProperties" ? `${e.instancePath}/${field.at(-1)}` : e.instancePath));
    out.push({ razao, propriedade, ...(valor !== undefined ? { valor } : {}) });
  }
  return out;
}

/** `cob` + ["pix", "0", "valor"] → "cob.pix[0].valor" */
function name(prefix: string, path: string[]): string {
  return [prefix, ...path].filter(Boolean).reduce((text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part), "");
}

/**
 * A query string's parameters as the JSON the operation's schema describes: integers and booleans
 * read from their text when they are well-formed (otherwise left as text, which the schema then
 * refuses). A repeated parameter is a violation.
 */
export function readQuery(op: Operation, search: URLSearchParams): { query: Json; violations: Violacao[] } {
  const query: Json = {};
  const violations: Violacao[] = [];
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    if (values.length > 1) violations.push({ razao: `O parâmetro ${key} foi informado mais de uma vez.`, propriedade: key });
    const text = values[0]!;
    const type = op.parameters.find((p) => p.in === "query" && p.name === key)?.type ?? "string";
    if (type === "integer" && /^-?\d{1,15}$/.test(text)) query[key] = Number(text);
    else if (type === "number" && text.trim() !== "" && Number.isFinite(Number(text))) query[key] = Number(text);
    else if (type === "boolean" && (text === "true" || text === "false")) query[key] = text === "true";
    else query[key] = text;
  }
  return { query, violations };
}
