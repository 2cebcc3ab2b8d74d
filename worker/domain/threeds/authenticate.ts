/**
 * 3DS step 2, authenticate: the sandbox ACS decides by the test-card table (every other card is
 * frictionless). The session must be the caller's, still in SETUP, and the card the one setup
 * saw; in the pendingAction flow the amount and currency must be the transaction's. A frictionless
 * success issues the CAVV at once; a challenge answers `stepUpUrl`, the challenge page this
 * service serves; a failure ends the session.
 */
import { and, eq } from "drizzle-orm";
import { threedsSessions } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { CardInput } from "../../schemas/card";
import { namesNoCard, resolveCard } from "../cards/resolve-card";
import { testCard } from "../cards/test-cards";
import { cardFingerprint } from "../cards/vault-card";
import type { Scope } from "../scope";
import { payableBySecret } from "../transactions/pending-action";
import type { ThreeDsBillTo, ThreeDsBrowser } from "../../lib/threeds-server";
import { authenticateLive } from "./authenticate-live";
import { serverOfSession } from "./live";
import { accessTokenFor, cavvDigest, cavvFor, eciFor, findSession, newXid, THREEDS_VERSION } from "./session";

/** The authenticate request (the spec's body; device and billing data are checked by the schema). */
export interface AuthenticateInput {
  requestId: string;
  referenceId: string;
  card: CardInput;
  amount: number;
  currency: string;
  paymentMethod: string;
  returnUrl: string;
  /** Canonical (the schema maps other gateways' spellings). */
  deviceChannel: "BROWSER" | "APP" | "3RI";
  clientSecret?: string;
  /** True for a publishable key: only a pendingAction transaction's session is reachable. */
  browser?: boolean;
  /** The browser's fields (the live 3DS server's fallback for device data) and the billing details. */
  deviceInformation?: Omit<ThreeDsBrowser, "deviceChannel">;
  billing?: ThreeDsBillTo & { address2?: string };
  /** The caller's address as the host saw it: a browser's, sent when it could not say its own. */
  clientAddress?: string | null;
}

/** Authenticates and answers the spec's Authenticate result. */
export async function authenticateThreeDs(platform: Platform, scope: Scope, input: AuthenticateInput) {
  const session = await findSession(platform, scope, input.requestId, input.referenceId, input.browser);
  if (session.status !== "SETUP") {
    throw new ApiError("INVALID_STATE_TRANSITION", `This 3DS session is ${session.status}; authenticate runs once, after setup.`, {
      extensions: { currentStatus: session.status, allowedStatuses: ["SETUP"] },
    });
  }
  if (session.transactionId) {
    const tx = await payableBySecret(platform, scope, session.transactionId, input.clientSecret);
    if (tx.row.amount !== input.amount || tx.row.currency !== input.currency) {
      throw validationError([{ path: "amount", in: "body", code: "mismatch", message: "must be the transaction's amount and currency" }]);
    }
  }
  const card = await resolveCard(platform, scope, session.cardId && namesNoCard(input.card) ? { cardToken: session.cardId } : input.card);
  const fingerprint = await cardFingerprint(platform, card.pan);
  if (fingerprint !== session.cardFingerprint) {
    throw validationError([{ path: "card", in: "body", code: "mismatch", message: "must be the card sent to setup for this requestId" }]);
  }
  const server = serverOfSession(platform, session);
  if (server) return authenticateLive(platform, server, session, input, card);
  const outcome = scope.livemode ? "frictionless" : (testCard(card.pan)?.threeDs ?? "frictionless");
  const authenticationId = crypto.randomUUID();
  const at = platform.now().toISOString();
  const ids = {
    xid: card.brand === "VISA" ? newXid() : null,
    dsTransactionId: crypto.randomUUID(),
    serverTransactionId: crypto.randomUUID(),
  };
  const cavv = outcome === "frictionless" ? await cavvFor(platform, { authenticationId, cardFingerprint: fingerprint, amount: input.amount, currency: input.currency, sellerId: scope.sellerId }) : null;
  const status = outcome === "frictionless" ? "AUTHENTICATED" : outcome === "challenge" ? "CHALLENGE_REQUIRED" : "FAILED";
  const [moved] = await platform.db
    .update(threedsSessions)
    .set({
      status,
      authenticationId,
      amount: input.amount,
      currency: input.currency,
      returnUrl: input.returnUrl,
      cavvDigest: cavv ? await cavvDigest(platform, cavv) : null,
      eci: outcome === "frictionless" ? eciFor(card.brand) : null,
      ...ids,
      updatedAt: at,
    })
    .where(and(eq(threedsSessions.id, session.id), eq(threedsSessions.status, "SETUP")))
    .returning({ id: threedsSessions.id });
  if (!moved) throw new ApiError("CONCURRENT_MODIFICATION", "This 3DS session was authenticated by another request.", { headers: { "Retry-After": "1" } });
  const common = { authenticationTransactionId: authenticationId, deviceChannel: input.deviceChannel, accessToken: await accessTokenFor(platform, session.id), specificationVersion: THREEDS_VERSION };
  if (outcome === "failed") return { code: "AUTHENTICATION_FAILED" as const, ...common };
  if (outcome === "challenge") {
    return { code: "PENDING_CHALLENGE" as const, ...common, stepUpUrl: `${platform.config.baseUrl}/3ds/challenge/${authenticationId}` };
  }
  return {
    code: "AUTHENTICATION_SUCCESSFUL" as const,
    ...common,
    cavv: cavv!,
    xid: ids.xid,
    eci: eciFor(card.brand),
    directoryServerTransactionId: ids.dsTransactionId,
    threeDsServerTransactionId: ids.serverTransactionId,
  };
}
