/**
 * Live 3DS: the session's steps run at the 3DS server (Cybersource Payer Authentication, behind
 * lib/threeds-server.ts) instead of the sandbox's own. The session row is the same; what the
 * server issued is kept beside it (`provider…` columns), and its CAVV sealed by the vault until a
 * sale uses it, since a live CAVV cannot be recomputed as the sandbox's is.
 *
 * The buyer's browser only ever opens the gateway's pages (routes/threeds-pages.ts): they relay to
 * Cardinal's device-data and step-up pages, check that Cardinal's messages come from its origin,
 * and receive the ACS's return. So a seller's CSP names one origin, and the widget is the same in
 * both modes (docs/cards.md, "Going live").
 */
import { and, eq } from "drizzle-orm";
import { cards, threedsSessions } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import { ThreeDsRejectedError, ThreeDsUnavailableError, type ThreeDsAuthenticated, type ThreeDsCard, type ThreeDsServer } from "../../lib/threeds-server";
import type { Platform } from "../../platform";
import type { ResolvedCard } from "../cards/resolve-card";
import type { Scope } from "../scope";
import { cavvDigest, type ThreeDsSessionRow } from "./session";

/** The mode's 3DS server when it is a real one: live with one configured. */
export function liveThreeDsOf(platform: Platform, scope: Pick<Scope, "livemode">): ThreeDsServer | null {
  return scope.livemode ? (platform.acquirers.liveThreeDs ?? null) : null;
}

/** The server of a session that ran at one (null: the sandbox's own). */
export function serverOfSession(platform: Platform, session: ThreeDsSessionRow): ThreeDsServer | null {
  const server = session.provider && session.livemode ? platform.acquirers.liveThreeDs : null;
  if (session.provider && (!server || server.name !== session.provider)) {
    throw new ApiError("LIVE_MODE_UNAVAILABLE", "This 3DS session ran at a 3DS server this installation no longer has configured; start again with setup.");
  }
  return server ?? null;
}

/** The card as the 3DS server takes it. */
export function threeDsCard(card: Pick<ResolvedCard, "pan" | "expMonth" | "expYear" | "brand">): ThreeDsCard {
  return { number: card.pan, expMonth: card.expMonth, expYear: card.expYear, brand: card.brand };
}

/** A 3DS server's failure as the caller's problem: 503 with Retry-After, or 502; nothing was changed. */
export function threeDsProblem(platform: Platform, error: unknown, doing: string): unknown {
  if (error instanceof ThreeDsUnavailableError) {
    return new ApiError("THREEDS_SERVER_UNAVAILABLE", `The 3DS server could not ${doing} now: nothing was changed; try again in a few seconds.`, {
      headers: { "Retry-After": "5" },
    });
  }
  if (error instanceof ThreeDsRejectedError) {
    platform.log({ level: "warn", msg: "threeds.rejected", doing, reason: error.reason });
    return new ApiError("THREEDS_SERVER_REJECTED", `The 3DS server refused to ${doing} (${error.reason}).`);
  }
  return error;
}

/** Runs one call at the 3DS server, its failures as the caller's problems. */
export async function atServer<T>(platform: Platform, doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw threeDsProblem(platform, error, doing);
  }
}

/** The columns of an authentication the server concluded successfully. */
export async function authenticatedColumns(platform: Platform, result: ThreeDsAuthenticated) {
  return {
    status: "AUTHENTICATED" as const,
    providerAuthenticationId: result.authenticationTransactionId,
    cavvDigest: await cavvDigest(platform, result.cavv),
    cavvSealed: await platform.vault.seal(result.cavv),
    eci: result.eci,
    xid: result.xid,
    dsTransactionId: result.directoryServerTransactionId,
    serverTransactionId: result.threeDsServerTransactionId,
    specificationVersion: result.specificationVersion,
  };
}

/**
 * After the ACS's return (or when challenge-result finds it has not been read yet): validate at
 * the server and record how the challenge ended. Null when the session is not waiting for one.
 */
export async function finishLiveChallenge(platform: Platform, session: ThreeDsSessionRow, card: ThreeDsCard): Promise<ThreeDsSessionRow | null> {
  const server = serverOfSession(platform, session);
  if (!server || session.status !== "CHALLENGE_REQUIRED" || !session.providerAuthenticationId) return null;
  const result = await atServer(platform, "read the challenge's result", () =>
    server.validate({ reference: session.id, authenticationTransactionId: session.providerAuthenticationId!, card, amount: session.amount!, currency: session.currency! }),
  );
  const changes = result.status === "AUTHENTICATED" ? await authenticatedColumns(platform, result) : { status: "FAILED" as const };
  const [moved] = await platform.db
    .update(threedsSessions)
    .set({ ...changes, providerToken: null, updatedAt: platform.now().toISOString() })
    .where(and(eq(threedsSessions.id, session.id), eq(threedsSessions.status, "CHALLENGE_REQUIRED")))
    .returning();
  // Lost: another request read the same result first; theirs is the session's now.
  return moved ?? (await platform.db.select().from(threedsSessions).where(eq(threedsSessions.id, session.id)).limit(1))[0] ?? null;
}

/** The session's card, opened from the vault for a call to the 3DS server (setup vaulted it). */
export async function sessionCard(platform: Platform, session: ThreeDsSessionRow): Promise<ThreeDsCard> {
  const [row] = session.cardId ? await platform.db.select().from(cards).where(eq(cards.id, session.cardId)).limit(1) : [];
  if (!row) throw new ApiError("INVALID_STATE_TRANSITION", "The card of this 3DS session is no longer in the vault; start again with setup.");
  return { number: await platform.vault.open(row.pan), expMonth: row.expMonth, expYear: row.expYear, brand: row.brand };
}

/**
 * The ACS's return to the gateway's page, with Cardinal's `TransactionId`: marks the challenge
 * returned (its step-up JWT spent) and reads its result at the server. Null when no challenge of
 * that id waits for that TransactionId. When the server cannot be read now, the session stays
 * CHALLENGE_REQUIRED, returned, and challenge-result reads it.
 */
export async function returnFromLiveChallenge(platform: Platform, authenticationId: string, providerTransactionId: string) {
  const [session] = await platform.db.select().from(threedsSessions).where(eq(threedsSessions.authenticationId, authenticationId)).limit(1);
  if (!session?.provider || session.status !== "CHALLENGE_REQUIRED" || session.providerAuthenticationId !== providerTransactionId) return null;
  if (session.expiresAt <= platform.now().toISOString()) return null;
  const [returned] = await platform.db
    .update(threedsSessions)
    .set({ providerToken: null, updatedAt: platform.now().toISOString() })
    .where(and(eq(threedsSessions.id, session.id), eq(threedsSessions.status, "CHALLENGE_REQUIRED")))
    .returning();
  if (!returned) return null;
  let finished: ThreeDsSessionRow | null = null;
  try {
    finished = await finishLiveChallenge(platform, returned, await sessionCard(platform, returned));
  } catch (error) {
    platform.log({ level: "warn", msg: "threeds.return_unread", error: error instanceof ApiError ? error.code : "error" });
  }
  const status = finished?.status === "AUTHENTICATED" ? "AUTHENTICATION_SUCCESSFUL" : finished?.status === "FAILED" ? "AUTHENTICATION_FAILED" : "PENDING";
  return { status, returnUrl: session.returnUrl!, requestId: session.id, authenticationId } as const;
}

/** Where the gateway's relay page sends the browser next: Cardinal's page, its JWT, and its origin. */
export interface RelayTarget {
  pageUrl: string;
  token: string;
  pagesOrigin: string;
}

/**
 * What the gateway's page at a live session's device-data or challenge URL relays to: null when
 * the id names no live session (the sandbox's page answers), `{ target: null }` when it is live
 * but past that step or expired (the page says so: it never falls back to the sandbox's).
 */
export async function relayOf(platform: Platform, by: { referenceId: string } | { authenticationId: string }): Promise<{ target: RelayTarget | null } | null> {
  const where = "referenceId" in by ? eq(threedsSessions.referenceId, by.referenceId) : eq(threedsSessions.authenticationId, by.authenticationId);
  const [session] = await platform.db.select().from(threedsSessions).where(where).limit(1);
  if (!session?.provider) return null;
  const step = "referenceId" in by ? "SETUP" : "CHALLENGE_REQUIRED";
  const server = session.livemode ? platform.acquirers.liveThreeDs : null;
  const usable = server && session.status === step && session.providerPageUrl && session.providerToken && session.expiresAt > platform.now().toISOString();
  return { target: usable ? { pageUrl: session.providerPageUrl!, token: session.providerToken!, pagesOrigin: server.pagesOrigin } : null };
}
