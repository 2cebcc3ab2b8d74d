/**
 * What each team profile may do in the dashboard: one table, enforced by the dashboard's API
 * (http/dashboard-session.ts `requirePermission`) and read by the interface (`GET
 * /dashboard/api/me` answers the member's list) to hide what the member cannot do.
 * docs/dashboard.md holds the same table; test/api/dashboard.permissions.test.ts walks it.
 */
import type { teamMembers } from "../../db/schema";

/** A team profile (the spec's OWNER, ADMIN, FINANCE, OPERATION). */
export type Profile = (typeof teamMembers.$inferSelect)["profile"];

/** Every permission a dashboard route may ask for. */
export const PERMISSIONS = [
  "payments.read",
  "payments.refund",
  "reports.read",
  "settlements.read",
  "links.read",
  "links.manage",
  "subscriptions.read",
  "subscriptions.manage",
  "webhooks.read",
  "webhooks.manage",
  "developers.read",
  "keys.manage",
  "team.read",
  "team.manage",
  "sellers.read",
  "sellers.manage",
  "audit.read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ_ONLY: Permission[] = ["payments.read", "links.read", "subscriptions.read", "webhooks.read"];
const FINANCE: Permission[] = [
  "payments.read",
  "payments.refund",
  "reports.read",
  "settlements.read",
  "links.read",
  "links.manage",
  "subscriptions.read",
  "subscriptions.manage",
];

/**
 * The table: the permissions of each profile. OWNER all; ADMIN all too (what it may not do to
 * the OWNER, change or remove them, is decided by the team's operations); FINANCE money and
 * selling (payments, refunds, reports, settlements, links, subscriptions); OPERATION reads
 * payments, links, subscriptions and webhook logs.
 */
export const PROFILE_PERMISSIONS: Readonly<Record<Profile, readonly Permission[]>> = {
  OWNER: PERMISSIONS,
  ADMIN: PERMISSIONS,
  FINANCE,
  OPERATION: READ_ONLY,
};

/** Whether `profile` may do `permission`. */
export function can(profile: Profile, permission: Permission): boolean {
  return PROFILE_PERMISSIONS[profile].includes(permission);
}
