/**
 * Reading the dashboard API's inputs with zod, failing as /v1 does: 400 VALIDATION_FAILED naming
 * each field (http/body.ts has already refused a body that is not JSON).
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../http/context";
import { fieldErrors, validationError } from "../lib/validation";

/** The request's JSON body (`{}` when empty) as `schema` reads it. */
export async function dashboardBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  const input: unknown = text === "" ? {} : JSON.parse(text);
  return parsed(schema, input, "body");
}

/** The request's query as `schema` reads it. */
export function dashboardQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  return parsed(schema, c.req.query(), "query");
}

function parsed<S extends z.ZodType>(schema: S, input: unknown, where: "body" | "query"): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(fieldErrors(result.error, where, input));
  return result.data;
}
