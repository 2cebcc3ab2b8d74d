/**
 * The WebAuthn relying party is the service itself: its origin is PUBLIC_BASE_URL's (on `npm
 * start`, http://localhost:PORT), its RP ID that origin's host. A passkey made for another origin
 * is refused, and so is a request whose `Origin` is not this one (http/dashboard-session.ts).
 */
import type { Platform } from "../../platform";

/** The relying party's name, origin and ID. */
export interface RelyingParty {
  name: string;
  origin: string;
  id: string;
}

/** The relying party of a platform. */
export function relyingParty(platform: Platform): RelyingParty {
  const url = new URL(platform.config.baseUrl);
  return { name: "Pay", origin: url.origin, id: url.hostname };
}
