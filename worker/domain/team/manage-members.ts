/**
 * Changing a team from the dashboard (docs/dashboard.md): a member's profile, removing a member,
 * and a new invite link. The OWNER is the seller's creator and stays: no one changes or removes
 * them here (an ownership transfer is not built yet), and no one is made OWNER. A removed member
 * is DISABLED, not deleted (the audit log names them): their sessions and invites end with it.
 * A test-only member acts only on test-only members (live-access.ts). A new invite link is for a
 * member who has not registered yet: an ACTIVE member's link would let its holder enrol a passkey
 * on that member's account, so their new device is added by them, signed in (register-passkey.ts).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { dashboardSessions, teamInvites, teamMembers } from "../../db/schema";
import type { Locale } from "../../lib/locale";
import { ApiError, notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import { createInvite } from "../dashboard/invites";
import { grantedLiveAccess, requireAuthorityOver, type TeamAuthority } from "./live-access";
import { toTeamMember } from "./members";

type MemberRow = typeof teamMembers.$inferSelect;
type AddableProfile = Exclude<MemberRow["profile"], "OWNER">;

/**
 * Member `memberId` of seller `sellerId`, not the OWNER, not removed, and within `authority`'s
 * reach; 404, 409 or 403 otherwise.
 */
async function changeableMember(platform: Platform, authority: TeamAuthority, sellerId: string, memberId: string): Promise<MemberRow> {
  const [row] = await platform.db.select().from(teamMembers).where(and(eq(teamMembers.id, memberId), eq(teamMembers.sellerId, sellerId)));
  if (!row) throw notFound("team member", memberId);
  if (row.profile === "OWNER") {
    throw new ApiError("INVALID_STATE_TRANSITION", "The OWNER is the seller's creator: their profile cannot be changed and they cannot be removed.", { extensions: { currentStatus: row.status } });
  }
  if (row.status === "DISABLED") throw new ApiError("INVALID_STATE_TRANSITION", "This member was removed from the team.", { extensions: { currentStatus: "DISABLED" } });
  requireAuthorityOver(authority, row);
  return row;
}

/** What a change of a member sets: a profile, live access, or both. */
export interface MemberChange {
  profile?: AddableProfile;
  liveAccess?: boolean;
}

/**
 * Changes member `memberId`'s profile and/or live access (granting live access needs a live
 * authority: live-access.ts); the member before and after. Guarded on the row as read, so a
 * concurrent change is a 409, never a lost update.
 */
export async function changeMember(platform: Platform, authority: TeamAuthority, sellerId: string, memberId: string, change: MemberChange, locale: Locale) {
  const before = await changeableMember(platform, authority, sellerId, memberId);
  if (change.liveAccess !== undefined) grantedLiveAccess(authority, change.liveAccess);
  const at = platform.now().toISOString();
  const [after] = await platform.db
    .update(teamMembers)
    .set({ ...change, updatedAt: at })
    .where(and(eq(teamMembers.id, memberId), eq(teamMembers.status, before.status), eq(teamMembers.profile, before.profile), eq(teamMembers.liveAccess, before.liveAccess)))
    .returning();
  if (!after) throw new ApiError("CONCURRENT_MODIFICATION", "The member changed while this was applied; nothing was changed, retry it.", { headers: { "Retry-After": "1" } });
  return { before: toTeamMember(before, locale), member: toTeamMember(after, locale) };
}

/** Removes member `memberId`: DISABLED, every session ended, every invite spent, in one batch. */
export async function removeMember(platform: Platform, authority: TeamAuthority, sellerId: string, memberId: string, locale: Locale) {
  await changeableMember(platform, authority, sellerId, memberId);
  const at = platform.now().toISOString();
  const db = platform.db;
  const [[removed]] = await db.batch([
    db.update(teamMembers).set({ status: "DISABLED", updatedAt: at }).where(eq(teamMembers.id, memberId)).returning(),
    db.update(dashboardSessions).set({ revokedAt: at }).where(and(eq(dashboardSessions.memberId, memberId), isNull(dashboardSessions.revokedAt))),
    db.update(teamInvites).set({ usedAt: at }).where(and(eq(teamInvites.memberId, memberId), isNull(teamInvites.usedAt))),
  ]);
  return toTeamMember(removed!, locale);
}

/**
 * A new invite link for member `memberId`, who has not registered yet (the earlier links stop
 * working); the OWNER's, and an active member's recovery, come from the operator's CLI.
 */
export async function reinviteMember(platform: Platform, authority: TeamAuthority, sellerId: string, memberId: string) {
  const member = await changeableMember(platform, authority, sellerId, memberId);
  if (member.status !== "INVITED") {
    throw new ApiError(
      "INVALID_STATE_TRANSITION",
      "This member has already registered a passkey: a new device is added by the member, signed in (their own dashboard). A member who lost every device asks the platform's operator for a recovery invite.",
      { extensions: { currentStatus: member.status, allowedStatuses: ["INVITED"] } },
    );
  }
  // Guarded: a registration that lands meanwhile (INVITED → ACTIVE) makes this invite nothing.
  return { memberId: member.id, ...(await createInvite(platform, sellerId, member.id, sql`exists (select 1 from ${teamMembers} where ${teamMembers.id} = ${member.id} and ${teamMembers.status} = 'INVITED')`)) };
}
