/**
 * /v1/sandbox/pix-automatico/{id}/approve | reject | cancel: in test mode, the payer's bank
 * answering a PIX_AUTOMATICO subscription's recurrence (domain/pix-automatico/sandbox.ts). A live
 * key gets the same 404 as a route that does not exist, as every sandbox route.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { sandboxPayerAnswer, type SandboxPayerAction } from "../domain/pix-automatico/sandbox";
import { route } from "../http/access";
import { scopeOf } from "../http/auth";
import type { AppEnv } from "../http/context";
import { idParam } from "../schemas/ids";
import { jsonResponse as json, problemResponses } from "../schemas/responses";
import { SubscriptionSchema } from "../schemas/subscription";

const WHAT: Record<SandboxPayerAction, { summary: string; description: string }> = {
  approve: {
    summary: "Simulate the payer approving a PIX Automático authorization (test mode)",
    description:
      "CREATED → APPROVED (SUBSCRIPTION_AUTHORIZATION_APPROVED). Journey 3 pays its composite QR: the first charge is PAID, invoice 0 PAID and the subscription ACTIVE (SUBSCRIPTION_RENEWED); with a trial it is TRIALING; journey 1 without a trial is ACTIVE once its first charge is paid.",
  },
  reject: {
    summary: "Simulate the payer rejecting a PIX Automático authorization (test mode)",
    description: "CREATED → REJECTED: the subscription is INCOMPLETE_EXPIRED (SUBSCRIPTION_AUTHORIZATION_REJECTED), its open invoice VOID and its pending PIX charge cancelled.",
  },
  cancel: {
    summary: "Simulate the payer cancelling a PIX Automático authorization (test mode)",
    description:
      "→ CANCELLED by the payer (SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER): an ACTIVE or PAST_DUE subscription is cancelled at its period's end (`cancelAtPeriodEnd`), any other now.",
  },
};

const routeOf = (action: SandboxPayerAction) =>
  route({ caller: "secret", testModeOnly: true }, {
    method: "post",
    path: `/v1/sandbox/pix-automatico/{id}/${action}`,
    tags: ["Sandbox"],
    operationId: `sandboxPixAutomatico${action[0]!.toUpperCase()}${action.slice(1)}`,
    ...WHAT[action],
    request: { params: idParam("id") },
    responses: { 200: json(SubscriptionSchema, "The subscription after the payer's answer."), ...problemResponses(400, 401, 404, 409) },
  });

/** The sandbox's payer's bank for PIX Automático. */
export const sandboxPixAutomaticoRoutes = new OpenAPIHono<AppEnv>()
  .openapi(routeOf("approve"), async (c) => c.json(await sandboxPayerAnswer(c.get("platform"), scopeOf(c), c.req.valid("param").id, "approve"), 200))
  .openapi(routeOf("reject"), async (c) => c.json(await sandboxPayerAnswer(c.get("platform"), scopeOf(c), c.req.valid("param").id, "reject"), 200))
  .openapi(routeOf("cancel"), async (c) => c.json(await sandboxPayerAnswer(c.get("platform"), scopeOf(c), c.req.valid("param").id, "cancel"), 200));
