/**
 * The passkey ceremonies, browser side: registering the passkey of an invite, a signed-in member
 * adding one of their own (a new device: `POST /dashboard/api/passkeys`), and signing in with any
 * passkey of the service (discoverable credentials: no list of ids is sent, the passkey names its
 * member). @simplewebauthn/browser turns the server's JSON options into
 * `navigator.credentials.create/get` calls and their answers back into JSON.
 */
import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { callDashboard } from "./client";
import { registerPasskey, signIn, signInOptions } from "./endpoints";
import type { AddedPasskey, Member, PasskeyOptions, RegistrationOptions } from "./types";

/** Creates the invited member's passkey with `options` and registers it: resolves with the member, signed in. */
export async function createPasskey(token: string, options: RegistrationOptions): Promise<Member> {
  const response = await startRegistration({ optionsJSON: options.options });
  return (await registerPasskey(token, options.challengeId, response)).member;
}

/**
 * Adds a passkey of the signed-in member's own: fresh options (a challenge bound to them, which
 * lives 5 minutes and verifies once), the browser's ceremony, then the server's check. Resolves
 * with the passkey added.
 */
export async function addOwnPasskey(): Promise<AddedPasskey["passkey"]> {
  const { challengeId, options } = await callDashboard<PasskeyOptions>("/passkeys/registration-options", { method: "POST" });
  const response = await startRegistration({ optionsJSON: options });
  return (await callDashboard<AddedPasskey>("/passkeys", { method: "POST", body: { challengeId, response } })).passkey;
}

/** Signs in with a passkey the browser offers: resolves with the member, signed in. */
export async function signInWithPasskey(): Promise<Member> {
  const { challengeId, options } = await signInOptions();
  const response = await startAuthentication({ optionsJSON: options });
  return (await signIn(challengeId, response)).member;
}

/**
 * Why the browser's ceremony failed: `cancelled` (the member closed the prompt, or it timed out:
 * NotAllowedError), `unsupported` (no WebAuthn here), `registered` (adding a passkey on an
 * authenticator that already holds one of the member's: InvalidStateError), `other`. Null when
 * the error did not come from the browser's ceremony.
 */
export function ceremonyFailure(err: unknown): "cancelled" | "unsupported" | "registered" | "other" | null {
  if (err instanceof Error && /not supported in this browser/i.test(err.message)) return "unsupported";
  // WebAuthnError takes the browser's error name (NotAllowedError…); a DOMException has its own.
  if (!(err instanceof WebAuthnError || err instanceof DOMException)) return null;
  if (err.name === "NotAllowedError" || err.name === "AbortError") return "cancelled";
  if (err.name === "NotSupportedError") return "unsupported";
  // The options' excludeCredentials matched: this authenticator already holds a passkey of the member.
  if (err.name === "InvalidStateError") return "registered";
  return "other";
}
