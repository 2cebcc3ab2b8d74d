/**
 * /v1/subscriptions/plans: create, list, read and archive a seller's subscription plans
 * (domain/subscription-plans/; docs/subscriptions.md, "Plans"). Invalid plan data (the body) is
 * a 422 INVALID_DATA naming the field, as payment links answer it. Mounted before /v1/subscriptions/{id}
 * so that `plans` is never read as a subscription's id.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { PLAN_STATUSES } from "../../shared/subscriptions";
import { archivePlan } from "../domain/subscription-plans/archive";
import { createPlan } from "../domain/subscription-plans/create";
import { listPlans } from "../domain/subscription-plans/list";
import { toPlan } from "../domain/subscription-plans/serialize";
import { readPlan } from "../domain/subscription-plans/store";
import { route } from "../http/access";
import { scopeOf } from "../http/auth";
import type { AppEnv } from "../http/context";
import { PageQuery, pageEnvelope } from "../lib/pagination";
import { notFound } from "../lib/problem";
import { validationHookAs } from "../lib/validation";
import { idParam } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { PlanCreateSchema, PlanSchema } from "../schemas/subscription-plan";
import { SUBSCRIPTION_PLAN_EXAMPLE } from "../schemas/examples/subscriptions";

const PlanParam = idParam("id");
const tags = ["Subscriptions"];
/** Invalid plan data is a 422, as invalid link data is. */
const invalidData = validationHookAs("INVALID_DATA");

const createRoute = route("secret", {
  method: "post", path: "/v1/subscriptions/plans", tags, operationId: "createSubscriptionPlan",
  summary: "Create a subscription plan",
  description:
    "ACTIVE at once, in the key's mode. `billingInterval` takes DAY, WEEK, MONTH or YEAR with `intervalCount`, or an alias " +
    "(MONTHLY, QUARTERLY…) answered as the interval it means. The whole period is at most a year.",
  request: {
    body: jsonBody(PlanCreateSchema, {
      name: "Plano Mensal",
      description: "Acesso a todos os cursos",
      amount: 4990,
      currency: "BRL",
      billingInterval: "MONTH",
      intervalCount: 1,
      paymentMethods: ["PIX", "CREDIT_CARD"],
    }),
  },
  responses: { 201: json(PlanSchema, "The plan, ACTIVE."), ...problemResponses(400, 401, 422) },
});

const listRoute = route("secret", {
  method: "get", path: "/v1/subscriptions/plans", tags, operationId: "listSubscriptionPlans",
  summary: "List the seller's subscription plans, newest first",
  description: "The key's seller and mode. Filter by `status`.",
  request: {
    query: PageQuery.extend({ status: z.enum(PLAN_STATUSES, { error: `must be one of ${PLAN_STATUSES.join(", ")}` }).optional() }),
  },
  responses: { 200: json(pageEnvelope(PlanSchema, "SubscriptionPlanPage", SUBSCRIPTION_PLAN_EXAMPLE), "A page of plans."), ...problemResponses(400, 401) },
});

const getRoute = route("secret", {
  method: "get", path: "/v1/subscriptions/plans/{id}", tags, operationId: "getSubscriptionPlan",
  summary: "Read a subscription plan",
  description: "Another seller's plan, or one of the other mode, is 404 as an unknown id is.",
  request: { params: PlanParam },
  responses: { 200: json(PlanSchema, "The plan."), ...problemResponses(400, 401, 404) },
});

const archiveRoute = route("secret", {
  method: "post", path: "/v1/subscriptions/plans/{id}/archive", tags, operationId: "archiveSubscriptionPlan",
  summary: "Archive a subscription plan",
  description:
    "ACTIVE → ARCHIVED: its subscriptions go on; new ones are refused. Archiving an ARCHIVED plan answers it unchanged (200), so a retry is safe.",
  request: { params: PlanParam },
  responses: { 200: json(PlanSchema, "The plan, ARCHIVED."), ...problemResponses(400, 401, 404) },
});

/** Creating a plan: its body's validation failures are 422 INVALID_DATA. */
const writes = new OpenAPIHono<AppEnv>({ defaultHook: invalidData }).openapi(createRoute, async (c) =>
  c.json(await createPlan(c.get("platform"), scopeOf(c), c.req.valid("json")), 201),
);

/** The subscription plans routes. */
export const subscriptionPlansRoutes = new OpenAPIHono<AppEnv>()
  .route("/", writes)
  .openapi(listRoute, async (c) => c.json(await listPlans(c.get("platform"), scopeOf(c), c.req.valid("query")), 200))
  .openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const plan = await readPlan(c.get("platform").db, scopeOf(c), id);
    if (!plan) throw notFound("subscription plan", id);
    return c.json(toPlan(plan), 200);
  })
  .openapi(archiveRoute, async (c) => c.json(await archivePlan(c.get("platform"), scopeOf(c), c.req.valid("param").id), 200));
