/**
 * A seller's team: the people who use its dashboard. The seller itself and its company read and
 * add members (anyone else: 404, as for any other seller's resource). An added member is INVITED
 * until they first sign in; an e-mail is on a team once (409 TEAM_MEMBER_EXISTS).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { teamMembers } from "../../db/schema";
import type { Locale } from "../../lib/locale";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { TeamMemberCreate } from "../../schemas/team";
import type { Scope } from "../scope";
import { inviteWrites } from "../dashboard/invites";
import { sellerInReach } from "../sub-sellers/reach";
import { memberLabels } from "./labels";
import { grantedLiveAccess, type TeamAuthority } from "./live-access";

type MemberRow = typeof teamMembers.$inferSelect;

/** A member as the API shows it, labelled in `locale`. */
export function toTeamMember(row: MemberRow, locale: Locale) {
  const { id, email, firstName, lastName, profile, status, liveAccess, createdAt } = row;
  return { id, email, firstName, lastName, profile, status, liveAccess, createdAt, ...memberLabels(row, locale) };
}

/** The seller's team, owner first, then by arrival. */
export async function listTeam(platform: Platform, caller: Scope, sellerId: string, locale: Locale) {
  await sellerInReach(platform.db, caller, sellerId);
  const rows = await platform.db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.sellerId, sellerId))
    .orderBy(sql`${teamMembers.profile} = 'OWNER' desc`, asc(teamMembers.createdAt), asc(teamMembers.id));
  return { items: rows.map((row) => toTeamMember(row, locale)), totalItems: rows.length };
}

/**
 * Adds a member, INVITED, with the invite link that lets them register a passkey (shown once).
 * Their live access is what `authority` may grant (live-access.ts): a test key invites test-only members.
 */
export async function addTeamMember(platform: Platform, caller: Scope, authority: TeamAuthority, sellerId: string, input: TeamMemberCreate, locale: Locale) {
  await sellerInReach(platform.db, caller, sellerId);
  const liveAccess = grantedLiveAccess(authority, input.liveAccess);
  const at = platform.now().toISOString();
  const email = input.email.toLowerCase();
  const row: MemberRow = {
    id: crypto.randomUUID(),
    sellerId,
    email,
    firstName: input.firstName,
    lastName: input.lastName ?? null,
    profile: input.profile,
    status: "INVITED",
    liveAccess,
    lastAccessAt: null,
    createdAt: at,
    updatedAt: at,
  };
  // The unique (seller, e-mail) index decides a race: the insert is skipped, not failed, and the
  // invite is written only with the member it invites (docs/dashboard.md).
  const { writes, invite } = await inviteWrites(platform, sellerId, row.id, sql`exists (select 1 from ${teamMembers} where ${teamMembers.id} = ${row.id})`);
  const [inserted] = await platform.db.batch([platform.db.insert(teamMembers).values(row).onConflictDoNothing(), ...writes]);
  if (inserted.rowsAffected === 0) {
    const [existing] = await platform.db.select({ id: teamMembers.id }).from(teamMembers).where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.email, email)));
    throw new ApiError("TEAM_MEMBER_EXISTS", `${email} is already on this seller's team.`, { extensions: { memberId: existing?.id ?? null } });
  }
  return { ...toTeamMember(row, locale), ...invite };
}
