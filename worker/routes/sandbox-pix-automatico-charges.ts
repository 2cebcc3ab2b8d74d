/**
 * `POST /v1/sandbox/pix-automatico/{id}/next-charge`: how the sandbox's payer's bank ends the next
 * charge instruction of a PIX Automático subscription (domain/subscriptions/automatico-sandbox.ts).
 * Test keys only (a live key gets the 404 of a route that does not exist); another seller's
 * subscription, or one not paid by PIX_AUTOMATICO, is a 404.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { setNextChargeOutcome } from "../domain/subscriptions/automatico-sandbox";
import { route } from "../http/access";
import { scopeOf } from "../http/auth";
import type { AppEnv } from "../http/context";
import { validationHookAs } from "../lib/validation";
import { idParam } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { SANDBOX_CHARGE_OUTCOMES } from "../../shared/subscriptions";

const OutcomeSchema = z.enum(SANDBOX_CHARGE_OUTCOMES).openapi({
  description: "PAID: paid on its due date. INSUFFICIENT_FUNDS: every attempt fails for funds (no retry succeeds). RETRIED_THEN_PAID: the first attempt fails, the first retry pays (under NAO_PERMITE there is no retry: it fails).",
});
const NextChargeBody = z.object({ outcome: OutcomeSchema }).strict().openapi("SandboxNextCharge");
const NextChargeAnswer = z
  .object({ subscriptionId: z.string().uuid(), nextChargeOutcome: OutcomeSchema })
  .openapi("SandboxNextChargeSet", { example: { subscriptionId: "9b2e7c1a-4f3d-4e8b-a6c5-2d1f0e9b8a74", nextChargeOutcome: "RETRIED_THEN_PAID" } });

const nextChargeRoute = route({ caller: "secret", testModeOnly: true }, {
  method: "post",
  path: "/v1/sandbox/pix-automatico/{id}/next-charge",
  tags: ["Sandbox"],
  operationId: "sandboxSetPixAutomaticoNextCharge",
  summary: "Choose how the next PIX Automático charge ends (test mode)",
  description: "Applied to the subscription's next charge instruction when billing issues it, then cleared (unset: PAID).",
  request: { params: idParam("id"), body: jsonBody(NextChargeBody, { outcome: "RETRIED_THEN_PAID" }) },
  responses: { 200: json(NextChargeAnswer, "The setting."), ...problemResponses(400, 401, 404, 422) },
});

/** The sandbox's PIX Automático charge routes. */
export const sandboxPixAutomaticoChargeRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHookAs("INVALID_DATA") }).openapi(nextChargeRoute, async (c) => {
  const { id } = c.req.valid("param");
  return c.json(await setNextChargeOutcome(c.get("platform"), scopeOf(c), id, c.req.valid("json").outcome), 200);
});
