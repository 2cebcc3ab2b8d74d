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
export const PERMISSIONS = ["payments.read", "payments.refund", "audit.read"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The table: the permissions of each profile. */
export const PROFILE_PERMISSIONS: Readonly<Record<Profile, readonly Permission[]>> = {
  OWNER: ["payments.read", "payments.refund", "audit.read"],
  ADMIN: ["payments.read", "payments.refund", "audit.read"],
  FINANCE: ["payments.read", "payments.refund"],
  OPERATION: ["payments.read"],
};

/** Whether `profile` may do `permission`. */
export function can(profile: Profile, permission: Permission): boolean {
  return PROFILE_PERMISSIONS[profile].includes(permission);
}
