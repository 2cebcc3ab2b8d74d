/**
 * Registering a passkey from an invite (docs/dashboard.md): the options the browser needs, then
 * the verification of what it made. One batch spends the invite, stores the passkey, makes the
 * member ACTIVE, opens their session and writes the audit row; every statement after the first is
 * guarded on the passkey having been stored, so two tabs racing on one invite register one passkey.
 * A signed-in member adds a passkey of their own (a new device) the same way, with a challenge
 * bound to them instead of an invite.
 */
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { insertWhere } from "../../db/guarded";
import { passkeys, teamInvites, teamMembers } from "../../db/schema";

type MemberRow = typeof teamMembers.$inferSelect;
import { fromBase64url, toBase64url } from "../../lib/base64url";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import { auditRow, insertAudit, type Actor } from "./audit";
import { issueChallenge, takeChallenge } from "./challenges";
import { inviteInvalid, usableInvite } from "./invites";
import { relyingParty, verifyPasskey } from "./relying-party";
import { insertSession, newSession, type SignedIn, type Visitor } from "./sessions";

/** The options of `navigator.credentials.create` for `member` under `challenge`; their passkeys are excluded. */
async function creationOptions(platform: Platform, member: MemberRow, challenge: string) {
  const rp = relyingParty(platform);
  const existing = await platform.db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.memberId, member.id));
  return generateRegistrationOptions({
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
}

/** The 400 of a credential already stored (this member's or another's). */
const taken = () => new ApiError("PASSKEY_INVALID", "This passkey is already registered here: sign in with it, or create a new one.");

/** Verifies a registration answer made for `challenge`: the new credential, not stored yet (400 when it is). */
async function verifiedCredential(platform: Platform, response: RegistrationResponseJSON, challenge: string) {
  const rp = relyingParty(platform);
  const verified = await verifyPasskey(() =>
    verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true }),
  );
  // Set whenever `verified` is true (verifyPasskey refused the rest).
  const { credential } = verified.registrationInfo!;
  const [existing] = await platform.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, credential.id));
  if (existing) throw taken();
  return credential;
}

/** The passkey row of `credential` for member `memberId`. */
const passkeyRow = (credential: Awaited<ReturnType<typeof verifiedCredential>>, memberId: string, at: string) => ({
  id: credential.id,
  memberId,
  publicKey: toBase64url(credential.publicKey),
  counter: credential.counter,
  transports: credential.transports ?? null,
  createdAt: at,
  lastUsedAt: at,
});

/** Runs a registration's batch; a credential stored by another request a moment ago is the 400 of `taken`. */
const stored = <T>(batch: Promise<T>) =>
  batch.catch((e: unknown) => {
    throw /constraint/i.test(String((e as { code?: string }).code ?? e)) ? taken() : e;
  });

/** The options of `navigator.credentials.create` for invite `token`, and who is invited. */
export async function registrationOptions(platform: Platform, token: string) {
  const { invite, member, sellerName } = await usableInvite(platform, token);
  const { id: challengeId, challenge } = await issueChallenge(platform, "register", invite.id);
  return {
    challengeId,
    options: await creationOptions(platform, member, challenge),
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
  const credential = await verifiedCredential(platform, input.response, challenge.challenge);
  const at = platform.now().toISOString();
  const { token, row: session } = await newSession(platform, member, visitor);
  const isStored = sql`exists (select 1 from ${passkeys} where ${passkeys.id} = ${credential.id})`;
  const inviteOpen = sql`exists (select 1 from ${teamInvites} where ${teamInvites.id} = ${invite.id} and ${teamInvites.usedAt} is null and ${teamInvites.expiresAt} > ${at})`;
  const actor = { sellerId: member.sellerId, memberId: member.id, memberEmail: member.email, ...visitor };
  const db = platform.db;
  const writes = [
    insertWhere(db, passkeys, passkeyRow(credential, member.id, at), inviteOpen),
    db.update(teamInvites).set({ usedAt: at }).where(and(eq(teamInvites.id, invite.id), isNull(teamInvites.usedAt), gt(teamInvites.expiresAt, at), isStored)),
    db.update(teamMembers).set({ status: "ACTIVE", lastAccessAt: at, updatedAt: at }).where(and(eq(teamMembers.id, member.id), isStored)),
    insertSession(db, session, isStored),
    insertAudit(db, auditRow(platform, actor, { action: "passkey.register", outcome: "ok", targetType: "passkey", targetId: credential.id }), isStored),
  ] as const;
  const [inserted] = await stored(db.batch(writes));
  if (inserted.rowsAffected !== 1) throw inviteInvalid();
  return { token, member: { ...member, status: "ACTIVE" as const, lastAccessAt: at } };
}

/**
 * The options for a signed-in member to add a passkey (a new device): the challenge is bound to
 * them. The one way an ACTIVE member gets another passkey: no one else can hold a link to it.
 */
export async function addPasskeyOptions(platform: Platform, signedIn: SignedIn) {
  const { id: challengeId, challenge } = await issueChallenge(platform, "add-passkey", null, signedIn.member.id);
  return { challengeId, options: await creationOptions(platform, signedIn.member, challenge) };
}

/** Verifies and stores the signed-in member's new passkey, with its audit row, in one batch. */
export async function addPasskey(platform: Platform, signedIn: SignedIn, input: { challengeId: string; response: RegistrationResponseJSON }, actor: Actor) {
  const challenge = await takeChallenge(platform, input.challengeId, "add-passkey");
  if (!challenge || challenge.memberId !== signedIn.member.id) {
    throw new ApiError("PASSKEY_INVALID", "This registration was not started by you, took over 5 minutes or was already sent: start again.");
  }
  const credential = await verifiedCredential(platform, input.response, challenge.challenge);
  const at = platform.now().toISOString();
  const db = platform.db;
  await stored(
    db.batch([
      db.insert(passkeys).values(passkeyRow(credential, signedIn.member.id, at)),
      insertAudit(db, auditRow(platform, actor, { action: "passkey.add", outcome: "ok", targetType: "passkey", targetId: credential.id })),
    ]),
  );
  return { id: credential.id, createdAt: at };
}
