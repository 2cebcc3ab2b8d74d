/**
 * The two passkey ceremonies, browser side: registering the passkey of an invite, and signing in
 * with any passkey of the service (discoverable credentials: no list of ids is sent, the passkey
 * names its member). @simplewebauthn/browser turns the server's JSON options into
 * `navigator.credentials.create/get` calls and their answers back into JSON.
 */
import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { registerPasskey, signIn, signInOptions } from "./endpoints";
import type { Member, RegistrationOptions } from "./types";

/** Creates the invited member's passkey with `options` and registers it: resolves with the member, signed in. */
export async function createPasskey(token: string, options: RegistrationOptions): Promise<Member> {
  const response = await startRegistration({ optionsJSON: options.options });
  return (await registerPasskey(token, options.challengeId, response)).member;
}

/** Signs in with a passkey the browser offers: resolves with the member, signed in. */
export async function signInWithPasskey(): Promise<Member> {
  const { challengeId, options } = await signInOptions();
  const response = await startAuthentication({ optionsJSON: options });
  return (await signIn(challengeId, response)).member;
}

/**
 * Why the browser's ceremony failed, in three kinds: `cancelled` (the member closed the prompt,
 * or it timed out: NotAllowedError), `unsupported` (no WebAuthn here), `other`. Null when the
 * error did not come from the browser's ceremony.
 */
export function ceremonyFailure(err: unknown): "cancelled" | "unsupported" | "other" | null {
  if (err instanceof Error && /not supported in this browser/i.test(err.message)) return "unsupported";
  // WebAuthnError takes the browser's error name (NotAllowedError…); a DOMException has its own.
  if (!(err instanceof WebAuthnError || err instanceof DOMException)) return null;
  if (err.name === "NotAllowedError" || err.name === "AbortError") return "cancelled";
  if (err.name === "NotSupportedError") return "unsupported";
  return "other";
}
