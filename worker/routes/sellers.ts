/** Sub-sellers (POST/GET /v1/sellers…) and the sandbox KYC decision. */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/context";

/** The routes. */
export const sellersRoutes = new OpenAPIHono<AppEnv>();
