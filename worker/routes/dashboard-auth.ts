/**
 * The dashboard's sign-in routes (docs/dashboard.md): registering a passkey from an invite,
 * signing in and out, the member's own sessions, and a signed-in member adding a passkey (a new
 * device: the only way an active member gets another). Outside OpenAPI: the dashboard's private API.
 */
import { Hono } from "hono";
import { z } from "zod";
import { recordAudit } from "../domain/dashboard/audit";
import { PROFILE_PERMISSIONS } from "../domain/dashboard/permissions";
import { addPasskey, addPasskeyOptions, registerPasskey, registrationOptions } from "../domain/dashboard/register-passkey";
import { endSession, endSessionsOf, listSessions } from "../domain/dashboard/sessions";
import { signIn, signInOptions } from "../domain/dashboard/sign-in";
import { toTeamMember } from "../domain/team/members";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { actorOf, clearSessionCookie, memberOf, setSessionCookie, visitorOf } from "../http/dashboard-session";
import { limitDashboardSignIn } from "../http/rate-limit";
import { localeOf } from "../lib/locale";
import { dashboardBody } from "./dashboard-body";
import { anyone, member } from "./dashboard-answers";

const paths = {
  registrationOptions: declarePage("POST", "/dashboard/api/invites/registration-options", anyone(200, 404)),
  register: declarePage("POST", "/dashboard/api/invites/register", anyone(201, 404)),
  signInOptions: declarePage("POST", "/dashboard/api/sign-in/options", anyone(200)),
  signIn: declarePage("POST", "/dashboard/api/sign-in", anyone(200)),
  me: declarePage("GET", "/dashboard/api/me", member(200)),
  sessions: declarePage("GET", "/dashboard/api/sessions", member(200)),
  signOut: declarePage("POST", "/dashboard/api/sign-out", member(204, 400)),
  signOutEverywhere: declarePage("POST", "/dashboard/api/sign-out-everywhere", member(204, 400)),
  addPasskeyOptions: declarePage("POST", "/dashboard/api/passkeys/registration-options", member(200, 400)),
  addPasskey: declarePage("POST", "/dashboard/api/passkeys", member(201, 400)),
};

const InviteToken = z.object({ token: z.string().max(200) }).strict();
const Registration = z.object({ token: z.string().max(200), challengeId: z.string().max(64), response: z.record(z.string(), z.unknown()) }).strict();
/** A WebAuthn answer to a challenge: a sign-in's, or a signed-in member's new passkey. */
const PasskeyAnswer = z.object({ challengeId: z.string().max(64), response: z.record(z.string(), z.unknown()) }).strict();

/** The sign-in routes. */
export const dashboardAuthRoutes = new Hono<AppEnv>()
  .post(paths.registrationOptions, limitDashboardSignIn, async (c) => {
    const { token } = await dashboardBody(c, InviteToken);
    return c.json(await registrationOptions(c.get("platform"), token), 200);
  })
  .post(paths.register, limitDashboardSignIn, async (c) => {
    const body = await dashboardBody(c, Registration);
    const { token, member: row } = await registerPasskey(c.get("platform"), body as never, visitorOf(c));
    setSessionCookie(c, token);
    return c.json({ member: toTeamMember(row, localeOf(c.req.header("accept-language"))) }, 201);
  })
  .post(paths.signInOptions, limitDashboardSignIn, async (c) => c.json(await signInOptions(c.get("platform")), 200))
  .post(paths.signIn, limitDashboardSignIn, async (c) => {
    const body = await dashboardBody(c, PasskeyAnswer);
    const { token, member: row } = await signIn(c.get("platform"), body as never, visitorOf(c));
    setSessionCookie(c, token);
    return c.json({ member: toTeamMember(row, localeOf(c.req.header("accept-language"))) }, 200);
  })
  .get(paths.me, (c) => {
    const { member: row, seller, session } = memberOf(c);
    return c.json({
      member: toTeamMember(row, localeOf(c.req.header("accept-language"))),
      seller,
      permissions: PROFILE_PERMISSIONS[row.profile],
      session: { id: session.publicId, createdAt: session.createdAt, expiresAt: session.expiresAt },
    });
  })
  .get(paths.sessions, async (c) => c.json(await listSessions(c.get("platform"), memberOf(c))))
  .post(paths.signOut, async (c) => {
    const signed = memberOf(c);
    await endSession(c.get("platform"), signed.session.id);
    await recordAudit(c.get("platform"), actorOf(c, signed), { action: "session.sign_out", outcome: "ok", targetType: "session", targetId: signed.session.publicId });
    clearSessionCookie(c);
    return c.body(null, 204);
  })
  .post(paths.signOutEverywhere, async (c) => {
    const signed = memberOf(c);
    const ended = await endSessionsOf(c.get("platform"), signed.member.id);
    await recordAudit(c.get("platform"), actorOf(c, signed), { action: "session.sign_out_everywhere", outcome: "ok", targetType: "member", targetId: signed.member.id, details: { sessionsEnded: ended } });
    clearSessionCookie(c);
    return c.body(null, 204);
  })
  .post(paths.addPasskeyOptions, async (c) => c.json(await addPasskeyOptions(c.get("platform"), memberOf(c)), 200))
  .post(paths.addPasskey, async (c) => {
    const body = await dashboardBody(c, PasskeyAnswer);
    const signed = memberOf(c);
    return c.json({ passkey: await addPasskey(c.get("platform"), signed, body as never, actorOf(c, signed)) }, 201);
  });
