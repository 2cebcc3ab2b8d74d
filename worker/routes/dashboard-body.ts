/**
 * Reading the dashboard API's inputs with zod, failing as /v1 does: 400 VALIDATION_FAILED naming
 * each field (http/body.ts has already refused a body that is not JSON); a path id that is not a
 * UUID names nothing, so it is the 404 of the resource.
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../http/context";
import { notFound } from "../lib/problem";
import { fieldErrors, validationError } from "../lib/validation";
import { ResourceId } from "../schemas/ids";

/** The request's JSON body (`{}` when empty) as `schema` reads it. */
export async function dashboardBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  // An empty or blank body is "no fields" (http/body.ts let it through, as it does on /v1).
  const input: unknown = text.trim() === "" ? {} : JSON.parse(text);
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

/** The path's `:id`, or the 404 of `what` (an id that is not a UUID names no resource). */
export function pathId(c: Context<AppEnv>, what: string): string {
  const parsed = ResourceId.safeParse(c.req.param("id"));
  if (!parsed.success) throw notFound(what, c.req.param("id") ?? "");
  return parsed.data;
}
