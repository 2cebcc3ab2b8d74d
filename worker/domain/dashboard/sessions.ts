/**
 * Dashboard sessions: server-side rows, so a session can be listed and ended at once. The
 * browser holds a random 256-bit token in an HttpOnly cookie (http/dashboard-session.ts); the
 * row's id is the token's SHA-256. A session ends at the first of: SESSION_IDLE_MINUTES without a
 * request, SESSION_HOURS after sign-in, sign-out (of it, or everywhere), or its member no longer
 * ACTIVE.
 */
import { and, desc, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { insertWhere } from "../../db/guarded";
import { dashboardSessions, sellers, teamMembers } from "../../db/schema";
import { randomToken, sha256Hex } from "../../lib/crypto";
import type { Platform } from "../../platform";
import { merchantName } from "../merchant";

/** Minutes without a request after which a session ends. */
export const SESSION_IDLE_MINUTES = 30;
/** Hours after sign-in after which a session ends, however active. */
export const SESSION_HOURS = 12;
/** The idle clock is written at most this often (a read per request, a write per minute). */
const TOUCH_SECONDS = 60;

type SessionRow = typeof dashboardSessions.$inferSelect;
type MemberRow = typeof teamMembers.$inferSelect;

/** Where a request comes from, as the session list and the audit log show it. */
export interface Visitor {
  ip: string | null;
  userAgent: string | null;
}

/** A new session of `member`: its cookie token and the row to insert. */
export async function newSession(platform: Platform, member: Pick<MemberRow, "id" | "sellerId">, visitor: Visitor) {
  const token = randomToken(43);
  const now = platform.now();
  const at = now.toISOString();
  const row: SessionRow = {
    id: await sha256Hex(token),
    publicId: crypto.randomUUID(),
    memberId: member.id,
    sellerId: member.sellerId,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(now.getTime() + SESSION_HOURS * 3600_000).toISOString(),
    revokedAt: null,
    ip: visitor.ip,
    userAgent: visitor.userAgent?.slice(0, 300) ?? null,
  };
  return { token, row };
}

/** The INSERT of a session row (in the sign-in's batch), written only when `condition` holds if one is given. */
export const insertSession = (db: Db, row: SessionRow, condition?: SQL) =>
  condition ? insertWhere(db, dashboardSessions, row, condition) : db.insert(dashboardSessions).values(row);

/** The signed-in member of cookie token `token`, with their seller and session; null when none works. */
export async function sessionOf(platform: Platform, token: string) {
  if (!/^[0-9A-Za-z]{43}$/.test(token)) return null;
  const now = platform.now();
  const at = now.toISOString();
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000).toISOString();
  const [found] = await platform.db
    .select({
      session: dashboardSessions,
      member: teamMembers,
      legalName: sellers.legalName,
      fantasyName: sellers.fantasyName,
      parentId: sellers.parentId,
      liveApprovedAt: sellers.liveApprovedAt,
    })
    .from(dashboardSessions)
    .innerJoin(teamMembers, eq(teamMembers.id, dashboardSessions.memberId))
    .innerJoin(sellers, eq(sellers.id, dashboardSessions.sellerId))
    .where(
      and(
        eq(dashboardSessions.id, await sha256Hex(token)),
        isNull(dashboardSessions.revokedAt),
        gt(dashboardSessions.expiresAt, at),
        gt(dashboardSessions.lastSeenAt, idleSince),
        eq(teamMembers.status, "ACTIVE"),
      ),
    );
  if (!found) return null;
  if (Date.parse(found.session.lastSeenAt) <= now.getTime() - TOUCH_SECONDS * 1000) {
    await platform.db.update(dashboardSessions).set({ lastSeenAt: at }).where(eq(dashboardSessions.id, found.session.id));
  }
  // parentId: a sub-seller's company (null for a company), so the interface knows whether sub-sellers
  // apply; liveApprovedAt: whether live mode holds anything (docs/sellers.md, "Test and live").
  return {
    session: found.session,
    member: found.member,
    seller: { id: found.member.sellerId, name: merchantName(found), parentId: found.parentId, liveApprovedAt: found.liveApprovedAt },
  };
}

/** A signed-in member, as the dashboard's routes see them. */
export type SignedIn = NonNullable<Awaited<ReturnType<typeof sessionOf>>>;

/** Ends session `id` (its token's hash). */
export async function endSession(platform: Platform, id: string): Promise<void> {
  await platform.db.update(dashboardSessions).set({ revokedAt: platform.now().toISOString() }).where(and(eq(dashboardSessions.id, id), isNull(dashboardSessions.revokedAt)));
}

/** Ends every session of member `memberId`; how many were open. */
export async function endSessionsOf(platform: Platform, memberId: string): Promise<number> {
  const ended = await platform.db
    .update(dashboardSessions)
    .set({ revokedAt: platform.now().toISOString() })
    .where(and(eq(dashboardSessions.memberId, memberId), isNull(dashboardSessions.revokedAt)))
    .returning({ id: dashboardSessions.id });
  return ended.length;
}

/** The member's sessions that still work, newest first; `current` marks the caller's. */
export async function listSessions(platform: Platform, signedIn: SignedIn) {
  const now = platform.now();
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000).toISOString();
  const rows = await platform.db
    .select()
    .from(dashboardSessions)
    .where(
      and(
        eq(dashboardSessions.memberId, signedIn.member.id),
        isNull(dashboardSessions.revokedAt),
        gt(dashboardSessions.expiresAt, now.toISOString()),
        gt(dashboardSessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(dashboardSessions.createdAt));
  return {
    items: rows.map((r) => ({
      id: r.publicId,
      createdAt: r.createdAt,
      lastSeenAt: r.lastSeenAt,
      expiresAt: r.expiresAt,
      ip: r.ip,
      userAgent: r.userAgent,
      current: r.id === signedIn.session.id,
    })),
  };
}
