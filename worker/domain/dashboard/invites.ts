/**
 * Invites: a single-use link that lets a team member register a passkey, valid INVITE_HOURS.
 * The token is in the link's fragment (`{base}/dashboard/invite#token=…`), so no server log or
 * Referer sees it; the database keeps its SHA-256 only. A new invite for a member replaces the
 * earlier ones (an operator's recovery path: `npm run admin -- team:invite`).
 */
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import { insertWhere } from "../../db/guarded";
import { sellers, teamInvites, teamMembers } from "../../db/schema";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";

type MemberRow = typeof teamMembers.$inferSelect;
import { merchantName } from "../merchant";
import { dashboardOrigin } from "./relying-party";

/** How long an invite may wait to be used. */
export const INVITE_HOURS = 72;

/** What inviting needs of a platform (the operator's CLI has no more). */
export type InvitePlatform = Pick<Platform, "db" | "now"> & { config: { baseUrl: string } };

/** The page an invite opens, with its token in the fragment. */
export function inviteUrl(platform: InvitePlatform, token: string): string {
  return new URL(`/dashboard/invite#token=${token}`, dashboardOrigin(platform.config.baseUrl)).toString();
}

/**
 * The writes that invite member `memberId` of seller `sellerId` (when `condition` holds, if one is
 * given: in the batch that adds the member), and the link they make, shown once.
 */
export async function inviteWrites(platform: InvitePlatform, sellerId: string, memberId: string, condition?: SQL) {
  const token = randomToken(43); // 43 base62 characters: 256 bits
  const now = platform.now();
  const expiresAt = new Date(now.getTime() + INVITE_HOURS * 3600_000).toISOString();
  const at = now.toISOString();
  const row = { id: await sha256Hex(token), memberId, sellerId, expiresAt, usedAt: null, createdAt: at };
  const db = platform.db;
  const writes = [
    // The member's earlier invites stop working: only the newest link registers a passkey.
    db.update(teamInvites).set({ usedAt: at }).where(and(eq(teamInvites.memberId, memberId), isNull(teamInvites.usedAt))),
    condition ? insertWhere(db, teamInvites, row, condition) : db.insert(teamInvites).values(row),
  ] as const;
  return { writes, invite: { inviteUrl: inviteUrl(platform, token), inviteExpiresAt: expiresAt } };
}

/**
 * Invites member `memberId` of seller `sellerId`: the link, shown once, and when it expires.
 * With `condition`, the invite is written only while it holds (else 409, nothing written that works).
 */
export async function createInvite(platform: InvitePlatform, sellerId: string, memberId: string, condition?: SQL) {
  const { writes, invite } = await inviteWrites(platform, sellerId, memberId, condition);
  const [, inserted] = await platform.db.batch(writes);
  if (inserted.rowsAffected !== 1) {
    throw new ApiError("CONCURRENT_MODIFICATION", "The member changed while the invite was made; no invite was made: read the team and retry.", { headers: { "Retry-After": "1" } });
  }
  return invite;
}

/** The 404 of every invite that cannot be used, whatever the reason (so a guess learns nothing). */
export const inviteInvalid = () =>
  new ApiError("INVITE_INVALID", "This invite link is unknown, expired or already used: ask the seller's owner or admin for a new one.");

/** The usable invite of `token`, with its member and seller; throws INVITE_INVALID otherwise. */
export async function usableInvite(platform: Platform, token: string) {
  if (!/^[0-9A-Za-z]{43}$/.test(token)) throw inviteInvalid();
  const [found] = await platform.db
    .select({ invite: teamInvites, member: teamMembers, legalName: sellers.legalName, fantasyName: sellers.fantasyName })
    .from(teamInvites)
    .innerJoin(teamMembers, eq(teamMembers.id, teamInvites.memberId))
    .innerJoin(sellers, eq(sellers.id, teamInvites.sellerId))
    .where(and(eq(teamInvites.id, await sha256Hex(token)), isNull(teamInvites.usedAt), gt(teamInvites.expiresAt, platform.now().toISOString())));
  if (!found || found.member.status === "DISABLED") throw inviteInvalid();
  return { invite: found.invite, member: found.member, sellerName: merchantName(found) };
}

/**
 * The operator's invite (`npm run admin -- team:invite`, and the owner's on the first start):
 * member `email` of seller `sellerId` gets a new link, replacing their earlier ones; an e-mail not
 * on the team joins it with `profile`. Null when the seller does not exist.
 */
export async function inviteByEmail(platform: InvitePlatform, sellerId: string, email: string, profile: MemberRow["profile"], firstName?: string) {
  const [seller] = await platform.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId));
  if (!seller) return null;
  const address = email.trim().toLowerCase();
  const [existing] = await platform.db.select().from(teamMembers).where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.email, address)));
  if (existing) {
    if (existing.status === "DISABLED") throw new ApiError("INVITE_INVALID", `${address} is disabled on this team: it cannot be invited again.`);
    return { member: existing, ...(await createInvite(platform, sellerId, existing.id)) };
  }
  const at = platform.now().toISOString();
  const member: MemberRow = {
    id: crypto.randomUUID(),
    sellerId,
    email: address,
    firstName: firstName ?? address.split("@")[0]!,
    lastName: null,
    profile,
    status: "INVITED",
    // The operator is a live authority (docs/dashboard.md, "Test and live").
    liveAccess: true,
    lastAccessAt: null,
    createdAt: at,
    updatedAt: at,
  };
  const { writes, invite } = await inviteWrites(platform, sellerId, member.id);
  await platform.db.batch([platform.db.insert(teamMembers).values(member), ...writes]);
  return { member, ...invite };
}

/** The first start's invite for the seller's OWNER (null when it has none). */
export async function ownerInvite(platform: InvitePlatform, sellerId: string) {
  const [owner] = await platform.db.select().from(teamMembers).where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.profile, "OWNER")));
  return owner ? inviteByEmail(platform, sellerId, owner.email, "OWNER") : null;
}
