/** GET /v1/payments/config. */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/context";

/** The routes. */
export const paymentsConfigRoutes = new OpenAPIHono<AppEnv>();
