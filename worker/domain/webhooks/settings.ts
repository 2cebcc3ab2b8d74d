/**
 * The Webhook channel of a seller's notification settings: per mode and event type, on (the
 * default) or off. Off means that mode's events of the type fan out to none of the seller's webhooks (the spec's condition "the
 * seller's notification setting for the Webhook channel is enabled for that type").
 */
import { and, eq } from "drizzle-orm";
import { EVENT_TYPES, type EventType } from "../../../shared/events";
import { notificationSettings } from "../../db/schema";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { assertManages } from "./manage";

/** Every event type with its setting. */
export async function readSettings(platform: Platform, caller: Scope, sellerId: string) {
  await assertManages(platform.db, caller, sellerId);
  const rows = await platform.db
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.sellerId, sellerId), eq(notificationSettings.livemode, caller.livemode)));
  const off = new Map(rows.map((r) => [r.eventType, r.webhook]));
  return { webhook: Object.fromEntries(EVENT_TYPES.map((t) => [t, off.get(t) ?? true])) as Record<EventType, boolean> };
}

/** Sets the given types (one upsert per type, one batch); the others keep their setting. */
export async function updateSettings(platform: Platform, caller: Scope, sellerId: string, webhook: Partial<Record<EventType, boolean>>) {
  await assertManages(platform.db, caller, sellerId);
  const at = platform.now().toISOString();
  const entries = Object.entries(webhook) as Array<[EventType, boolean]>;
  if (entries.length > 0) {
    const upserts = entries.map(([eventType, enabled]) =>
      platform.db
        .insert(notificationSettings)
        .values({ sellerId, livemode: caller.livemode, eventType, webhook: enabled, updatedAt: at })
        .onConflictDoUpdate({ target: [notificationSettings.sellerId, notificationSettings.livemode, notificationSettings.eventType], set: { webhook: enabled, updatedAt: at } }),
    );
    await platform.db.batch(upserts as [(typeof upserts)[number], ...typeof upserts]);
  }
  return readSettings(platform, caller, sellerId);
}
