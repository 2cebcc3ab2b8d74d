/**
 * Webhook schemas: registration (create and partial update), the Webhook as returned, its
 * deliveries, and the seller's notification settings for the Webhook channel.
 */
import { z } from "@hono/zod-openapi";
import { ALL_EVENTS, DELIVERY_STATUSES, EVENT_TYPES } from "../../shared/events";
import { isWebhookSecret } from "../../shared/webhooks";
import { plainText } from "./text";
import { NOTIFICATION_SETTINGS_EXAMPLE, WEBHOOK_DELIVERY_EXAMPLE, WEBHOOK_EXAMPLE, WEBHOOK_WITH_SECRET_EXAMPLE } from "./examples/webhooks";

const TYPES = [...EVENT_TYPES, ALL_EVENTS] as const;

/** Event types a webhook subscribes to: at least one, no repeats; ALL means every type. */
export const EventTypesSchema = z
  .array(z.enum(TYPES, { error: `must be one of ${TYPES.join(", ")}` }))
  .min(1, "subscribe to at least one event type (or ALL)")
  .max(TYPES.length)
  .refine((types) => new Set(types).size === types.length, { message: "lists an event type twice", params: { code: "duplicate" } })
  .openapi({ description: `Event types to receive: ${TYPES.join(", ")}. \`ALL\` subscribes to every type, present and future.` });

/** A webhook URL; what hosts and schemes are allowed depends on the key's mode (checked by the domain). */
export const WebhookUrl = z
  .string()
  .max(2048, "at most 2048 characters")
  .openapi({
    example: "https://loja.example.com/webhooks/pay",
    description:
      "Absolute URL. Live keys: https only, to a public host name (no IP literals, localhost, private or metadata " +
      "addresses). Test keys: http or https, and localhost is allowed for local development.",
  });

/** Body of POST /v1/sellers/{sellerId}/webhooks. */
export const WebhookCreateSchema = z
  .strictObject({
    url: WebhookUrl,
    eventTypes: EventTypesSchema,
    description: plainText(255).optional(),
    isActive: z.boolean().default(true),
    secret: z
      .string()
      .refine(isWebhookSecret, { message: "must be whsec_ followed by base64 of 24 to 64 bytes (the Standard Webhooks format); omit it to have one made", params: { code: "invalid_format" } })
      .optional()
      .openapi({ description: "Signing secret; generated when omitted. Returned in this response only." }),
  })
  .openapi("WebhookCreate");

/** Body of PATCH /v1/sellers/{sellerId}/webhooks/{id}: only the sent fields change. */
export const WebhookUpdateSchema = z
  .strictObject({
    url: WebhookUrl.optional(),
    eventTypes: EventTypesSchema.optional(),
    description: plainText(255).nullable().optional(),
    isActive: z.boolean().optional(),
  })
  .openapi("WebhookUpdate");

/** A webhook as returned (never its secret). */
export const WebhookSchema = z
  .object({
    id: z.uuid(),
    sellerId: z.uuid(),
    url: z.string(),
    eventTypes: z.array(z.string()),
    isActive: z.boolean(),
    description: z.string().nullable(),
    livemode: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi("Webhook", { example: WEBHOOK_EXAMPLE });

/** The creation response: the webhook and, this once, its secret. */
export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().openapi({ description: "The signing secret: shown only in this response." }),
}).openapi("WebhookWithSecret", { example: WEBHOOK_WITH_SECRET_EXAMPLE });

/** A delivery of an event to a webhook, as the history shows it. */
export const DeliverySchema = z
  .object({
    id: z.uuid(),
    webhookId: z.uuid(),
    eventId: z.uuid(),
    eventType: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    attemptLimit: z.number().int(),
    nextAttemptAt: z.iso.datetime().nullable().openapi({ description: "When the next attempt is due (PENDING only)." }),
    lastHttpStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
    attemptsLog: z
      .array(
        z.object({
          attempt: z.number().int(),
          startedAt: z.iso.datetime(),
          durationMs: z.number().int(),
          httpStatus: z.number().int().nullable(),
          error: z.string().nullable(),
          responseExcerpt: z.string().nullable().openapi({ description: "The first 1 KB of the receiver's answer." }),
        }),
      )
      .openapi({ description: "Every attempt, oldest first." }),
  })
  .openapi("WebhookDelivery", { example: WEBHOOK_DELIVERY_EXAMPLE });

/** The Webhook channel setting of each event type (every type is enabled unless turned off). */
export const NotificationSettingsSchema = z
  .object({ webhook: z.record(z.enum(EVENT_TYPES), z.boolean()) })
  .openapi("NotificationSettings", { example: NOTIFICATION_SETTINGS_EXAMPLE });

/** Body of PUT …/notification-settings: the types to change; the others keep their setting. */
export const NotificationSettingsUpdateSchema = z
  .strictObject({
    webhook: z.partialRecord(z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }), z.boolean({ error: "must be true or false" })),
  })
  .openapi("NotificationSettingsUpdate");

export type WebhookCreate = z.infer<typeof WebhookCreateSchema>;
export type WebhookUpdate = z.infer<typeof WebhookUpdateSchema>;
export type Webhook = z.infer<typeof WebhookSchema>;
export type Delivery = z.infer<typeof DeliverySchema>;
