/**
 * The developers section's routes (docs/dashboard.md) as functions: API keys and their roll,
 * webhooks (their test and replay), the delivery log and its retry, notification settings and the
 * events feed. Every call names the mode.
 */
import { callDashboard, queryOf } from "./client";
import { id } from "./endpoints";
import type { Mode } from "./types";
import type { ApiKey, Delivery, EventFeed, KeyKind, NewKeyPair, NotificationSettings, ReplayRange, ReplayResult, RolledKey, Webhook, WebhookDraft, WebhookWithSecret } from "./developers-types";

/** Deliveries the log shows; events a page of the feed. */
export const DELIVERIES_LIMIT = 50;
export const EVENTS_LIMIT = 25;

/** The mode's working keys, masked. */
export const listKeys = (mode: Mode) => callDashboard<{ items: ApiKey[] }>(`/keys${queryOf({ mode })}`);

/** A mode's first key pair (live keys, say); a mode that has keys answers 409: roll them. */
export const createKeyPair = (mode: Mode) => callDashboard<NewKeyPair>(`/keys${queryOf({ mode })}`, { method: "POST" });

/** A new `kind` key; the keys it replaces stop after `expiresInHours` (0: at once). */
export const rollKey = (mode: Mode, kind: KeyKind, expiresInHours: number) =>
  callDashboard<RolledKey>(`/keys/roll${queryOf({ mode })}`, { method: "POST", body: { kind, expiresInHours } });

/** The mode's webhooks. */
export const listWebhooks = (mode: Mode) => callDashboard<{ items: Webhook[]; totalItems: number }>(`/webhooks${queryOf({ mode })}`);

/** Registers a webhook: the answer holds its signing secret, this once. */
export const createWebhook = (mode: Mode, draft: WebhookDraft) => callDashboard<WebhookWithSecret>(`/webhooks${queryOf({ mode })}`, { method: "POST", body: draft });

/** Deletes a webhook (204). */
export const deleteWebhook = (mode: Mode, webhookId: string) => callDashboard<void>(`/webhooks/${id(webhookId)}${queryOf({ mode })}`, { method: "DELETE" });

/** Sends a sample event to a webhook: the delivery, PENDING. */
export const testWebhook = (mode: Mode, webhookId: string) => callDashboard<Delivery>(`/webhooks/${id(webhookId)}/test${queryOf({ mode })}`, { method: "POST" });

/**
 * Sends a webhook again the mode's events of `[from, to)` it subscribes to (202): at most 1000 a
 * call, oldest first; `hasMore` and `nextFrom` say where the rest starts.
 */
export const replayWebhook = (mode: Mode, webhookId: string, range: ReplayRange) =>
  callDashboard<ReplayResult>(`/webhooks/${id(webhookId)}/replay${queryOf({ mode })}`, { method: "POST", body: range });

/** The mode's latest deliveries, newest first, each with its attempts. */
export const listDeliveries = (mode: Mode) => callDashboard<{ items: Delivery[] }>(`/webhooks/deliveries${queryOf({ mode, limit: DELIVERIES_LIMIT })}`);

/** Retries a FAILED delivery: PENDING again, its next attempt now. */
export const retryDelivery = (mode: Mode, deliveryId: string) => callDashboard<Delivery>(`/webhooks/deliveries/${id(deliveryId)}/retry${queryOf({ mode })}`, { method: "POST" });

/** Each event type's Webhook channel. */
export const readNotificationSettings = (mode: Mode) => callDashboard<NotificationSettings>(`/notification-settings${queryOf({ mode })}`);

/** Sets the event types' Webhook channel (the types sent change; the others keep theirs). */
export const saveNotificationSettings = (mode: Mode, webhook: NotificationSettings["webhook"]) =>
  callDashboard<NotificationSettings>(`/notification-settings${queryOf({ mode })}`, { method: "PUT", body: { webhook } });

/** A page of the events feed from `since`, oldest first; `after` continues after an event. */
export const listEvents = (mode: Mode, since: string, after: string | null) =>
  callDashboard<EventFeed>(`/events${queryOf({ mode, since, after, limit: EVENTS_LIMIT })}`);
