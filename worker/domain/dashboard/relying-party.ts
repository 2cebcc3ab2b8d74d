/**
 * The WebAuthn relying party is the service itself: its origin is PUBLIC_BASE_URL's, its RP ID
 * that origin's host. A passkey made for another origin is refused, and so is a change whose
 * `Origin` is not this one (http/dashboard-session.ts).
 *
 * One exception: browsers refuse WebAuthn on an IP address ("invalid domain"), and `npm start`'s
 * default base is http://127.0.0.1:PORT. A loopback address is therefore served to the dashboard
 * as `localhost` on the same port (the same machine, the one host name browsers treat as secure
 * over plain http); the invite links and the Origin check say so.
 */
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";

/** The relying party's name, origin and ID. */
export interface RelyingParty {
  name: string;
  origin: string;
  id: string;
}

const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "[::1]"]);

/** The origin the dashboard is served on, for a service whose base URL is `baseUrl`. */
export function dashboardOrigin(baseUrl: string): URL {
  const url = new URL(baseUrl);
  if (LOOPBACK_ADDRESSES.has(url.hostname)) url.hostname = "localhost";
  return new URL(url.origin);
}

/** The relying party of a platform. */
export function relyingParty(platform: Pick<Platform, "config">): RelyingParty {
  const url = dashboardOrigin(platform.config.baseUrl);
  return { name: "Pay", origin: url.origin, id: url.hostname };
}

/** Runs a WebAuthn verification: any failure, thrown or reported, is the 400 PASSKEY_INVALID saying why. */
export async function verifyPasskey<T extends { verified: boolean }>(verification: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await verification();
  } catch (e) {
    throw new ApiError("PASSKEY_INVALID", `The passkey could not be verified: ${(e as Error).message}`);
  }
  if (!result.verified) throw new ApiError("PASSKEY_INVALID", "The passkey could not be verified.");
  return result;
}
