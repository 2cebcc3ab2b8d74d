/** Settlements and chargebacks (GET /v1/settlements, GET /v1/chargebacks, their sandbox triggers). */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/context";

/** The routes. */
export const settlementsRoutes = new OpenAPIHono<AppEnv>();
