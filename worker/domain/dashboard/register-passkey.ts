/**
 * Registering a passkey from an invite (docs/dashboard.md): the options the browser needs, then
 * the verification of what it made. One batch spends the invite, stores the passkey, makes the
 * member ACTIVE, opens their session and writes the audit row; every statement after the first is
 * guarded on the passkey having been stored, so two tabs racing on one invite register one passkey.
 */
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { insertWhere } from "../../db/guarded";
import { passkeys, teamInvites, teamMembers } from "../../db/schema";
import { fromBase64url, toBase64url } from "../../lib/base64url";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import { auditRow, insertAudit } from "./audit";
import { issueChallenge, takeChallenge } from "./challenges";
import { inviteInvalid, usableInvite } from "./invites";
import { relyingParty, verifyPasskey } from "./relying-party";
import { insertSession, newSession, type Visitor } from "./sessions";

/** The options of `navigator.credentials.create` for invite `token`, and who is invited. */
export async function registrationOptions(platform: Platform, token: string) {
  const { invite, member, sellerName } = await usableInvite(platform, token);
  const rp = relyingParty(platform);
  const { id: challengeId, challenge } = await issueChallenge(platform, "register", invite.id);
  const existing = await platform.db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.memberId, member.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.email,
    userDisplayName: [member.firstName, member.lastName].filter(Boolean).join(" "),
    userID: new TextEncoder().encode(member.id) as Uint8Array<ArrayBuffer>,
    challenge: fromBase64url(challenge),
    attestationType: "none",
    // A passkey: kept by the authenticator (no user name to type) and unlocked by the member.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: (p.transports ?? undefined) as never })),
  });
  return {
    challengeId,
    options,
    member: { email: member.email, firstName: member.firstName, profile: member.profile },
    seller: { name: sellerName },
  };
}

/** Verifies the new passkey of invite `token` and signs its member in: the member and the session's token. */
export async function registerPasskey(platform: Platform, input: { token: string; challengeId: string; response: RegistrationResponseJSON }, visitor: Visitor) {
  const { invite, member } = await usableInvite(platform, input.token);
  const challenge = await takeChallenge(platform, input.challengeId, "register");
  if (!challenge || challenge.inviteId !== invite.id) {
    throw new ApiError("PASSKEY_INVALID", "This registration was not started for this invite, took over 5 minutes or was already sent: start again.");
  }
  const rp = relyingParty(platform);
  const verified = await verifyPasskey(() =>
    verifyRegistrationResponse({ response: input.response, expectedChallenge: challenge.challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true }),
  );
  // Set whenever `verified` is true (verifyPasskey refused the rest).
  const { credential } = verified.registrationInfo!;
  const taken = () => new ApiError("PASSKEY_INVALID", "This passkey is already registered here: sign in with it, or create a new one.");
  const [existing] = await platform.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, credential.id));
  if (existing) throw taken();
  const at = platform.now().toISOString();
  const { token, row: session } = await newSession(platform, member, visitor);
  const stored = sql`exists (select 1 from ${passkeys} where ${passkeys.id} = ${credential.id})`;
  const inviteOpen = sql`exists (select 1 from ${teamInvites} where ${teamInvites.id} = ${invite.id} and ${teamInvites.usedAt} is null and ${teamInvites.expiresAt} > ${at})`;
  const actor = { sellerId: member.sellerId, memberId: member.id, memberEmail: member.email, ...visitor };
  const db = platform.db;
  const writes = [
    insertWhere(db, passkeys, { id: credential.id, memberId: member.id, publicKey: toBase64url(credential.publicKey), counter: credential.counter, transports: credential.transports ?? null, createdAt: at, lastUsedAt: at }, inviteOpen),
    db.update(teamInvites).set({ usedAt: at }).where(and(eq(teamInvites.id, invite.id), isNull(teamInvites.usedAt), gt(teamInvites.expiresAt, at), stored)),
    db.update(teamMembers).set({ status: "ACTIVE", lastAccessAt: at, updatedAt: at }).where(and(eq(teamMembers.id, member.id), stored)),
    insertSession(db, session, stored),
    insertAudit(db, auditRow(platform, actor, { action: "passkey.register", outcome: "ok", targetType: "passkey", targetId: credential.id }), stored),
  ] as const;
  const [inserted] = await db.batch(writes).catch((e: unknown) => {
    // The same credential stored by another request a moment ago: its primary key refused this one.
    throw /constraint/i.test(String((e as { code?: string }).code ?? e)) ? taken() : e;
  });
  if (inserted.rowsAffected !== 1) throw inviteInvalid();
  return { token, member: { ...member, status: "ACTIVE" as const, lastAccessAt: at } };
}
