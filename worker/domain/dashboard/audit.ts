/**
 * The audit log: every change made in the dashboard and every denied attempt, with who, when,
 * from where. Rows are only ever inserted (no route updates or deletes one). OWNER and ADMIN
 * read it (permissions.ts `audit.read`), newest first, by cursor.
 */
import { and, desc, eq, lt, not, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { insertWhere } from "../../db/guarded";
import { auditLog } from "../../db/schema";
import { base64urlToText, textToBase64url } from "../../lib/base64url";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { Visitor } from "./sessions";

type AuditRow = typeof auditLog.$inferSelect;

/** Who acted: the member (null before anyone is signed in) of a seller, and from where. */
export interface Actor extends Visitor {
  sellerId: string;
  memberId: string | null;
  memberEmail: string | null;
}

/** What happened. */
export interface AuditEntry {
  action: string;
  outcome: AuditRow["outcome"];
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** The row of an entry; `id` defaults to a new UUID (a derived one makes a retry write it once). */
export function auditRow(platform: Platform, actor: Actor, entry: AuditEntry, id: string = crypto.randomUUID()): AuditRow {
  return {
    id,
    sellerId: actor.sellerId,
    memberId: actor.memberId,
    memberEmail: actor.memberEmail,
    action: entry.action,
    outcome: entry.outcome,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent?.slice(0, 300) ?? null,
    at: platform.now().toISOString(),
  };
}

/** The INSERT of an entry (inside the change's own batch), written only when `condition` holds if one is given. */
export const insertAudit = (db: Db, row: AuditRow, condition?: SQL) => (condition ? insertWhere(db, auditLog, row, condition) : db.insert(auditLog).values(row));

/** Records an entry on its own; an entry already recorded under the same id is left as it is. */
export async function recordAudit(platform: Platform, actor: Actor, entry: AuditEntry, id?: string): Promise<void> {
  await platform.db.insert(auditLog).values(auditRow(platform, actor, entry, id)).onConflictDoNothing();
}

/**
 * True for a row about live mode: its details name the live mode (`mode: "live"`, or the
 * `livemode: true` of rows written before every entry carried its mode).
 */
const LIVE_ROW = sql`(coalesce(json_extract(${auditLog.details}, '$.mode'), '') = 'live' or coalesce(json_extract(${auditLog.details}, '$.livemode'), 0) = 1)`;

/**
 * A page of seller `sellerId`'s log, newest first; `cursor` is the previous page's `nextCursor`.
 * Without `liveRows` (a test-only member's log) rows about live mode are left out: live amounts and
 * ids are live data (docs/dashboard.md, "Test and live").
 */
export async function listAudit(platform: Platform, sellerId: string, size: number, cursor: string | undefined, liveRows = true) {
  let after: SQL | undefined;
  if (cursor !== undefined) {
    let at: unknown, id: unknown;
    try {
      [at, id] = JSON.parse(base64urlToText(cursor)) as unknown[];
    } catch {
      /* checked below */
    }
    if (typeof at !== "string" || typeof id !== "string") {
      throw validationError([{ path: "cursor", in: "query", code: "invalid_cursor", message: "is not a cursor this API issued (use a page's nextCursor)" }]);
    }
    after = or(lt(auditLog.at, at), and(eq(auditLog.at, at), lt(auditLog.id, id)));
  }
  const rows = await platform.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.sellerId, sellerId), after, liveRows ? undefined : not(LIVE_ROW)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    items: page.map(({ sellerId: _seller, memberId, memberEmail, ...rest }) => ({ ...rest, member: memberId ? { id: memberId, email: memberEmail } : null })),
    nextCursor: rows.length > size && last ? textToBase64url(JSON.stringify([last.at, last.id])) : null,
  };
}
