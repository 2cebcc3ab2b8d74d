/**
 * Signing in with a passkey (docs/dashboard.md): options with no list of credentials (the
 * passkey names its member), then the verification of the signed challenge. One batch moves the
 * passkey's counter, stamps the member's last access, opens the session and writes the audit row.
 */
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import { passkeys, teamMembers } from "../../db/schema";
import { fromBase64url } from "../../lib/base64url";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import { auditRow, insertAudit } from "./audit";
import { issueChallenge, takeChallenge } from "./challenges";
import { relyingParty, verifyPasskey } from "./relying-party";
import { insertSession, newSession, type Visitor } from "./sessions";

/** The options of `navigator.credentials.get`. */
export async function signInOptions(platform: Platform) {
  const { id: challengeId, challenge } = await issueChallenge(platform, "sign-in");
  const options = await generateAuthenticationOptions({ rpID: relyingParty(platform).id, challenge: fromBase64url(challenge), userVerification: "required" });
  return { challengeId, options };
}

const invalid = (detail: string) => new ApiError("PASSKEY_INVALID", detail);

/** Verifies a signed challenge and signs its member in: the member and the session's token. */
export async function signIn(platform: Platform, input: { challengeId: string; response: AuthenticationResponseJSON }, visitor: Visitor) {
  const challenge = await takeChallenge(platform, input.challengeId, "sign-in");
  if (!challenge) throw invalid("This sign-in took over 5 minutes or was already sent: start again.");
  const [found] = await platform.db
    .select({ passkey: passkeys, member: teamMembers })
    .from(passkeys)
    .innerJoin(teamMembers, eq(teamMembers.id, passkeys.memberId))
    .where(eq(passkeys.id, String(input.response?.id ?? "")));
  if (!found || found.member.status !== "ACTIVE") throw invalid("This passkey is not registered here, or its member no longer has access.");
  const { passkey, member } = found;
  const rp = relyingParty(platform);
  const verified = await verifyPasskey(() =>
    verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.id, publicKey: fromBase64url(passkey.publicKey), counter: passkey.counter, transports: (passkey.transports ?? undefined) as never },
      requireUserVerification: true,
    }),
  );
  const at = platform.now().toISOString();
  const { token, row: session } = await newSession(platform, member, visitor);
  const db = platform.db;
  const actor = { sellerId: member.sellerId, memberId: member.id, memberEmail: member.email, ...visitor };
  // The challenge was deleted when taken, so this signature cannot be used again.
  await db.batch([
    db.update(passkeys).set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: at }).where(eq(passkeys.id, passkey.id)),
    db.update(teamMembers).set({ lastAccessAt: at, updatedAt: at }).where(eq(teamMembers.id, member.id)),
    insertSession(db, session),
    insertAudit(db, auditRow(platform, actor, { action: "session.sign_in", outcome: "ok", targetType: "session", targetId: session.publicId })),
  ]);
  return { token, member: { ...member, lastAccessAt: at } };
}
