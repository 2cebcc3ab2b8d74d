/**
 * The OpenAPI document as clients read it: what @hono/zod-openapi generates, with request bodies'
 * defaults stated in words.
 *
 * A request field with a zod `.default()` (e.g. `expirationSeconds`) is optional: the server fills
 * it in. openapi-typescript with its default options (`defaultNonNullable`) types a property that
 * carries a `default` as always present: right for a response, wrong for a request. It exempts
 * inline request bodies but not the component schemas ours `$ref` (openapi-typescript issues 1903
 * and 2012), so a typed client had to send every defaulted field. Here each schema a request body
 * reaches loses its properties' `default` keywords, and their descriptions say the default instead
 * (the zod schemas, and so validation, keep `.default()`). test/typed-client.test.ts compiles a
 * client that leaves them out.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The schemas nested in a schema: properties, items, combinators. */
function childrenOf(schema: Json): unknown[] {
  const out: unknown[] = [];
  if (isObject(schema.properties)) out.push(...Object.values(schema.properties));
  if (isObject(schema.patternProperties)) out.push(...Object.values(schema.patternProperties));
  for (const key of ["items", "additionalProperties", "not", "if", "then", "else", "contains"]) out.push(schema[key]);
  for (const key of ["allOf", "anyOf", "oneOf", "prefixItems"]) if (Array.isArray(schema[key])) out.push(...(schema[key] as unknown[]));
  return out;
}

/** Moves each property's `default` into its description ("Default: 3600."), unless it already names it. */
function stateDefaultsInWords(schema: Json): void {
  if (!isObject(schema.properties)) return;
  for (const property of Object.values(schema.properties)) {
    if (!isObject(property) || !("default" in property)) continue;
    const value = property.default;
    delete property.default;
    const description = typeof property.description === "string" ? property.description.trim() : "";
    if (/\b[Dd]efault\b/.test(description)) continue;
    const sentence = description === "" || /[.!?]$/.test(description) ? description : `${description}.`;
    property.description = `${sentence}${sentence ? " " : ""}Default: \`${typeof value === "string" ? value : JSON.stringify(value)}\`.`;
  }
}

/**
 * Rewrites `document` in place (and returns it): every schema reachable from a request body,
 * through `$ref`s to `#/components/schemas/…` too, states its properties' defaults in words.
 */
export function requestDefaultsInWords<D>(document: D): D {
  const doc = document as Json;
  const components = (isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {}) as Json;
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    if (typeof node.$ref === "string" && node.$ref.startsWith("#/components/schemas/")) visit(components[node.$ref.slice("#/components/schemas/".length)]);
    stateDefaultsInWords(node);
    childrenOf(node).forEach(visit);
  };
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !isObject(operation.requestBody) || !isObject(operation.requestBody.content)) continue;
      for (const media of Object.values(operation.requestBody.content)) if (isObject(media)) visit(media.schema);
    }
  }
  return document;
}
