/**
 * Settlements: GET /v1/settlements and /{id}, and in test mode POST /v1/sandbox/settlements/run,
 * which runs the settlement sweep for the caller's test data now (or as of a later day). Also
 * mounts the chargeback routes (chargebacks.ts). The rules are in domain/settlements/
 * (docs/settlements.md).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { findSettlement, listSettlements } from "../domain/settlements/read";
import { settleDue } from "../domain/settlements/settle";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { pageEnvelope } from "../lib/pagination";
import { validationError } from "../lib/validation";
import { idParam } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { SettlementListQuery, SettlementRunResultSchema, SettlementRunSchema, SettlementSchema } from "../schemas/settlement";
import { chargebacksRoutes } from "./chargebacks";
import { SETTLEMENT_EXAMPLE } from "../schemas/examples/settlements";

const common = { tags: ["Settlements"] };

/** How far ahead a sandbox run may pretend to be. */
const MAX_AS_OF_DAYS = 366;

const routes = {
  run: route({ caller: "secret", testModeOnly: true }, {
    ...common, tags: ["Sandbox"], method: "post", path: "/v1/sandbox/settlements/run", operationId: "sandboxRunSettlements",
    summary: "Settle your test data now, or as of a later day (test mode)",
    description:
      "Runs the settlement sweep for your test transactions, refunds and chargebacks: everything due by today (UTC), or " +
      "by the day of `asOf`, is paid in one settlement per currency (event SETTLEMENT_PAID). Returns the settlements paid; " +
      "none when nothing is due.",
    // `asOf` may not be in the past, so the example leaves it out: it settles as of now.
    request: { body: { ...jsonBody(SettlementRunSchema, {}), required: false } },
    responses: { 200: json(SettlementRunResultSchema, "The settlements this run paid."), ...problemResponses(400, 401) },
  }),
  list: route("secret", {
    ...common, method: "get", path: "/v1/settlements", operationId: "listSettlements", summary: "List your settlements, newest first",
    description: "Your settlements in your key's mode, optionally of one status.",
    request: { query: SettlementListQuery },
    responses: { 200: json(pageEnvelope(SettlementSchema, "SettlementPage", SETTLEMENT_EXAMPLE), "A page of settlements."), ...problemResponses(400, 401) },
  }),
  get: route("secret", {
    ...common, method: "get", path: "/v1/settlements/{id}", operationId: "getSettlement", summary: "Get a settlement",
    description: "Another seller's settlement, or one of the other mode, is 404.",
    request: { params: idParam("id") },
    responses: { 200: json(SettlementSchema, "The settlement."), ...problemResponses(400, 401, 404) },
  }),
};

/** The day a sandbox run settles as of: now, or `asOf` when it is neither past nor too far ahead. */
function runDate(now: Date, asOf: string | undefined): Date {
  if (asOf === undefined) return now;
  const at = new Date(asOf);
  const today = now.toISOString().slice(0, 10);
  const latest = new Date(now.getTime() + MAX_AS_OF_DAYS * 86_400_000);
  if (at.toISOString().slice(0, 10) >= today && at <= latest) return at;
  throw validationError([{ path: "asOf", in: "body", code: "out_of_range", message: `must be today (UTC) or later, and at most ${MAX_AS_OF_DAYS} days ahead` }]);
}

/** The routes (settlements and chargebacks). */
export const settlementsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(routes.run, async (c) => {
    const platform = c.get("platform");
    const asOf = runDate(platform.now(), c.req.valid("json")?.asOf);
    return c.json({ items: await settleDue(platform, { asOf, only: scopeOf(c) }) }, 200);
  })
  .openapi(routes.list, async (c) => c.json(await listSettlements(c.get("platform").db, scopeOf(c), c.req.valid("query")), 200))
  .openapi(routes.get, async (c) => c.json(await findSettlement(c.get("platform").db, scopeOf(c), c.req.valid("param").id), 200))
  .route("/", chargebacksRoutes);
