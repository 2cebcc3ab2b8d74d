/**
 * The dashboard's team (docs/dashboard.md): members with profile, status, live access and last
 * access; invite (the link shown once), change a profile or live access, remove, a new invite link
 * for a member who has not registered. Every change is audited. The member acting is the authority
 * over live access: a test-only member invites test-only members and cannot touch one who holds
 * live access (domain/team/live-access.ts).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { changeMember, reinviteMember, removeMember } from "../domain/team/manage-members";
import type { TeamAuthority } from "../domain/team/live-access";
import { addTeamMember, listTeam } from "../domain/team/members";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { audit, memberOf, requirePermission } from "../http/dashboard-session";
import { localeOf } from "../lib/locale";
import { TeamMemberCreateSchema } from "../schemas/team";
import { dashboardBody, pathId } from "./dashboard-body";
import { member } from "./dashboard-answers";

const paths = {
  list: declarePage("GET", "/dashboard/api/team", member(200)),
  invite: declarePage("POST", "/dashboard/api/team", member(201, 400, 404, 409)),
  change: declarePage("PATCH", "/dashboard/api/team/:id", member(200, 400, 404, 409)),
  remove: declarePage("DELETE", "/dashboard/api/team/:id", member(200, 400, 404, 409)),
  reinvite: declarePage("POST", "/dashboard/api/team/:id/invite", member(201, 400, 404, 409)),
};

const MemberChange = z
  .object({
    profile: z.enum(["ADMIN", "FINANCE", "OPERATION"], { error: "must be ADMIN, FINANCE or OPERATION (the OWNER is the seller's creator)" }).optional(),
    liveAccess: z.boolean({ error: "must be true or false" }).optional(),
  })
  .strict()
  .refine((change) => change.profile !== undefined || change.liveAccess !== undefined, { message: "is required unless liveAccess is sent", path: ["profile"], params: { code: "required" } });

const sellerOf = (c: Context<AppEnv>) => memberOf(c).member.sellerId;
/** The team is the account's people, not test or live data: either mode's scope reads it. */
const teamScope = (c: Context<AppEnv>) => ({ sellerId: sellerOf(c), livemode: false });
const locale = (c: Context<AppEnv>) => localeOf(c.req.header("accept-language"));
/** The signed-in member is the authority over live access. */
const authority = (c: Context<AppEnv>): TeamAuthority => ({ live: memberOf(c).member.liveAccess });
/** The team routes. */
export const dashboardTeamRoutes = new Hono<AppEnv>()
  .get(paths.list, requirePermission("team.read"), async (c) => c.json(await listTeam(c.get("platform"), teamScope(c), sellerOf(c), locale(c))))
  .post(paths.invite, requirePermission("team.manage"), async (c) => {
    const input = await dashboardBody(c, TeamMemberCreateSchema);
    const added = await addTeamMember(c.get("platform"), teamScope(c), authority(c), sellerOf(c), input, locale(c));
    await audit(c, { action: "team_member.invite", outcome: "ok", targetType: "team_member", targetId: added.id, details: { email: added.email, profile: added.profile, liveAccess: added.liveAccess } });
    return c.json(added, 201);
  })
  .patch(paths.change, requirePermission("team.manage"), async (c) => {
    const id = pathId(c, "team member");
    const change = await dashboardBody(c, MemberChange);
    const { before, member: after } = await changeMember(c.get("platform"), authority(c), sellerOf(c), id, change, locale(c));
    if (change.profile !== undefined) {
      await audit(c, { action: "team_member.change_profile", outcome: "ok", targetType: "team_member", targetId: id, details: { from: before.profile, to: after.profile } });
    }
    if (change.liveAccess !== undefined && change.liveAccess !== before.liveAccess) {
      await audit(c, { action: "team_member.change_live_access", outcome: "ok", targetType: "team_member", targetId: id, details: { from: before.liveAccess, to: after.liveAccess } });
    }
    return c.json(after);
  })
  .delete(paths.remove, requirePermission("team.manage"), async (c) => {
    const id = pathId(c, "team member");
    const removed = await removeMember(c.get("platform"), authority(c), sellerOf(c), id, locale(c));
    await audit(c, { action: "team_member.remove", outcome: "ok", targetType: "team_member", targetId: id, details: { email: removed.email } });
    return c.json(removed);
  })
  .post(paths.reinvite, requirePermission("team.manage"), async (c) => {
    const id = pathId(c, "team member");
    const invited = await reinviteMember(c.get("platform"), authority(c), sellerOf(c), id);
    await audit(c, { action: "team_member.reinvite", outcome: "ok", targetType: "team_member", targetId: id });
    return c.json(invited, 201);
  });
