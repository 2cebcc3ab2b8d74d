/**
 * /v1/sellers/{sellerId}/team: a seller's team members, with labels in pt-BR or en chosen by
 * `Accept-Language` (pt-BR by default); the answer says which in `Content-Language`.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { addTeamMember, listTeam } from "../domain/team/members";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { localeOf } from "../lib/locale";
import { idParam } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { TeamListSchema, TeamMemberCreateSchema, TeamMemberInvitedSchema } from "../schemas/team";

const common = { tags: ["Sellers"], request: { params: idParam("sellerId") } };

const listTeamRoute = route("secret", {
  ...common,
  method: "get",
  path: "/v1/sellers/{sellerId}/team",
  operationId: "listTeam",
  summary: "The seller's team (labels in pt-BR or en by Accept-Language)",
  responses: { 200: json(TeamListSchema, "The team."), ...problemResponses(400, 401, 404) },
});

const addMemberRoute = route("secret", {
  ...common,
  method: "post",
  path: "/v1/sellers/{sellerId}/team",
  operationId: "addTeamMember",
  summary: "Invite a member to the seller's team (answers the dashboard invite link once)",
  request: { ...common.request, body: jsonBody(TeamMemberCreateSchema, { email: "ana@paoquente.com.br", firstName: "Ana", lastName: "Souza", profile: "FINANCE" }) },
  description:
    "The member's live access (`liveAccess`) follows the key: a live key grants it, a test key invites a test-only member, " +
    "who cannot act in live mode in the dashboard (docs/dashboard.md, \"Test and live\").",
  responses: { 201: json(TeamMemberInvitedSchema, "The member, INVITED, with their invite link (shown once)."), ...problemResponses(400, 401, 403, 404, 409) },
});

/** The team routes. */
export const teamRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listTeamRoute, async (c) => {
    const locale = localeOf(c.req.header("accept-language"));
    c.header("Content-Language", locale);
    c.header("Vary", "Accept-Language");
    return c.json(await listTeam(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId, locale), 200);
  })
  .openapi(addMemberRoute, async (c) => {
    const locale = localeOf(c.req.header("accept-language"));
    c.header("Content-Language", locale);
    c.header("Vary", "Accept-Language");
    const scope = scopeOf(c);
    // The key's mode is the authority: a test key grants nothing that reaches live.
    return c.json(await addTeamMember(c.get("platform"), scope, { live: scope.livemode }, c.req.valid("param").sellerId, c.req.valid("json"), locale), 201);
  });
