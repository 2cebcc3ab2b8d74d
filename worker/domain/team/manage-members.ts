/**
 * Changing a team from the dashboard (docs/dashboard.md): a member's profile, removing a member,
 * and a new invite link. The OWNER is the seller's creator and stays: no one changes or removes
 * them here (an ownership transfer is not built yet), and no one is made OWNER. A removed member
 * is DISABLED, not deleted (the audit log names them): their sessions and invites end with it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { dashboardSessions, teamInvites, teamMembers } from "../../db/schema";
import type { Locale } from "../../lib/locale";
import { ApiError, notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import { createInvite } from "../dashboard/invites";
import { toTeamMember } from "./members";

type MemberRow = typeof teamMembers.$inferSelect;
type AddableProfile = Exclude<MemberRow["profile"], "OWNER">;

/** Member `memberId` of seller `sellerId`, not the OWNER and not removed; 404 or 409 otherwise. */
async function changeableMember(platform: Platform, sellerId: string, memberId: string): Promise<MemberRow> {
  const [row] = await platform.db.select().from(teamMembers).where(and(eq(teamMembers.id, memberId), eq(teamMembers.sellerId, sellerId)));
  if (!row) throw notFound("team member", memberId);
  if (row.profile === "OWNER") {
    throw new ApiError("INVALID_STATE_TRANSITION", "The OWNER is the seller's creator: their profile cannot be changed and they cannot be removed.", { extensions: { currentStatus: row.status } });
  }
  if (row.status === "DISABLED") throw new ApiError("INVALID_STATE_TRANSITION", "This member was removed from the team.", { extensions: { currentStatus: "DISABLED" } });
  return row;
}

/** Gives member `memberId` the profile `profile`; the member before and after. */
export async function changeMemberProfile(platform: Platform, sellerId: string, memberId: string, profile: AddableProfile, locale: Locale) {
  const before = await changeableMember(platform, sellerId, memberId);
  const at = platform.now().toISOString();
  const [after] = await platform.db
    .update(teamMembers)
    .set({ profile, updatedAt: at })
    .where(and(eq(teamMembers.id, memberId), eq(teamMembers.status, before.status)))
    .returning();
  if (!after) throw new ApiError("CONCURRENT_MODIFICATION", "The member changed while this was applied; nothing was changed, retry it.", { headers: { "Retry-After": "1" } });
  return { before: before.profile, member: toTeamMember(after, locale) };
}

/** Removes member `memberId`: DISABLED, every session ended, every invite spent, in one batch. */
export async function removeMember(platform: Platform, sellerId: string, memberId: string, locale: Locale) {
  await changeableMember(platform, sellerId, memberId);
  const at = platform.now().toISOString();
  const db = platform.db;
  const [[removed]] = await db.batch([
    db.update(teamMembers).set({ status: "DISABLED", updatedAt: at }).where(eq(teamMembers.id, memberId)).returning(),
    db.update(dashboardSessions).set({ revokedAt: at }).where(and(eq(dashboardSessions.memberId, memberId), isNull(dashboardSessions.revokedAt))),
    db.update(teamInvites).set({ usedAt: at }).where(and(eq(teamInvites.memberId, memberId), isNull(teamInvites.usedAt))),
  ]);
  return toTeamMember(removed!, locale);
}

/** A new invite link for member `memberId` (the earlier ones stop working); the OWNER's comes from the operator. */
export async function reinviteMember(platform: Platform, sellerId: string, memberId: string) {
  const member = await changeableMember(platform, sellerId, memberId);
  return { memberId: member.id, ...(await createInvite(platform, sellerId, member.id)) };
}
