/**
 * The outbox: the one way an event is written. A resource's change (a guarded statement) and the
 * event it causes, with that event's webhook deliveries, commit in ONE batch, so they exist
 * together or not at all; the deliveries are handed to the queue once the batch has committed.
 *
 *   const outbox = new Outbox(platform);
 *   const moved = outbox.change(db.update(sellers).set(…).where(…guard…).returning(…));
 *   outbox.emit(event, sql`changes() = 1`);   // written only if the change happened
 *   const results = await outbox.commit();      // results[moved]: did it move?
 *
 * `happened` is SQL that is true, at its point of the batch, exactly when the change was made
 * (a fresh revision exists, the new row exists, `changes() = 1` right after the UPDATE). The
 * event row is written under it; the fan-out is written under "the event row exists", so no
 * resource repeats that condition. Nothing outside domain/events/ inserts into the events or
 * webhook_deliveries tables (test/architecture.test.ts).
 *
 * Envelope (the spec's, plus `id` and `livemode`): `{ id, type, sellerId, livemode, occurredAt,
 * data }`. Transaction events carry `data.transaction` in exactly the GET /v1/transactions/{id}
 * schema, as it is right after the change; seller-level events carry `data.details`.
 */
import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { EventType } from "../../../shared/events";
import type { Db } from "../../db/client";
import { insertWhere, type SqlValues, type Statement, type Statements } from "../../db/guarded";
import { events, webhookDeliveries } from "../../db/schema";
import type { Platform } from "../../platform";
import { enqueueDeliveries } from "../webhooks/enqueue";
import { deliveriesOf, fanOutStatement } from "./fan-out";

export { EVENT_TYPES, type EventType } from "../../../shared/events";

/** An event as stored and as it will be delivered. */
export interface EventEnvelope {
  id: string;
  type: EventType;
  sellerId: string;
  livemode: boolean;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** What the outbox writes: an envelope whose payload may be SQL the database computes inside the batch (a settlement's totals). */
export type OutboxEvent = Omit<EventEnvelope, "data"> & { data: EventEnvelope["data"] | SQL };

/** Builds an event with a new id. */
export function newEvent(input: Omit<OutboxEvent, "id">): OutboxEvent {
  return { id: crypto.randomUUID(), ...input };
}

/** An event whose values may be placeholders, bound when a prepared batch runs (a card sale's create). */
export type EventValues = SqlValues<{ id: string; type: string; sellerId: string; livemode: boolean; occurredAt: string; data: unknown }>;

/** Where an event's deliveries go. `only`: one webhook, whatever its settings (a test event); `test` marks a sample. */
export interface EmitOptions {
  only?: string;
  test?: boolean;
  /** A placeholder event's mode as 0/1 for the fan-out's raw SQL (the event row's column encodes its own). */
  rawLivemode?: Placeholder;
}

/**
 * The two statements that write `event` and its deliveries at `at`, under `happened`: the event
 * row, then one delivery per webhook that hears of it (fan-out.ts), written only if the row was.
 * `livemode` of a placeholder event is bound as 0/1 by the caller (raw SQL binds it as is).
 */
export function eventStatements(db: Db, event: EventValues, at: string | Placeholder, happened: SQL | null, options: EmitOptions = {}) {
  const row = { ...event, test: options.test ?? false, createdAt: at } as SqlValues<typeof events.$inferInsert>;
  const written = sql`exists (select 1 from ${events} where ${events.id} = ${event.id})`;
  return [
    insertWhere(db, events, row, happened ?? sql`1`),
    fanOutStatement(db, { id: event.id, type: event.type, sellerId: event.sellerId, livemode: options.rawLivemode ?? event.livemode } as never, at, written, options.only),
  ] as const;
}

/** Hands the deliveries of event `eventId` to the queue (after a batch that used `eventStatements` directly). */
export async function enqueueEventDeliveries(platform: Platform, eventId: string): Promise<void> {
  const rows = await platform.db.select({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
  await enqueueDeliveries(platform, rows);
}

/** A change and the events it writes, committed as one batch. */
export class Outbox {
  private readonly statements: Statement[] = [];
  private readonly fanOuts: number[] = [];

  constructor(private readonly platform: Platform) {}

  /** Adds statements of the change; returns the index of the first in `commit()`'s results. */
  change(...statements: Statement[]): number {
    this.statements.push(...statements);
    return this.statements.length - statements.length;
  }

  /**
   * Adds `event` and its deliveries, written only where `happened` holds (null: always). The
   * deliveries are due now, on the platform's clock, whenever the event says it occurred: an event
   * of a test clock's object occurs in the clock's simulated time (its `occurredAt`, perhaps years
   * ahead) yet is delivered at once, as Stripe's are (docs/webhooks.md).
   */
  emit(event: OutboxEvent, happened: SQL | null, options: EmitOptions = {}): void {
    const at = this.platform.now().toISOString();
    const [row, fanOut] = eventStatements(this.platform.db, event as EventValues, at, happened, options);
    this.statements.push(row, fanOut);
    this.fanOuts.push(this.statements.length - 1);
  }

  /** How many statements the batch holds so far. */
  get size(): number {
    return this.statements.length;
  }

  /** Commits the batch, enqueues the deliveries its events fanned out to; returns each statement's result. */
  async commit(): Promise<unknown[]> {
    if (this.statements.length === 0) return [];
    const results = (await this.platform.db.batch(this.statements as Statements)) as unknown[];
    await enqueueDeliveries(this.platform, this.fanOuts.flatMap((i) => deliveriesOf(results[i])));
    return results;
  }
}
