/** Operational routes outside /v1: health (the OpenAPI document and /docs are mounted in app.ts). */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { ApiError } from "../lib/problem";
import { jsonResponse, problemResponses } from "../schemas/responses";

const HealthSchema = z
  .object({ status: z.literal("ok"), database: z.literal("reachable"), time: z.iso.datetime() })
  .openapi("Health");

const healthRoute = route("public", {
  method: "get",
  path: "/health",
  tags: ["System"],
  operationId: "getHealth",
  summary: "Liveness and database reachability",
  // Public: load balancers and monitors call it without a key.
  responses: { 200: jsonResponse(HealthSchema, "The service and its database answer."), ...problemResponses(503) },
});

/** /health. */
export const systemRoutes = new OpenAPIHono<AppEnv>().openapi(healthRoute, async (c) => {
  const { db, now } = c.get("platform");
  try {
    await db.run(sql`select 1`);
  } catch (err) {
    c.get("platform").log({ msg: "health.database_unreachable", error: String(err) });
    throw new ApiError("SERVICE_UNAVAILABLE", "The database is not reachable.");
  }
  return c.json({ status: "ok" as const, database: "reachable" as const, time: now().toISOString() }, 200);
});
