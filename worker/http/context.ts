/** The Hono environment shared by every route and middleware. */
import type { KeyIdentity } from "../domain/api-keys";
import type { SignedIn } from "../domain/dashboard/sessions";
import type { Platform } from "../platform";
import type { DeclaredRoute } from "./access";

/** Variables set on each request's context. */
export interface AppVariables {
  platform: Platform;
  requestId: string;
  /** The authenticated key, set by the auth middleware on /v1 routes that need one. */
  auth?: KeyIdentity;
  /** The signed-in team member, set on the dashboard's routes (http/dashboard-session.ts). */
  member?: SignedIn;
  /** The request's route declaration (null: none), once looked up; read it with `requestAccess`. */
  access?: DeclaredRoute | null;
  /** The code of the problem the request was answered with, if any (for its log line). */
  problemCode?: string;
}

/** The app's Hono Env. */
export type AppEnv = { Variables: AppVariables };
