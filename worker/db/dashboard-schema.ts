/**
 * The dashboard's tables (docs/dashboard.md): invites, passkeys, WebAuthn challenges, sessions and
 * the audit log. Secrets are never stored: an invite and a session are found by the SHA-256 of
 * their token, which only the member's link or cookie holds.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
// A cycle with schema.ts (which re-exports this file) is safe: the references are thunks.
import { sellers, teamMembers } from "./schema";

/** A single-use invite to register a passkey; `id` is the SHA-256 (hex) of its token. */
export const teamInvites = sqliteTable(
  "team_invites",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => teamMembers.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("team_invites_member_idx").on(t.memberId)],
);

/** A member's passkey: the WebAuthn credential's id (base64url) and COSE public key (base64url). */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => teamMembers.id),
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter (0 for most passkeys, which keep none). */
    counter: integer("counter").notNull(),
    transports: text("transports", { mode: "json" }).$type<string[]>(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [index("passkeys_member_idx").on(t.memberId)],
);

/** A WebAuthn challenge, deleted when used: a signed response verifies once, within 5 minutes. */
export const dashboardChallenges = sqliteTable("dashboard_challenges", {
  id: text("id").primaryKey(),
  challenge: text("challenge").notNull(),
  purpose: text("purpose", { enum: ["register", "add-passkey", "sign-in"] }).notNull(),
  /** For a registration: the invite it was issued to. */
  inviteId: text("invite_id"),
  /** For a signed-in member adding a passkey (`add-passkey`): that member. */
  memberId: text("member_id"),
  expiresAt: text("expires_at").notNull(),
});

/** A member's dashboard session; `id` is the SHA-256 (hex) of the cookie's token. */
export const dashboardSessions = sqliteTable(
  "dashboard_sessions",
  {
    id: text("id").primaryKey(),
    /** The id the member sees in their session list (the token's hash is never shown). */
    publicId: text("public_id").notNull().unique(),
    memberId: text("member_id")
      .notNull()
      .references(() => teamMembers.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    createdAt: text("created_at").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("dashboard_sessions_member_idx").on(t.memberId)],
);

/** Every change made in the dashboard and every denied attempt; rows are never updated or deleted. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    memberId: text("member_id"),
    /** The member's e-mail when it happened (a later change of e-mail does not rewrite history). */
    memberEmail: text("member_email"),
    action: text("action").notNull(),
    outcome: text("outcome", { enum: ["ok", "denied"] }).notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    at: text("at").notNull(),
  },
  (t) => [index("audit_log_seller_idx").on(t.sellerId, t.at, t.id)],
);
