/**
 * The PIX URLs a payer's bank and a buyer's browser fetch: outside /v1, without a key, because
 * they are reached through the QR code. The location ids in them are unguessable (docs/pix.md).
 *
 * - GET /pix/loc/{locationId}: the charge as a compact JWS (`application/jose`) of the BCB cob
 *   payload, signed ES256 with `jku` naming the JWKS; its status follows the transaction.
 * - GET /pix/qr/{locationId}: the QR image of the BR Code, SVG (default) or PNG (?format=png).
 * - GET /pix/jwks.json: the public key that verifies the JWS.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { cors } from "hono/cors";
import { publicJwks, signJws } from "../domain/pix/jws";
import { pixChargeAt } from "../domain/pix/charge";
import { cobPayload, jwksUrl, locationUrl, PIX_PATHS, signingKeyFor } from "../domain/pix/location";
import { qrPng, qrSvg } from "../domain/pix/qr-image";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { ApiError } from "../lib/problem";
import type { Platform } from "../platform";
import { problemResponses } from "../schemas/responses";

const LocationParam = z.object({
  locationId: z.string().openapi({ param: { name: "locationId", in: "path" }, example: "q8Yc3kT0aZ…" }),
});

/** The charge behind a location id, or a 404 for anything else. */
async function chargeAt(platform: Platform, locationId: string, lookedAt = false) {
  const charge = await pixChargeAt(platform, locationId, lookedAt);
  if (!charge) throw new ApiError("RESOURCE_NOT_FOUND", "No PIX charge at this location.");
  return charge;
}

const locationRoute = route({ caller: "public", capability: true }, {
  method: "get",
  path: `${PIX_PATHS.location}/{locationId}`,
  tags: ["PIX"],
  operationId: "getPixLocation",
  summary: "The PIX charge as a signed JWS (the BR Code's location URL)",
  // Public: reached by the payer's bank through the QR code, with no key.
  request: { params: LocationParam },
  responses: {
    200: { description: "Compact JWS (ES256) of the BCB cob payload.", content: { "application/jose": { schema: z.string() } } },
    ...problemResponses(404),
  },
});

const qrRoute = route({ caller: "public", capability: true }, {
  method: "get",
  path: `${PIX_PATHS.qr}/{locationId}`,
  tags: ["PIX"],
  operationId: "getPixQrCode",
  summary: "The QR image of the charge's BR Code",
  request: {
    params: LocationParam,
    query: z.object({
      format: z
        .enum(["svg", "png"], { error: "must be svg or png" })
        .default("svg")
        .openapi({ param: { name: "format", in: "query" } }),
    }),
  },
  responses: {
    200: {
      description: "The QR code image.",
      content: {
        "image/svg+xml": { schema: z.string() },
        "image/png": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    ...problemResponses(400, 404),
  },
});

const jwksRoute = route("public", {
  method: "get",
  path: PIX_PATHS.jwks,
  tags: ["PIX"],
  operationId: "getPixJwks",
  summary: "The public keys that verify PIX location JWS",
  responses: {
    200: {
      description: "JWK Set (RFC 7517).",
      content: { "application/json": { schema: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) } },
    },
  },
});

/** The public PIX routes. */
export const pixPublicRoutes = new OpenAPIHono<AppEnv>();
// Payer apps and the checkout widget fetch these from other origins.
pixPublicRoutes.use("/pix/*", cors({ origin: "*", allowMethods: ["GET"] }));
pixPublicRoutes
  .openapi(locationRoute, async (c) => {
    const platform = c.get("platform");
    // The payer's bank reads the charge: someone is paying it (payment-links/holds.ts).
    const locationId = c.req.valid("param").locationId;
    const charge = await chargeAt(platform, locationId, true);
    // A charge made at a PSP has the PSP's location (its BR Code names it): this service signs
    // only its own, so it serves no payload for another's charge.
    if (!charge.pixQrCode.includes(locationUrl(platform.config.baseUrl, locationId))) throw new ApiError("RESOURCE_NOT_FOUND", "No PIX charge at this location.");
    const key = await signingKeyFor(platform.config.pixSigningJwk);
    const payload = cobPayload({ ...charge, txid: charge.pixTxid, key: charge.pixKey }, platform.now());
    const jws = await signJws(key, payload, { jku: jwksUrl(platform.config.baseUrl) });
    return c.body(jws, 200, { "Content-Type": "application/jose", "Cache-Control": "no-store" });
  })
  .openapi(qrRoute, async (c) => {
    const charge = await chargeAt(c.get("platform"), c.req.valid("param").locationId);
    // The image of a charge never changes, so it may be cached.
    const cache = { "Cache-Control": "public, max-age=86400, immutable", "Cross-Origin-Resource-Policy": "cross-origin" };
    if (c.req.valid("query").format === "png") {
      return c.body((await qrPng(charge.pixQrCode)) as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "image/png", ...cache });
    }
    return c.body(await qrSvg(charge.pixQrCode), 200, { "Content-Type": "image/svg+xml", ...cache });
  })
  .openapi(jwksRoute, async (c) => {
    const key = await signingKeyFor(c.get("platform").config.pixSigningJwk);
    return c.json(publicJwks(key) as unknown as { keys: Array<Record<string, unknown>> }, 200, { "Cache-Control": "public, max-age=300" });
  });
