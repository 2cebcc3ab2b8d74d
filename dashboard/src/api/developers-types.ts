/**
 * What the developers and team sections' routes answer (docs/dashboard.md): API keys (masked) and
 * a roll's new key, webhooks (a replay's range and answer) and the delivery log, notification
 * settings, the events feed, and the team. Types of the server's own answers (its schemas, or its
 * domain functions' results), imported as types only.
 */
import type { z } from "zod";
import type { createKeyPair, listKeys, rollKey } from "../../../worker/domain/dashboard/keys";
import type { reinviteMember } from "../../../worker/domain/team/manage-members";
import type { EventFeedSchema, ReplayRequestSchema, ReplayResultSchema } from "../../../worker/schemas/event";
import type { TeamMemberInvitedSchema, TeamMemberSchema } from "../../../worker/schemas/team";
import type { Delivery, NotificationSettingsSchema, Webhook, WebhookWithSecretSchema } from "../../../worker/schemas/webhook";

export type { Delivery, Webhook };

/** GET /dashboard/api/keys: the mode's working keys, masked (a publishable key whole). */
export type ApiKey = Awaited<ReturnType<typeof listKeys>>["items"][number];

/** POST /dashboard/api/keys/roll: the new key (its only copy) and the keys it replaces, with their end. */
export type RolledKey = Awaited<ReturnType<typeof rollKey>>;

/** POST /dashboard/api/keys: a mode's first pair, each key whole this once. */
export type NewKeyPair = Awaited<ReturnType<typeof createKeyPair>>;

/** Which key to roll. */
export type KeyKind = ApiKey["kind"];

/** A webhook as registered: its secret, this once. */
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

/** What the register form sends. */
export interface WebhookDraft {
  url: string;
  eventTypes: string[];
  description?: string;
}

/** POST /dashboard/api/webhooks/{id}/replay's body: `from` inclusive, `to` exclusive (default now), ISO instants. */
export type ReplayRange = z.infer<typeof ReplayRequestSchema>;

/** POST /dashboard/api/webhooks/{id}/replay (202): deliveries queued, events skipped as already pending, where to continue. */
export type ReplayResult = z.infer<typeof ReplayResultSchema>;

/** GET /dashboard/api/notification-settings: each event type's Webhook channel, on or off. */
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** GET /dashboard/api/events: a page of the feed, oldest first. */
export type EventFeed = z.infer<typeof EventFeedSchema>;

/** A team member, with the API's labels (profile, status, last access) in the page's language. */
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** POST /dashboard/api/team: the member and their invite link, shown once. */
export type InvitedMember = z.infer<typeof TeamMemberInvitedSchema>;

/** POST /dashboard/api/team/{id}/invite: a new link (the earlier ones stop working). */
export type NewInvite = Awaited<ReturnType<typeof reinviteMember>>;

/** What the invite form sends (the OWNER is never invited from the dashboard). */
export interface MemberDraft {
  email: string;
  firstName: string;
  lastName?: string;
  profile: "ADMIN" | "FINANCE" | "OPERATION";
}
