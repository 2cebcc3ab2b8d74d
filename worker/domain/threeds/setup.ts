/**
 * 3DS step 1, setup: the card is resolved (and, in the pendingAction flow, vaulted for the
 * transaction), smart routing names the acquirer the sale will go to, and a session is opened.
 * The answer points the browser at the device-data-collection page this service serves.
 */
import { insertWhere } from "../../db/guarded";
import { threedsSessions } from "../../db/schema";
import { cardAttemptsExceeded, hasRoomForCard, roomForCardSql } from "./attempts";
import type { Platform } from "../../platform";
import type { CardInput } from "../../schemas/card";
import { cardAcquirersFor } from "../acquirers/acquirer";
import { routeCard } from "../acquirers/routing";
import { namesNoCard, resolveCard } from "../cards/resolve-card";
import { cardFingerprint, vaultCard } from "../cards/vault-card";
import type { Scope } from "../scope";
import { payableBySecret } from "../transactions/pending-action";
import { atServer, liveThreeDsOf, threeDsCard } from "./live";
import { accessTokenFor, SESSION_MINUTES, type ThreeDsSessionRow } from "./session";

/** The setup request: the card, and for the pendingAction flow the transaction and its secret. */
export interface SetupInput {
  card: CardInput;
  transactionId?: string;
  clientSecret?: string;
}

/** Opens a 3DS session and answers the spec's Setup result. */
export async function setupThreeDs(platform: Platform, scope: Scope, input: SetupInput) {
  const acquirers = cardAcquirersFor(platform.acquirers, scope.livemode);
  const tx = input.transactionId ? await payableBySecret(platform, scope, input.transactionId, input.clientSecret) : null;
  // The server may have sent the card when it created the transaction: then the browser need not.
  const cardInput = tx?.row.cardId && namesNoCard(input.card) ? { cardToken: tx.row.cardId } : input.card;
  const card = await resolveCard(platform, scope, cardInput, "card", tx?.row.buyerId);
  const fingerprint = await cardFingerprint(platform, card.pan);
  // Card testing: a transaction past its cards is refused before anything is vaulted (attempts.ts).
  if (tx && !(await hasRoomForCard(platform, tx.row, fingerprint))) throw await cardAttemptsExceeded(platform, tx.row);
  const server = liveThreeDsOf(platform, scope);
  // The browser's card must outlive this request for confirm to charge it, and a live session's
  // for the 3DS server's validate after a challenge: vault it for this sale.
  const row =
    card.row ??
    (tx || server
      ? await vaultCard(platform, scope, { card: { number: card.pan, expirationMonth: card.expMonth, expirationYear: card.expYear, holderName: card.holderName }, buyerId: tx?.row.buyerId ?? null, type: "SINGLE_USE" })
      : null);
  const now = platform.now();
  const session: ThreeDsSessionRow = {
    id: crypto.randomUUID(),
    referenceId: crypto.randomUUID(),
    sellerId: scope.sellerId,
    livemode: scope.livemode,
    transactionId: tx?.row.id ?? null,
    status: "SETUP",
    cardFingerprint: fingerprint,
    brand: card.brand,
    cardId: row?.id ?? null,
    acquirer: routeCard(acquirers, card.brand, tx?.row.amount)[0]!.name,
    authenticationId: null,
    amount: null,
    currency: null,
    returnUrl: null,
    cavvDigest: null,
    xid: null,
    eci: null,
    dsTransactionId: null,
    serverTransactionId: null,
    provider: null,
    providerReferenceId: null,
    providerAuthenticationId: null,
    providerPageUrl: null,
    providerToken: null,
    specificationVersion: null,
    cavvSealed: null,
    usedBy: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_MINUTES * 60_000).toISOString(),
  };
  // Live: the 3DS server opens its own session first; no session is written when it cannot.
  if (server) {
    const opened = await atServer(platform, "set up the authentication", () => server.setup({ reference: session.id, card: threeDsCard(card) }));
    Object.assign(session, {
      provider: server.name,
      providerReferenceId: opened.referenceId,
      providerPageUrl: opened.deviceDataCollectionUrl,
      providerToken: opened.accessToken,
    });
  }
  if (tx) {
    // Under concurrency the count is checked again where the session is written.
    const [written] = (await platform.db.batch([insertWhere(platform.db, threedsSessions, session, roomForCardSql(tx.row.id, fingerprint))])) as [{ rowsAffected: number }];
    if (written.rowsAffected === 0) throw await cardAttemptsExceeded(platform, tx.row);
  } else {
    await platform.db.insert(threedsSessions).values(session);
  }
  return {
    code: "SETUP_COMPLETED",
    // Live: the 3DS server's JWT; the URL stays the gateway's page, which relays it to Cardinal's.
    accessToken: session.providerToken ?? (await accessTokenFor(platform, session.id)),
    deviceDataCollectionUrl: `${platform.config.baseUrl}/3ds/device-data/${session.referenceId}`,
    referenceId: session.referenceId,
    requestId: session.id,
    cardAcquirer: session.acquirer,
  };
}
