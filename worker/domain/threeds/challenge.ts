/**
 * 3DS step 3: the challenge. The page at `stepUpUrl` (routes/threeds-pages.ts) stands in for the
 * issuer's ACS and asks for a one-time code: CHALLENGE_CODE passes, anything else fails (one try,
 * as many issuers allow). Then challenge-result tells the caller how it ended, with the CAVV of a
 * success, computed for the card, amount and currency the session was authenticated for.
 */
import { and, eq } from "drizzle-orm";
import { threedsSessions } from "../../db/schema";
import { ApiError, notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import { CHALLENGE_CODE } from "../cards/test-cards";
import type { Scope } from "../scope";
import { payableBySecret } from "../transactions/pending-action";
import { finishLiveChallenge, sessionCard } from "./live";
import { cavvDigest, cavvFor, eciFor, findSession, sessionByAuthentication, sessionCavv, THREEDS_VERSION, type ThreeDsSessionRow } from "./session";

const bindingOf = (s: ThreeDsSessionRow) => ({
  authenticationId: s.authenticationId!,
  cardFingerprint: s.cardFingerprint,
  amount: s.amount!,
  currency: s.currency!,
  sellerId: s.sellerId,
});

/** The challenge page's submit: the session's outcome, and where to send the browser back to. */
export async function completeChallenge(platform: Platform, authenticationId: string, code: string) {
  const session = await sessionByAuthentication(platform, authenticationId);
  // A live session's challenge is the issuer's, at Cardinal's page: this one never answers it.
  if (!session || session.provider || session.status !== "CHALLENGE_REQUIRED" || session.expiresAt <= platform.now().toISOString()) return null;
  const passed = code.trim() === CHALLENGE_CODE;
  const cavv = passed ? await cavvFor(platform, bindingOf(session)) : null;
  const [moved] = await platform.db
    .update(threedsSessions)
    .set({
      status: passed ? "AUTHENTICATED" : "FAILED",
      cavvDigest: cavv ? await cavvDigest(platform, cavv) : null,
      eci: passed ? eciFor(session.brand) : null,
      updatedAt: platform.now().toISOString(),
    })
    .where(and(eq(threedsSessions.id, session.id), eq(threedsSessions.status, "CHALLENGE_REQUIRED")))
    .returning({ id: threedsSessions.id });
  if (!moved) return null;
  return { passed, returnUrl: session.returnUrl!, requestId: session.id, authenticationId };
}

/** What the challenge page shows: null when there is no challenge waiting under that id. */
export async function pendingChallenge(platform: Platform, authenticationId: string) {
  const session = await sessionByAuthentication(platform, authenticationId);
  // A live session's challenge is the issuer's, at Cardinal's page: this one never answers it.
  if (!session || session.provider || session.status !== "CHALLENGE_REQUIRED" || session.expiresAt <= platform.now().toISOString()) return null;
  return { amount: session.amount!, currency: session.currency!, brand: session.brand };
}

/** The spec's Challenge result, once the browser came back from the challenge page. */
export async function challengeResult(platform: Platform, scope: Scope, input: { requestId: string; authenticationTransactionId: string; clientSecret?: string; browser?: boolean }) {
  let session = await findSession(platform, scope, input.requestId, undefined, input.browser);
  if (session.authenticationId !== input.authenticationTransactionId) throw notFound("3DS authentication", input.authenticationTransactionId);
  if (session.transactionId) await payableBySecret(platform, scope, session.transactionId, input.clientSecret);
  // Live: the ACS returned (its JWT spent) but the result was not read then: read it now.
  if (session.provider && session.status === "CHALLENGE_REQUIRED" && session.providerToken === null) {
    session = (await finishLiveChallenge(platform, session, await sessionCard(platform, session))) ?? session;
  }
  if (session.status === "CHALLENGE_REQUIRED") {
    throw new ApiError("INVALID_STATE_TRANSITION", "The challenge has not been completed yet: the buyer must finish it at stepUpUrl first.", {
      extensions: { currentStatus: session.status },
    });
  }
  const ids = {
    threeDsServerTransactionId: session.serverTransactionId,
    directoryServerTransactionId: session.dsTransactionId,
    secureVersion: session.specificationVersion ?? THREEDS_VERSION,
  };
  if (session.status !== "AUTHENTICATED") return { status: "AUTHENTICATION_FAILED" as const, ...ids, xid: null, cavv: null, eci: null };
  return { status: "AUTHENTICATION_SUCCESSFUL" as const, ...ids, xid: session.xid, cavv: await sessionCavv(platform, session), eci: session.eci };
}
