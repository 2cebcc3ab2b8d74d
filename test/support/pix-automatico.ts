/**
 * PIX Automático test helpers, shared by the Node and workerd tests: subscribe a new buyer to a
 * new monthly plan with PIX_AUTOMATICO, and play the sandbox's payer.
 */
import { expectJson, plan, subscribe, subscriber, type Sender } from "./subscriptions";

/** A PIX_AUTOMATICO subscription of a new buyer to a new plan (monthly unless `planOverrides` say otherwise). */
export async function pixAutomaticoSubscription(ctx: Sender, body: Record<string, unknown> = {}, planOverrides: Record<string, unknown> = {}) {
  const { buyerId } = await subscriber(ctx);
  const p = await plan(ctx, planOverrides);
  return subscribe(ctx, { planId: p.id, buyerId, paymentMethod: "PIX_AUTOMATICO", ...body });
}

/** The sandbox payer's answer (200): the subscription after it. */
export function payerAnswers(ctx: Sender, subscriptionId: string, action: "approve" | "reject" | "cancel") {
  return expectJson(ctx.send, "POST", `/v1/sandbox/pix-automatico/${subscriptionId}/${action}`, undefined, 200);
}

/** The payer's account of journey 1 (a valid CPF, an ISPB, branch and account). */
export const PAYER_ACCOUNT = { document: "52998224725", ispb: "60701190", branch: "0001", number: "123456" };
