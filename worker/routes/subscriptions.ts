/**
 * /v1/subscriptions: create, list, read, change and cancel a seller's subscriptions, read their
 * invoices, and set the card retry schedule (domain/subscriptions/; docs/subscriptions.md). Plans
 * are routes/subscription-plans.ts, mounted before these so `plans` is never read as an id.
 * Invalid subscription data in a body is a 422 INVALID_DATA naming the field, as the spec answers
 * it; a malformed id or query is 400 VALIDATION_FAILED, as on every /v1 route (lib/validation.ts).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { SUBSCRIPTION_STATUSES } from "../../shared/subscriptions";
import { createSubscription } from "../domain/subscriptions/create";
import { cancelSubscription, getSubscription, listInvoices, listSubscriptions, readSettings, updateSubscription, writeSettings } from "../domain/subscriptions/manage";
import { toSubscription } from "../domain/subscriptions/store";
import { withPixAutomatico } from "../domain/pix-automatico/store";
import type { Platform } from "../platform";
import { route } from "../http/access";
import { scopeOf } from "../http/auth";
import type { AppEnv } from "../http/context";
import { PageQuery, pageEnvelope } from "../lib/pagination";
import { validationHookAs } from "../lib/validation";
import { idParam, ResourceId } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import {
  InvoiceSchema,
  SubscriptionCancelSchema,
  SubscriptionCreateSchema,
  SubscriptionSchema,
  SubscriptionSettingsSchema,
  SubscriptionUpdateSchema,
  type Subscription,
} from "../schemas/subscription";
import { INVOICE_EXAMPLE, SUBSCRIPTION_EXAMPLE } from "../schemas/examples/subscriptions";

const tags = ["Subscriptions"];
const IdParam = idParam("id");
const invalidData = validationHookAs("INVALID_DATA");

const createRoute = route("secret", {
  method: "post", path: "/v1/subscriptions", tags, operationId: "createSubscription",
  summary: "Subscribe a buyer to a plan",
  description:
    "TRIALING with `trialDays`; otherwise the first invoice is issued now: PIX waits for the buyer (INCOMPLETE until paid), a card token that paid with 3DS is charged at once (ACTIVE when approved). " +
    "PIX_AUTOMATICO (a plan taking PIX, billed weekly, monthly, quarterly, half-yearly or yearly) also asks for the payer's authorization of a recurrence, shown in `pixAutomatico`: a composite QR that pays the first period (no trial), a QR that only authorizes (a trial), or a push to the payer's bank (`payerAccount`); INCOMPLETE until the payer approves. " +
    "Event SUBSCRIPTION_CREATED. An `Idempotency-Key` retry answers the subscription it created, as it is now (200, `Idempotent-Replayed: true`).",
  request: {
    body: jsonBody(SubscriptionCreateSchema, {
      planId: "6f0c1f8e-2b7a-4d4e-9a51-0d2f6c7b8a90",
      buyerId: "1d3c9a52-8e0f-4b6a-b2c4-7f5e9d8a6b31",
      paymentMethod: "CREDIT_CARD",
      cardToken: "tok_4f1c2a9e0b7d4c3a8e6f5d2c1b0a9e8f",
      trialDays: 7,
    }),
  },
  responses: { 201: json(SubscriptionSchema, "The subscription."), 200: json(SubscriptionSchema, "A replay: the subscription this key created."), ...problemResponses(400, 401, 404, 409, 422) },
});

const listRoute = route("secret", {
  method: "get", path: "/v1/subscriptions", tags, operationId: "listSubscriptions",
  summary: "List subscriptions, newest first",
  request: {
    query: PageQuery.extend({
      status: z.enum(SUBSCRIPTION_STATUSES, { error: `must be one of ${SUBSCRIPTION_STATUSES.join(", ")}` }).optional(),
      planId: ResourceId.optional(),
      buyerId: ResourceId.optional(),
    }),
  },
  responses: { 200: json(pageEnvelope(SubscriptionSchema, "SubscriptionPage", SUBSCRIPTION_EXAMPLE), "A page of subscriptions."), ...problemResponses(400, 401) },
});

const settingsGetRoute = route("secret", {
  method: "get", path: "/v1/subscriptions/settings", tags, operationId: "getSubscriptionSettings",
  summary: "The card retry schedule and PIX Automático's settings of the key's mode",
  responses: { 200: json(SubscriptionSettingsSchema, "The settings (defaults when never set)."), ...problemResponses(401) },
});

const settingsPutRoute = route("secret", {
  method: "put", path: "/v1/subscriptions/settings", tags, operationId: "putSubscriptionSettings",
  summary: "Set the card retry schedule and PIX Automático's settings",
  description:
    "`cardRetryDays`: days after a declined card invoice's due date on which it is charged again: 2 to 6 increasing days, the last at most 14. When they are spent the invoice is UNCOLLECTIBLE and the subscription CANCELLED. " +
    "`pixRetryPolicy` (NAO_PERMITE or PERMITE_3R_7D, default PERMITE_3R_7D): new PIX Automático recurrences take it. `pixChargeLeadDays` (2 to 10, default 3): days before the due date each charge instruction is sent. A field left out keeps its value.",
  request: { body: jsonBody(SubscriptionSettingsSchema, { cardRetryDays: [1, 3, 7], pixRetryPolicy: "PERMITE_3R_7D", pixChargeLeadDays: 3 }) },
  responses: { 200: json(SubscriptionSettingsSchema, "The settings."), ...problemResponses(400, 401, 422) },
});

const getRoute = route("secret", {
  method: "get", path: "/v1/subscriptions/{id}", tags, operationId: "getSubscription",
  summary: "Read a subscription",
  request: { params: IdParam },
  responses: { 200: json(SubscriptionSchema, "The subscription."), ...problemResponses(400, 401, 404) },
});

const updateRoute = route("secret", {
  method: "patch", path: "/v1/subscriptions/{id}", tags, operationId: "updateSubscription",
  summary: "Change a subscription's card or payment method",
  description: "A new `cardToken` (a card of the buyer's that paid with 3DS) is the one the next attempt charges, a PAST_DUE retry included. A CANCELLED subscription is 409.",
  request: { params: IdParam, body: jsonBody(SubscriptionUpdateSchema, { cardToken: "tok_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d" }) },
  responses: { 200: json(SubscriptionSchema, "The subscription after the change."), ...problemResponses(400, 401, 404, 409, 422) },
});

const cancelRoute = route("secret", {
  method: "post", path: "/v1/subscriptions/{id}/cancel", tags, operationId: "cancelSubscription",
  summary: "Cancel a subscription, now or at the period's end",
  description:
    "Now: CANCELLED with `cancelledAt` (event SUBSCRIPTION_CANCELLED); open invoices are voided and their pending PIX charges cancelled. " +
    "`atPeriodEnd: true` on an ACTIVE or PAST_DUE subscription: it stays so with `cancelAtPeriodEnd`, no further invoice is issued, and it is CANCELLED when the period ends.",
  request: { params: IdParam, body: { ...jsonBody(SubscriptionCancelSchema, { atPeriodEnd: true }), required: false } },
  responses: { 200: json(SubscriptionSchema, "The subscription."), ...problemResponses(400, 401, 404, 409, 422) },
});

const invoicesRoute = route("secret", {
  method: "get", path: "/v1/subscriptions/{id}/invoices", tags, operationId: "listSubscriptionInvoices",
  summary: "A subscription's invoices, newest first",
  request: { params: IdParam, query: PageQuery },
  responses: { 200: json(pageEnvelope(InvoiceSchema, "InvoicePage", INVOICE_EXAMPLE), "A page of invoices."), ...problemResponses(400, 401, 404) },
});

/** A subscription as answered: with its PIX Automático recurrence (null for other methods). */
async function shown(platform: Platform, sub: Subscription): Promise<Subscription> {
  const [one] = await withPixAutomatico(platform.db, platform.config.baseUrl, [sub]);
  return one!;
}

/** The subscriptions routes: bodies' failures are the spec's 422, parameters' 400. */
export const subscriptionsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: invalidData })
  .openapi(createRoute, async (c) => {
    const key = c.req.header("Idempotency-Key") || undefined;
    const { row, replayed } = await createSubscription(c.get("platform"), scopeOf(c), c.req.valid("json"), key);
    const headers: Record<string, string> = key ? { "Idempotency-Key": key, ...(replayed ? { "Idempotent-Replayed": "true" } : {}) } : {};
    return c.json(await shown(c.get("platform"), toSubscription(row)), replayed ? 200 : 201, headers);
  })
  .openapi(listRoute, async (c) => {
    const platform = c.get("platform");
    const page = await listSubscriptions(platform, scopeOf(c), c.req.valid("query"));
    return c.json({ ...page, items: await withPixAutomatico(platform.db, platform.config.baseUrl, page.items) }, 200);
  })
  .openapi(settingsGetRoute, async (c) => c.json(await readSettings(c.get("platform"), scopeOf(c)), 200))
  .openapi(settingsPutRoute, async (c) => c.json(await writeSettings(c.get("platform"), scopeOf(c), c.req.valid("json")), 200))
  .openapi(getRoute, async (c) => c.json(await shown(c.get("platform"), await getSubscription(c.get("platform"), scopeOf(c), c.req.valid("param").id)), 200))
  .openapi(updateRoute, async (c) => c.json(await shown(c.get("platform"), await updateSubscription(c.get("platform"), scopeOf(c), c.req.valid("param").id, c.req.valid("json"))), 200))
  .openapi(cancelRoute, async (c) => {
    const body = (c.req.valid("json") ?? {}) as { atPeriodEnd?: boolean };
    return c.json(await shown(c.get("platform"), await cancelSubscription(c.get("platform"), scopeOf(c), c.req.valid("param").id, body.atPeriodEnd === true)), 200);
  })
  .openapi(invoicesRoute, async (c) => c.json(await listInvoices(c.get("platform"), scopeOf(c), c.req.valid("param").id, c.req.valid("query")), 200));
