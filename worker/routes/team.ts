/** A seller's team (GET/POST /v1/sellers/{sellerId}/team). */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/context";

/** The routes. */
export const teamRoutes = new OpenAPIHono<AppEnv>();
