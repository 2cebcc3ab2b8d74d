/**
 * 3DS step 2 for a live session: enrollment at the 3DS server with the browser's fields. The
 * server decides: frictionless (its CAVV sealed on the session, answered once to the caller),
 * a challenge (the step-up URL and JWT kept for the gateway's challenge page, which relays the
 * buyer to Cardinal's), or failed. The ACS returns to the gateway's page
 * (routes/threeds-pages.ts), never to the caller's `returnUrl` directly: that page reads the
 * result and then tells the widget, or sends a browser that came on its own to `returnUrl`.
 */
import { and, eq } from "drizzle-orm";
import { threedsSessions } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import type { ThreeDsServer } from "../../lib/threeds-server";
import type { Platform } from "../../platform";
import type { ResolvedCard } from "../cards/resolve-card";
import type { AuthenticateInput } from "./authenticate";
import { atServer, authenticatedColumns, threeDsCard } from "./live";
import { THREEDS_PAGE_RETURN_PATH, type ThreeDsSessionRow } from "./session";

/** Enrolls the session's card at `server` and answers the spec's Authenticate result. */
export async function authenticateLive(platform: Platform, server: ThreeDsServer, session: ThreeDsSessionRow, input: AuthenticateInput, card: ResolvedCard) {
  const authenticationId = crypto.randomUUID();
  // The route's schema requires it; a direct caller without it is a programming error.
  const device = input.deviceInformation!;
  const result = await atServer(platform, "authenticate the card", () =>
    server.enroll({
      reference: session.id,
      referenceId: session.providerReferenceId!,
      card: threeDsCard(card),
      amount: input.amount,
      currency: input.currency,
      returnUrl: `${platform.config.baseUrl}${THREEDS_PAGE_RETURN_PATH}/${authenticationId}`,
      browser: { deviceChannel: input.deviceChannel, ...device, ipAddress: device.ipAddress ?? input.clientAddress ?? undefined, httpBrowserJavaScriptEnabled: "true" },
      ...(input.billing && { billTo: input.billing }),
    }),
  );
  const changes =
    result.status === "AUTHENTICATED"
      ? await authenticatedColumns(platform, result)
      : result.status === "CHALLENGE"
        ? {
            status: "CHALLENGE_REQUIRED" as const,
            providerAuthenticationId: result.authenticationTransactionId,
            providerPageUrl: result.stepUpUrl,
            providerToken: result.accessToken,
            specificationVersion: result.specificationVersion,
          }
        : { status: "FAILED" as const, providerAuthenticationId: result.authenticationTransactionId };
  const [moved] = await platform.db
    .update(threedsSessions)
    .set({ ...changes, authenticationId, amount: input.amount, currency: input.currency, returnUrl: input.returnUrl, updatedAt: platform.now().toISOString() })
    .where(and(eq(threedsSessions.id, session.id), eq(threedsSessions.status, "SETUP")))
    .returning({ id: threedsSessions.id });
  if (!moved) throw new ApiError("CONCURRENT_MODIFICATION", "This 3DS session was authenticated by another request.", { headers: { "Retry-After": "1" } });
  const common = { authenticationTransactionId: authenticationId, deviceChannel: input.deviceChannel };
  if (result.status === "FAILED") return { code: "AUTHENTICATION_FAILED" as const, ...common };
  if (result.status === "CHALLENGE") {
    return {
      code: "PENDING_CHALLENGE" as const,
      ...common,
      accessToken: result.accessToken,
      specificationVersion: result.specificationVersion,
      stepUpUrl: `${platform.config.baseUrl}/3ds/challenge/${authenticationId}`,
    };
  }
  return {
    code: "AUTHENTICATION_SUCCESSFUL" as const,
    ...common,
    specificationVersion: result.specificationVersion,
    cavv: result.cavv,
    xid: result.xid,
    eci: result.eci,
    ...(result.directoryServerTransactionId && { directoryServerTransactionId: result.directoryServerTransactionId }),
    ...(result.threeDsServerTransactionId && { threeDsServerTransactionId: result.threeDsServerTransactionId }),
  };
}
