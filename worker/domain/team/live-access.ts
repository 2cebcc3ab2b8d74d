/**
 * Live access of team members (docs/dashboard.md, "Test and live"). The team is the account's,
 * in both modes, but acting in live mode is a right a member holds (`team_members.live_access`)
 * and only a live authority grants:
 * - a live secret key (`POST /v1/sellers/{id}/team`), the operator's CLI and the seller's creation
 *   (its OWNER) grant it;
 * - a member who holds it grants it from the dashboard;
 * - a test key, and a test-only member, grant nothing that reaches live: whom they invite is
 *   test-only, and they cannot change, remove or re-invite a member who holds live access (each
 *   would be a way to take over that member's live rights).
 */
import { ApiError } from "../../lib/problem";

/** Who is acting on the team: `live` when a live key or a member with live access. */
export interface TeamAuthority {
  live: boolean;
}

const refused = (detail: string) => new ApiError("LIVE_ACCESS_REQUIRED", detail);

/** The live access a new member gets: `requested`, or by default the authority's own. */
export function grantedLiveAccess(authority: TeamAuthority, requested: boolean | undefined): boolean {
  if (requested && !authority.live) throw refused("Only a live key or a member with live access can grant live access; a test key and a test-only member invite test-only members.");
  return requested ?? authority.live;
}

/** Throws LIVE_ACCESS_REQUIRED when a test authority would act on a member who holds live access. */
export function requireAuthorityOver(authority: TeamAuthority, member: { liveAccess: boolean }): void {
  if (member.liveAccess && !authority.live) throw refused("This member holds live access: only a live key or a member with live access may change, remove or re-invite them.");
}
