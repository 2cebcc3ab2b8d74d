/** Fee plans (POST/GET /v1/fee-plans, GET /v1/fee-plans/{id}). */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/context";

/** The routes. */
export const feePlansRoutes = new OpenAPIHono<AppEnv>();
