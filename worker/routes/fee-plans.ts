/**
 * Fee plans (POST/GET /v1/fee-plans, GET /v1/fee-plans/{id}): what a company's sub-sellers pay
 * per method, and the platform's share of it. Not in the spec, which names a company-owned
 * `feePlanId` but no way to make one. The rules are in domain/fee-plans/ (docs/fee-plans.md).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { createFeePlan } from "../domain/fee-plans/create";
import { findFeePlan, listFeePlans } from "../domain/fee-plans/read";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { PageQuery, pageEnvelope } from "../lib/pagination";
import { FeePlanCreateSchema, FeePlanSchema } from "../schemas/fee-plan";
import { idParam } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { FEE_PLAN_EXAMPLE } from "../schemas/examples/sellers";

const common = { tags: ["Fee plans"] };

const routes = {
  create: route({ caller: "company", companyOnly: "Only a company can create fee plans: a sub-seller is priced by the plan its company assigns to it." }, {
    ...common, method: "post", path: "/v1/fee-plans", operationId: "createFeePlan", summary: "Create a fee plan for your sub-sellers",
    description:
      "Companies only: a sub-seller gets 403. A method left out of `fees` is not offered under the plan. " +
      "Credit card sales in installments add `installmentSurchargesBps[n]` to the card rate's `percentBps`.",
    request: {
      body: jsonBody(FeePlanCreateSchema, {
        name: "Marketplace padrão",
        fees: { PIX: { percentBps: 80, fixedCents: 0 }, CREDIT_CARD: { percentBps: 299, fixedCents: 50 }, DEBIT_CARD: { percentBps: 150, fixedCents: 10 } },
        installmentSurchargesBps: { "2": 150, "12": 900 },
        platformShareBps: 2500,
      }),
    },
    responses: { 201: json(FeePlanSchema, "The plan."), ...problemResponses(400, 401, 403) },
  }),
  list: route("secret", {
    ...common, method: "get", path: "/v1/fee-plans", operationId: "listFeePlans", summary: "List your fee plans, newest first",
    description: "The plans your company created (the platform's default plan is not listed; read it by id).",
    request: { query: PageQuery },
    responses: { 200: json(pageEnvelope(FeePlanSchema, "FeePlanPage", FEE_PLAN_EXAMPLE), "A page of plans."), ...problemResponses(400, 401) },
  }),
  get: route("secret", {
    ...common, method: "get", path: "/v1/fee-plans/{id}", operationId: "getFeePlan", summary: "Get a fee plan",
    description: "One of your plans, or the platform's default plan (the public price). Another company's plan is 404.",
    request: { params: idParam("id") },
    responses: { 200: json(FeePlanSchema, "The plan."), ...problemResponses(400, 401, 404) },
  }),
};

/** The routes. */
export const feePlansRoutes = new OpenAPIHono<AppEnv>()
  .openapi(routes.create, async (c) => c.json(await createFeePlan(c.get("platform"), scopeOf(c), c.req.valid("json")), 201))
  .openapi(routes.list, async (c) => c.json(await listFeePlans(c.get("platform").db, scopeOf(c), c.req.valid("query")), 200))
  .openapi(routes.get, async (c) => c.json(await findFeePlan(c.get("platform").db, scopeOf(c), c.req.valid("param").id), 200));
