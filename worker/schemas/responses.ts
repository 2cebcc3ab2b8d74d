/** OpenAPI response helpers: JSON bodies, and the problem+json errors every route declares. */
import { z } from "@hono/zod-openapi";
import { ERROR_CODES, type ErrorCode } from "../lib/problem";

const FieldErrorSchema = z
  .object({
    path: z.string().openapi({ example: "address.zipCode", description: "JSON path of the invalid field." }),
    in: z.enum(["body", "query", "path", "header"]),
    code: z.string().openapi({ example: "invalid_zip_code", description: "A field code: one of those listed on `{base}/docs/errors#field-codes`; never `custom`." }),
    message: z.string(),
  })
  .openapi("FieldError");

/** RFC 9457 problem details, as every error response carries them. */
export const ProblemSchema = z
  .object({
    type: z.string().openapi({
      example: "https://pay.example.com/docs/errors#VALIDATION_FAILED",
      description: "A link to the code's entry on the errors page this service serves: `{base}/docs/errors#CODE`.",
    }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    instance: z.string().optional(),
    requestId: z.string().optional(),
    errors: z.array(FieldErrorSchema).optional(),
  })
  .openapi("Problem", {
    // What POST /v1/buyers answered for a 4-digit CEP: the reference shows a real problem, not "string".
    example: {
      type: "https://pay.example.com/docs/errors#VALIDATION_FAILED",
      title: "The request has invalid fields",
      status: 400,
      detail: "Invalid value for address.zipCode: a Brazilian CEP has 8 digits",
      code: "VALIDATION_FAILED",
      instance: "/v1/buyers",
      requestId: "req_81d4f9ef-35e8-422f-8e64-cad7d16ce9b3",
      errors: [{ path: "address.zipCode", in: "body", code: "invalid_zip_code", message: "a Brazilian CEP has 8 digits" }],
    },
  });

const DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: see `errors[]` for each invalid field.",
  401: "Missing, unknown or revoked API key, or a publishable key on a server-only route.",
  403: "No permission for this resource.",
  404: "Not found (or owned by another seller).",
  409: "Conflict with the resource's current state.",
  422: "The request is well-formed but cannot be processed.",
  503: "The service or its database is unavailable.",
};

/** The `responses` entries for the given error statuses, all problem+json. */
export function problemResponses<S extends number>(...statuses: S[]) {
  const out = {} as Record<S, { description: string; content: { "application/problem+json": { schema: typeof ProblemSchema } } }>;
  for (const status of statuses) {
    out[status] = {
      description: DESCRIPTIONS[status] ?? "Error.",
      content: { "application/problem+json": { schema: ProblemSchema } },
    };
  }
  return out;
}

/** The security requirement of a route that takes a secret key in either header. */
export const SECRET_KEY_SECURITY: Array<Record<string, string[]>> = [{ ApiKeyHeader: [] }, { ApiKeyAuthorization: [] }];

/** A JSON response entry for `createRoute`. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/**
 * A required JSON request body for `createRoute`, with a whole-body example that the API accepts as
 * it is: Scalar's "try it" and generated SDK samples send it (fields' own examples, combined,
 * break the rules across fields). Typed as the schema's input, so tsc checks its shape;
 * test/openapi.examples.test.ts sends every one and expects a 2xx.
 */
export function jsonBody<T extends z.ZodType>(schema: T, example: z.input<T>) {
  return { required: true, content: { "application/json": { schema, example } } };
}
