/**
 * Registering webhooks: create, list, update, delete. A seller manages its own webhooks and a
 * company those of its sub-sellers; anyone else gets 403 (the spec's rule for webhooks), an
 * unknown webhook of a seller one may manage 404. Webhooks belong to the key's mode too.
 * The secret is sealed by the vault and returned once, by the creation.
 */
import { and, eq, sql } from "drizzle-orm";
import { newWebhookSecret } from "../../../shared/webhooks";
import type { Db } from "../../db/client";
import { sellers, webhookDeliveries, webhooks } from "../../db/schema";
import { ApiError, notFound } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { Webhook, WebhookCreate, WebhookUpdate } from "../../schemas/webhook";
import type { Scope } from "../scope";
import { subSellersOf } from "../sub-sellers/reach";
import { normalizeWebhookUrl } from "./url";

type WebhookRow = typeof webhooks.$inferSelect;

/** The API shape of a webhook (no secret). */
export function toWebhook(row: WebhookRow): Webhook {
  const { id, sellerId, url, eventTypes, isActive, description, livemode, createdAt, updatedAt } = row;
  return { id, sellerId, url, eventTypes, isActive, description, livemode, createdAt, updatedAt };
}

/** Throws 403 unless the caller is `sellerId` or its parent company, in the sub-seller's mode. */
export async function assertManages(db: Db, caller: Scope, sellerId: string): Promise<void> {
  if (caller.sellerId === sellerId) return;
  const [child] = await db
    .select({ id: sellers.id })
    .from(sellers)
    .where(and(eq(sellers.id, sellerId), subSellersOf(caller)))
    .limit(1);
  if (!child) throw new ApiError("FORBIDDEN", "You have no permission over this seller's webhooks.");
}

/** The URL to store (normalized, url.ts), or a 400 naming `path`. */
function checkedUrl(raw: string, livemode: boolean, path = "url"): string {
  const checked = normalizeWebhookUrl(raw, livemode);
  if (checked.problem !== null) throw validationError([{ path, in: "body", code: "invalid_url", message: checked.problem }]);
  return checked.url;
}

/** The webhook `id` of `sellerId` in the caller's mode, or 404. */
export async function findWebhook(db: Db, caller: Scope, sellerId: string, id: string): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.sellerId, sellerId), eq(webhooks.livemode, caller.livemode)))
    .limit(1);
  if (!row) throw notFound("webhook", id);
  return row;
}

/**
 * A webhook's row (URL checked, secret sealed) and its secret in clear, for a caller that writes
 * the row itself, in its own batch (sub-seller creation).
 */
export async function newWebhook(platform: Platform, caller: Scope, sellerId: string, input: WebhookCreate, urlPath = "url") {
  const url = checkedUrl(input.url, caller.livemode, urlPath);
  const at = platform.now().toISOString();
  const secret = input.secret ?? newWebhookSecret();
  const row: WebhookRow = {
    id: crypto.randomUUID(),
    sellerId,
    livemode: caller.livemode,
    url,
    eventTypes: input.eventTypes,
    isActive: input.isActive,
    description: input.description ?? null,
    secret: await platform.vault.seal(secret),
    createdAt: at,
    updatedAt: at,
  };
  return { row, secret };
}

/** Registers a webhook; the answer carries the secret, this once. */
export async function createWebhook(platform: Platform, caller: Scope, sellerId: string, input: WebhookCreate) {
  await assertManages(platform.db, caller, sellerId);
  const { row, secret } = await newWebhook(platform, caller, sellerId, input);
  await platform.db.insert(webhooks).values(row);
  return { ...toWebhook(row), secret };
}

/** The seller's webhooks in the caller's mode, oldest first. */
export async function listWebhooks(platform: Platform, caller: Scope, sellerId: string) {
  await assertManages(platform.db, caller, sellerId);
  const rows = await platform.db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.sellerId, sellerId), eq(webhooks.livemode, caller.livemode)))
    .orderBy(webhooks.createdAt, webhooks.id);
  return { items: rows.map(toWebhook), totalItems: rows.length };
}

/** Applies the sent fields. */
export async function updateWebhook(platform: Platform, caller: Scope, sellerId: string, id: string, patch: WebhookUpdate) {
  await assertManages(platform.db, caller, sellerId);
  const current = await findWebhook(platform.db, caller, sellerId, id);
  const url = patch.url === undefined ? undefined : checkedUrl(patch.url, caller.livemode);
  const changes = Object.fromEntries(Object.entries({ ...patch, url }).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return toWebhook(current);
  const [row] = await platform.db
    .update(webhooks)
    .set({ ...changes, updatedAt: platform.now().toISOString() })
    .where(eq(webhooks.id, current.id))
    .returning();
  return toWebhook(row!);
}

/** Deletes a webhook and cancels its pending deliveries, in one batch. */
export async function deleteWebhook(platform: Platform, caller: Scope, sellerId: string, id: string): Promise<void> {
  await assertManages(platform.db, caller, sellerId);
  const current = await findWebhook(platform.db, caller, sellerId, id);
  const at = platform.now().toISOString();
  await platform.db.batch([
    platform.db
      .update(webhookDeliveries)
      .set({ status: "CANCELLED", completedAt: at, updatedAt: at, lastError: sql`coalesce(${webhookDeliveries.lastError}, 'webhook deleted')` })
      .where(and(eq(webhookDeliveries.webhookId, current.id), eq(webhookDeliveries.status, "PENDING"))),
    platform.db.delete(webhooks).where(eq(webhooks.id, current.id)),
  ]);
}
