/**
 * /v1/sandbox/test-clocks: the sandbox's time machine for subscriptions (domain/subscriptions/
 * clocks.ts; docs/subscriptions.md). Test keys only: a live key gets the 404 of a route that does
 * not exist, as every sandbox route answers it. A body's invalid data is 422 INVALID_DATA, as
 * subscriptions' is; a clock id that is not a UUID is 400 VALIDATION_FAILED (lib/validation.ts).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { advanceTestClock, createTestClock, readTestClock, toTestClock } from "../domain/subscriptions/clocks";
import { route } from "../http/access";
import { scopeOf } from "../http/auth";
import type { AppEnv } from "../http/context";
import { notFound } from "../lib/problem";
import { validationHookAs } from "../lib/validation";
import { idParam } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { TestClockAdvanceSchema, TestClockCreateSchema, TestClockSchema } from "../schemas/subscription";

const tags = ["Sandbox"];
const sandbox = { caller: "secret", testModeOnly: true } as const;

const createRoute = route(sandbox, {
  method: "post", path: "/v1/sandbox/test-clocks", tags, operationId: "createTestClock",
  summary: "Create a test clock (test mode)",
  description: "Frozen at `frozenTime` (now or later). Subscriptions created with its `testClockId` live at its time.",
  request: { body: jsonBody(TestClockCreateSchema, { frozenTime: "2027-01-31T12:00:00Z", name: "Plano mensal desde 31/01" }) },
  responses: { 201: json(TestClockSchema, "The clock."), ...problemResponses(400, 401, 404, 422) },
});

const getRoute = route(sandbox, {
  method: "get", path: "/v1/sandbox/test-clocks/{id}", tags, operationId: "getTestClock",
  summary: "Read a test clock (test mode)",
  request: { params: idParam("id") },
  responses: { 200: json(TestClockSchema, "The clock."), ...problemResponses(400, 401, 404) },
});

const advanceRoute = route(sandbox, {
  method: "post", path: "/v1/sandbox/test-clocks/{id}/advance", tags, operationId: "advanceTestClock",
  summary: "Move a test clock forward and run what falls due (test mode)",
  description:
    "Answers once every period, retry, due date and grace end of the clock's subscriptions up to `frozenTime` has run, each at its own moment and in order. " +
    "Only forward. An advance runs at most 5,000 billing moments; beyond that it is a 422 naming where it stopped (advance again to go on).",
  request: { params: idParam("id"), body: jsonBody(TestClockAdvanceSchema, { frozenTime: "2027-03-01T12:00:00Z" }) },
  responses: { 200: json(TestClockSchema, "The clock, READY at its new time."), ...problemResponses(400, 401, 404, 422) },
});

/** The test clock routes. */
export const testClocksRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHookAs("INVALID_DATA") })
  .openapi(createRoute, async (c) => c.json(toTestClock(await createTestClock(c.get("platform"), scopeOf(c), c.req.valid("json"))), 201))
  .openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const clock = await readTestClock(c.get("platform"), scopeOf(c), id);
    if (!clock) throw notFound("test clock", id);
    return c.json(toTestClock(clock), 200);
  })
  .openapi(advanceRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(toTestClock(await advanceTestClock(c.get("platform"), scopeOf(c), id, c.req.valid("json").frozenTime)), 200);
  });
