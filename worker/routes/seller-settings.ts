/**
 * GET and PATCH /v1/sellers/{sellerId}/settings: the seller's settings, today its time zone
 * (domain/seller-settings.ts, docs/sellers.md). The seller itself or its company; anyone else 404.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { readSellerSettings, updateSellerSettings } from "../domain/seller-settings";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { idParam } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { SellerSettingsPatchSchema, SellerSettingsSchema } from "../schemas/seller-settings";

const common = { tags: ["Sellers"], path: "/v1/sellers/{sellerId}/settings", request: { params: idParam("sellerId") } };

const readRoute = route("secret", {
  ...common,
  method: "get",
  operationId: "getSellerSettings",
  summary: "A seller's settings: the time zone of its dashboards' days",
  responses: { 200: json(SellerSettingsSchema, "The settings (defaults when never set)."), ...problemResponses(400, 401, 404) },
});

const updateRoute = route("secret", {
  ...common,
  method: "patch",
  operationId: "updateSellerSettings",
  summary: "Change a seller's settings (only the sent fields)",
  description: "`timeZone` must be an IANA name the runtime knows (`invalid_time_zone` otherwise); it is answered with its usual capitals.",
  request: { ...common.request, body: jsonBody(SellerSettingsPatchSchema, { timeZone: "America/Sao_Paulo" }) },
  responses: { 200: json(SellerSettingsSchema, "The settings."), ...problemResponses(400, 401, 404) },
});

/** The routes. */
export const sellerSettingsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(readRoute, async (c) => c.json(await readSellerSettings(c.get("platform").db, scopeOf(c), c.req.valid("param").sellerId), 200))
  .openapi(updateRoute, async (c) => {
    const platform = c.get("platform");
    const settings = await updateSellerSettings(platform.db, scopeOf(c), c.req.valid("param").sellerId, c.req.valid("json"), platform.now());
    return c.json(settings, 200);
  });
