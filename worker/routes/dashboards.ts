/** Dashboards (commission summary, seller overview). */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/context";

/** The routes. */
export const dashboardsRoutes = new OpenAPIHono<AppEnv>();
