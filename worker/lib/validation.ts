/**
 * Turns zod validation failures into one `VALIDATION_FAILED` problem that names every invalid
 * field by its JSON path, so an integrator fixes all of them in one round trip.
 */
import type { Hook } from "@hono/zod-openapi";
import type { z } from "zod";
import { isFieldCode } from "./field-codes";
import { ApiError, type FieldError, type FieldLocation } from "./problem";

const TARGETS: Record<string, FieldLocation> = {
  json: "body",
  query: "query",
  param: "path",
  header: "header",
};

/** `["address", "zipCode"]` → `address.zipCode`; `["items", 0, "amount"]` → `items[0].amount`. */
export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "$";
}

/** True when `path` leads to nothing in `input` (the field was not sent). */
function isAbsent(input: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return true;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value === undefined;
}

/**
 * The field code of a zod issue (lib/field-codes.ts): zod's own code, or for a refinement
 * (zod's `custom`) the code the rule names in `params.code`. A rule that names none is reported
 * as `invalid_value`, never `custom`; test/errors-docs.test.ts fails on such a rule.
 */
function fieldCodeOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== "custom") return issue.code;
  const code: unknown = issue.params?.code;
  return isFieldCode(code) ? code : "invalid_value";
}

/** At most this many field errors are listed: a body of 10 000 unknown keys gets a short answer. */
export const MAX_FIELD_ERRORS = 50;

/** The field errors for a zod error over `input`; unknown keys become one error each. */
export function fieldErrors(error: z.ZodError, where: FieldLocation, input: unknown): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        out.push({
          path: jsonPath([...issue.path, key]),
          in: where,
          code: "unknown_field",
          message: `Unknown field "${key}".`,
        });
      }
      continue;
    }
    const missing = issue.code === "invalid_type" && isAbsent(input, issue.path);
    // One error per field: the first rule it broke (e.g. "digits only" before "too short").
    if (out.some((e) => e.path === jsonPath(issue.path))) continue;
    out.push({
      path: jsonPath(issue.path),
      in: where,
      code: missing ? "required" : fieldCodeOf(issue),
      message: missing ? "Required." : issue.message,
    });
  }
  return out;
}

/**
 * Builds the ApiError for a failed validation, its detail summarising the fields: 400
 * VALIDATION_FAILED, or 422 INVALID_DATA for the bodies the spec answers so (payment links,
 * subscriptions: docs/errors.md, "One kind of mistake, one status").
 */
export function validationError(all: FieldError[], code: "VALIDATION_FAILED" | "INVALID_DATA" = "VALIDATION_FAILED"): ApiError {
  const errors = all.slice(0, MAX_FIELD_ERRORS);
  const more = all.length - errors.length;
  const names = errors.map((e) => (e.path.length > 80 ? `${e.path.slice(0, 80)}…` : e.path));
  const detail =
    all.length === 1
      ? `Invalid value for ${names[0]}: ${errors[0]?.message}`
      : `Invalid values for: ${names.join(", ")}${more ? ` and ${more} more` : ""}.`;
  return new ApiError(code, detail, { errors, extensions: more ? { errorCount: all.length } : undefined });
}

/**
 * A validation hook whose body failures are `code`; `validationHook` is VALIDATION_FAILED's. A
 * path, query or header parameter that fails is always 400 VALIDATION_FAILED, whatever `code`:
 * a malformed id or page size is a mistake in the request, not data the spec calls unacceptable,
 * and every /v1 operation documents its 400 for it (docs/errors.md).
 */
export function validationHookAs(code: "VALIDATION_FAILED" | "INVALID_DATA"): Hook<any, any, any, any> {
  return (result) => {
    if (!result.success) {
      const where = TARGETS[result.target] ?? "body";
      // zod-validator passes the raw input as `data` (its type leaves it out on failure).
      const input = (result as { data?: unknown }).data;
      throw validationError(fieldErrors(result.error as z.ZodError, where, input), where === "body" ? code : "VALIDATION_FAILED");
    }
  };
}

/** The defaultHook given to every OpenAPIHono: throws, so `app.onError` answers. */
export const validationHook: Hook<unknown, any, any, any> = validationHookAs("VALIDATION_FAILED");
