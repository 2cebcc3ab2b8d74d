/** The Hono environment shared by every route and middleware. */
import type { KeyIdentity } from "../domain/api-keys";
import type { Platform } from "../platform";

/** Variables set on each request's context. */
export interface AppVariables {
  platform: Platform;
  requestId: string;
  /** The authenticated key, set by the auth middleware on /v1 routes that need one. */
  auth?: KeyIdentity;
}

/** The app's Hono Env. */
export type AppEnv = { Variables: AppVariables };
