/**
 * WebAuthn challenges: each is a row that lives CHALLENGE_SECONDS and is deleted by the request
 * that uses it (DELETE … RETURNING), so a signed response can be verified once, by one request.
 */
import { and, eq, gt, lte } from "drizzle-orm";
import { dashboardChallenges } from "../../db/schema";
import { toBase64url } from "../../lib/base64url";
import type { Platform } from "../../platform";

/** How long a challenge waits for the browser's answer. */
export const CHALLENGE_SECONDS = 300;

type Purpose = (typeof dashboardChallenges.$inferSelect)["purpose"];

/** A new challenge (base64url, 32 random bytes) for `purpose`, bound to an invite or a member if given; its id and value. */
export async function issueChallenge(platform: Platform, purpose: Purpose, inviteId: string | null = null, memberId: string | null = null) {
  const now = platform.now();
  const challenge = toBase64url(crypto.getRandomValues(new Uint8Array(32)));
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + CHALLENGE_SECONDS * 1000).toISOString();
  // Expired challenges go with the next one issued: the table holds only the last few minutes'.
  await platform.db.batch([
    platform.db.delete(dashboardChallenges).where(lte(dashboardChallenges.expiresAt, now.toISOString())),
    platform.db.insert(dashboardChallenges).values({ id, challenge, purpose, inviteId, memberId, expiresAt }),
  ]);
  return { id, challenge };
}

/** Takes challenge `id` for `purpose` (deleting it); null when unknown, used or expired. */
export async function takeChallenge(platform: Platform, id: string, purpose: Purpose) {
  const [row] = await platform.db
    .delete(dashboardChallenges)
    .where(and(eq(dashboardChallenges.id, id), eq(dashboardChallenges.purpose, purpose), gt(dashboardChallenges.expiresAt, platform.now().toISOString())))
    .returning();
  return row ?? null;
}
