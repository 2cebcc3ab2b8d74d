/**
 * One attempt of a webhook delivery: claim it, POST the event, record what happened.
 *
 * 1. Claim: a guarded UPDATE takes a lease (the POST's timeout + LEASE_MARGIN_MS) on a
 *    PENDING delivery that is due and not leased, counting the attempt. Whoever loses (the queue
 *    and the sweep racing, a duplicate message) sends nothing.
 * 2. POST the envelope's exact bytes with `X-Service-Signature` (the spec's HMAC) and the
 *    Standard Webhooks headers, within the timeout (15 s), unless the destination is refused:
 *    the stored URL is checked again against today's rules (normalizeWebhookUrl: a URL stored
 *    under older ones is not grandfathered), and the host's egress (Platform.webhookFetch, on
 *    Node) refuses a host that resolves to a non-public address. A refused attempt sends nothing
 *    and fails like any other, so it is retried on the same schedule (a DNS record may be fixed).
 * 3. Record: the attempt row (time, status, duration, error, the first 1 KB of the answer, kept
 *    for public receivers only) and
 *    the delivery's next state in one batch: DELIVERED on a 2xx; else FAILED when its attempts
 *    are spent, or PENDING again in RETRY_SECONDS.
 * A crash between the POST and the record leaves the lease to expire and the attempt to be made
 * again: at least once. Consumers drop duplicates by the envelope's `id`.
 */
import { eq } from "drizzle-orm";
import { serviceSignature, standardWebhookHeaders } from "../../../shared/webhooks";
import { webhookDeliveries } from "../../db/schema";
import type { Platform, WebhookAnswer } from "../../platform";
import { envelopeOf } from "../events/envelope";
import { claimAttempt, recordAttempt } from "./attempt-store";
import { isLoopbackHost, normalizeWebhookUrl, WebhookRefusedError } from "./url";

/**
 * How long a claimed attempt is held beyond the POST's timeout (for the claim and the record), so
 * a live attempt keeps its lease and one that died frees it soon after.
 */
export const LEASE_MARGIN_MS = 10_000;
/** Seconds between attempts (the spec's default interval). */
export const RETRY_SECONDS = 60;
/** The POST's timeout (the spec's "about 15 seconds"); PlatformConfig.webhookTimeoutMs overrides. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** How much of a receiver's answer is kept with the attempt. */
const EXCERPT_BYTES = 1024;

/** What an attempt came to. `retry`: failed, another attempt is scheduled. */
export type AttemptOutcome = "delivered" | "retry" | "failed" | "skipped";

/** Makes one attempt at `deliveryId` if it is due and nobody else holds it. */
export async function deliverWebhook(platform: Platform, deliveryId: string): Promise<AttemptOutcome> {
  const { db, vault } = platform;
  const started = platform.now();
  const at = started.toISOString();
  const leaseMs = (platform.config.webhookTimeoutMs ?? DELIVERY_TIMEOUT_MS) + LEASE_MARGIN_MS;
  // The claim and what the POST needs, in one batch (one round trip, one commit): the reads find
  // the delivery's webhook and event whether or not the claim was won, and are ignored if not.
  const claimed = await claimAttempt(db, deliveryId, at, new Date(started.getTime() + leaseMs).toISOString());
  if (!claimed) return "skipped";
  const { webhook, event } = claimed;
  if (!webhook || !event) {
    // Deleted meanwhile: nothing to send to, and nothing will be.
    const d = webhookDeliveries;
    await db.update(d).set({ status: "CANCELLED", leaseUntil: null, completedAt: at, updatedAt: at }).where(eq(d.id, deliveryId));
    return "skipped";
  }
  const body = JSON.stringify(envelopeOf(event));
  const secret = await vault.open(webhook.secret);
  // Both signatures at once (with WebCrypto's primitive each is a round trip to its thread pool).
  const hmac = platform.webhookHmac;
  const [signature, standard] = await Promise.all([
    serviceSignature(body, secret, hmac),
    standardWebhookHeaders({ id: deliveryId, timestamp: started, rawBody: body, secret, hmac }),
  ]);
  const headers = {
    "Content-Type": "application/json",
    Accept: "application/json",
    "X-Service-Signature": signature,
    ...standard,
    "X-Webhook-Delivery-Id": deliveryId,
    "X-Webhook-Event-Id": event.id,
    "X-Webhook-Attempt": String(claimed.attempts),
  };
  // The stored URL against today's rules, on either host: a URL registered before a rule existed
  // (or written around the API) is refused the way a new one would be.
  const stillAllowed = normalizeWebhookUrl(webhook.url, webhook.livemode);
  const result = stillAllowed.problem
    ? { status: null, error: `refused: the URL ${stillAllowed.problem}`, excerpt: null, durationMs: 0, refused: true }
    : await post(platform, webhook.url, body, headers, webhook.livemode);
  // A loopback target (test keys only) is this machine: its answers are not the seller's to read,
  // and "refused" against "timed out" would map its open ports (docs/webhooks.md). Any other
  // answer came from a public address: the Node egress connects to no other (a name resolving
  // to a private one is refused before sending), and the Worker's egress reaches no other.
  if (isLoopbackHost(new URL(webhook.url).hostname) && !result.refused) Object.assign(result, { excerpt: null, error: result.error && result.status === null ? "no HTTP answer" : result.error });
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const spent = claimed.attempts >= claimed.attemptLimit;
  const recordedAt = platform.now().toISOString();
  await recordAttempt(db, deliveryId, {
    attempt: claimed.attempts,
    startedAt: at,
    durationMs: result.durationMs,
    httpStatus: result.status,
    error: result.error,
    excerpt: result.excerpt,
    recordedAt,
    status: delivered ? "DELIVERED" : spent ? "FAILED" : "PENDING",
    nextAttemptAt: delivered || spent ? null : new Date(platform.now().getTime() + RETRY_SECONDS * 1000).toISOString(),
    completedAt: delivered || spent ? recordedAt : null,
  });
  const outcome = delivered ? "delivered" : spent ? "failed" : "retry";
  // A failed attempt is an operator's concern: which endpoint (its host only: paths and queries may
  // carry the seller's tokens), what it answered, which attempt, and whether another follows.
  if (!delivered) {
    platform.log({
      msg: "webhook.attempt_failed",
      level: spent ? "error" : "warn",
      deliveryId,
      webhookId: webhook.id,
      host: new URL(webhook.url).host,
      httpStatus: result.status,
      error: result.error,
      attempt: claimed.attempts,
      outcome,
    });
  }
  platform.observe?.({ kind: "webhook.attempt", outcome, httpStatus: result.status, durationMs: result.durationMs });
  return outcome;
}

/** What one POST came to: `refused` when nothing was sent because of where it would have gone. */
interface PostResult {
  status: number | null;
  error: string | null;
  excerpt: string | null;
  durationMs: number;
  refused?: boolean;
}

/**
 * The POST, bounded by the timeout; never throws. Through the host's guarded egress when it has
 * one (Node), else through its fetch (the Worker; tests).
 */
async function post(platform: Platform, url: string, body: string, headers: Record<string, string>, livemode: boolean): Promise<PostResult> {
  const startedAt = performance.now();
  const timeoutMs = platform.config.webhookTimeoutMs ?? DELIVERY_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const answer = platform.webhookFetch
      ? await platform.webhookFetch({ url, body, headers, signal, livemode, excerptBytes: EXCERPT_BYTES })
      : await answerOf(await platform.fetch(url, { method: "POST", body, headers, redirect: "manual", signal }));
    const ok = answer.status >= 200 && answer.status < 300;
    return { status: answer.status, error: ok ? null : `HTTP ${answer.status}`, excerpt: answer.excerpt, durationMs: Math.round(performance.now() - startedAt) };
  } catch (err) {
    const durationMs = Math.round(performance.now() - startedAt);
    if (err instanceof WebhookRefusedError) return { status: null, error: `refused: ${err.message}`, excerpt: null, durationMs, refused: true };
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    const error = timedOut ? `timed out after ${timeoutMs} ms` : `network error: ${err instanceof Error ? err.message : String(err)}`;
    return { status: null, error, excerpt: null, durationMs };
  }
}

/** A fetch Response as the delivery records it: its status and the first EXCERPT_BYTES of its body, as text. */
async function answerOf(res: Response): Promise<WebhookAnswer> {
  return { status: res.status, excerpt: await readExcerpt(res) };
}

async function readExcerpt(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < EXCERPT_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => {});
  const bytes = new Uint8Array(Math.min(size, EXCERPT_BYTES));
  let offset = 0;
  for (const c of chunks) {
    const part = c.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset >= bytes.length) break;
  }
  return new TextDecoder().decode(bytes);
}
