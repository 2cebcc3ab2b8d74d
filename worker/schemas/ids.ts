/** Resource ids as the API accepts them. */
import { z } from "@hono/zod-openapi";

/**
 * A resource id: a UUID in any case, lower-cased, because ids are stored as
 * `crypto.randomUUID()` writes them and a UUID is case-insensitive.
 */
export const ResourceId = z.uuid("must be a UUID").toLowerCase();

/**
 * A path parameter object `{ [name]: ResourceId }` for `createRoute`. The document gives it
 * `format: uuid`: that is what tells `/v1/subscriptions/{id}/cancel` from
 * `/v1/subscriptions/plans/{id}` for a tool or a generated client (test/openapi.ambiguous-paths.test.ts).
 */
export function idParam<N extends string>(name: N) {
  return z.object({ [name]: ResourceId.openapi({ param: { name, in: "path" } }) } as { [K in N]: typeof ResourceId });
}
