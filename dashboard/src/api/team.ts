/**
 * The team's routes (docs/dashboard.md) as functions. The team is the account's, in both modes:
 * no call names one; each member's `liveAccess` says whether they may act in live mode, and only
 * a member who holds it grants it (403 LIVE_ACCESS_REQUIRED otherwise). Labels (profile, status,
 * last access) come in the page's language (`Accept-Language`, which the browser sends).
 */
import { callDashboard } from "./client";
import { id } from "./endpoints";
import type { InvitedMember, MemberDraft, NewInvite, TeamMember } from "./developers-types";

/** The profiles a member may be given from the dashboard (a seller has one OWNER: its creator). */
export const ADDABLE_PROFILES = ["ADMIN", "FINANCE", "OPERATION"] as const;

/** The team, OWNER first. */
export const listTeam = () => callDashboard<{ items: TeamMember[]; totalItems: number }>("/team");

/** What the invite form sends: `liveAccess` left out is the inviter's own (a test-only inviter may not ask for it). */
export type InviteDraft = MemberDraft & { liveAccess?: boolean };

/** Invites a member: the answer holds their invite link, this once. */
export const inviteMember = (draft: InviteDraft) => callDashboard<InvitedMember>("/team", { method: "POST", body: draft });

/** Gives a member another profile (never OWNER). */
export const changeProfile = (memberId: string, profile: MemberDraft["profile"]) => callDashboard<TeamMember>(`/team/${id(memberId)}`, { method: "PATCH", body: { profile } });

/** Grants a member live access, or takes it away (the caller must hold it). */
export const changeLiveAccess = (memberId: string, liveAccess: boolean) => callDashboard<TeamMember>(`/team/${id(memberId)}`, { method: "PATCH", body: { liveAccess } });

/** Removes a member: DISABLED, their sessions and invites ended. */
export const removeMember = (memberId: string) => callDashboard<TeamMember>(`/team/${id(memberId)}`, { method: "DELETE" });

/** A new invite link for a member who has not registered yet (INVITED; an ACTIVE one is 409), shown once; the earlier links stop working. */
export const reinviteMember = (memberId: string) => callDashboard<NewInvite>(`/team/${id(memberId)}/invite`, { method: "POST" });
