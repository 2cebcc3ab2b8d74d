/**
 * Operational routes outside /v1: the readiness and liveness probes (the OpenAPI document and /docs
 * are mounted in app.ts). Both public: load balancers and orchestrators call them without a key
 * (docs/operations.md, "Health probes").
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { migrationsApplied } from "../db/migrations";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { describeError } from "../lib/describe-error";
import { ApiError } from "../lib/problem";
import { jsonResponse, problemResponses } from "../schemas/responses";

const HealthSchema = z
  .object({ status: z.literal("ok"), database: z.literal("reachable"), migrations: z.literal("applied"), time: z.iso.datetime() })
  .openapi("Health");

const LivenessSchema = z.object({ status: z.literal("ok"), time: z.iso.datetime() }).openapi("Liveness");

const healthRoute = route("public", {
  method: "get",
  path: "/health",
  tags: ["System"],
  operationId: "getHealth",
  summary: "Readiness: the database answers and has this version's schema",
  description:
    "Ready to serve: the database answers a query and every migration of this version has been applied. " +
    "503 otherwise: send no traffic here. For a load balancer's health check or a readiness probe.",
  responses: { 200: jsonResponse(HealthSchema, "The service and its database answer; the schema is current."), ...problemResponses(503) },
});

const livenessRoute = route("public", {
  method: "get",
  path: "/health/live",
  tags: ["System"],
  operationId: "getLiveness",
  summary: "Liveness: the process answers",
  description:
    "The process is up and answers HTTP; the database is not asked, so a database outage does not get a healthy " +
    "process restarted. For a liveness probe.",
  responses: { 200: jsonResponse(LivenessSchema, "The process answers.") },
});

/** /health (readiness) and /health/live (liveness). */
export const systemRoutes = new OpenAPIHono<AppEnv>()
  .openapi(healthRoute, async (c) => {
    const { db, now, log } = c.get("platform");
    let applied: boolean;
    try {
      await db.run(sql`select 1`);
      applied = await migrationsApplied(db);
    } catch (err) {
      log({ msg: "health.database_unreachable", level: "error", code: "SERVICE_UNAVAILABLE", error: describeError(err).error });
      throw new ApiError("SERVICE_UNAVAILABLE", "The database is not reachable.");
    }
    if (!applied) {
      log({ msg: "health.migrations_pending", level: "error", code: "SERVICE_UNAVAILABLE" });
      throw new ApiError("SERVICE_UNAVAILABLE", "The database's schema is older than this version: its migrations have not been applied.");
    }
    return c.json({ status: "ok" as const, database: "reachable" as const, migrations: "applied" as const, time: now().toISOString() }, 200);
  })
  .openapi(livenessRoute, (c) => c.json({ status: "ok" as const, time: c.get("platform").now().toISOString() }, 200));
