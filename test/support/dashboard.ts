/**
 * A dashboard visitor for tests without a browser: a cookie jar of one cookie, the dashboard's
 * Origin on every change (as a browser sends it), and the passkey flows through the
 * software authenticator. `send` is the app's `request` in process, or the Worker's fetch.
 */
import { createPasskey, signWithPasskey, type TestPasskey } from "./passkey-authenticator";

type Send = (path: string, init: RequestInit) => Response | Promise<Response>;

/** A browser-like client of the dashboard's API. */
export class DashboardVisitor {
  cookie: string | null = null;
  passkey: TestPasskey | null = null;

  constructor(
    private readonly send: Send,
    readonly origin: string,
  ) {}

  /** A request with the session cookie and, on changes, the Origin header. */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await this.send(path, {
      method,
      headers: {
        ...(method !== "GET" ? { Origin: this.origin } : {}),
        ...(this.cookie ? { Cookie: `pay_dashboard=${this.cookie}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get("set-cookie");
    const match = set?.match(/pay_dashboard=([^;]*)/);
    if (match) this.cookie = match[1] || null;
    return res;
  }

  /** Registers a passkey from an invite link; the register response. */
  async register(inviteUrl: string, opts: { origin?: string; userVerified?: boolean; credentialId?: string } = {}): Promise<Response> {
    const token = new URL(inviteUrl).hash.replace(/^#token=/, "");
    const started = await this.request("POST", "/dashboard/api/invites/registration-options", { token });
    if (started.status !== 200) return started;
    const { challengeId, options } = (await started.json()) as { challengeId: string; options: Parameters<typeof createPasskey>[0] };
    const { passkey, response } = await createPasskey(options, opts.origin ?? this.origin, opts);
    const res = await this.request("POST", "/dashboard/api/invites/register", { token, challengeId, response });
    if (res.status === 201) this.passkey = passkey;
    return res;
  }

  /** Adds a passkey while signed in (a new device): the answer; on 201 `passkey` becomes the new one. */
  async addPasskey(opts: { origin?: string; credentialId?: string } = {}): Promise<Response> {
    const started = await this.request("POST", "/dashboard/api/passkeys/registration-options");
    if (started.status !== 200) return started;
    const { challengeId, options } = (await started.json()) as { challengeId: string; options: Parameters<typeof createPasskey>[0] };
    const { passkey, response } = await createPasskey(options, opts.origin ?? this.origin, opts);
    const res = await this.request("POST", "/dashboard/api/passkeys", { challengeId, response });
    if (res.status === 201) this.passkey = passkey;
    return res;
  }

  /** Signs in with the visitor's passkey; the sign-in response. */
  async signIn(opts: { origin?: string; passkey?: TestPasskey } = {}): Promise<Response> {
    const started = await this.request("POST", "/dashboard/api/sign-in/options");
    const { challengeId, options } = (await started.json()) as { challengeId: string; options: { challenge: string } };
    const response = await signWithPasskey(opts.passkey ?? this.passkey!, options, opts.origin ?? this.origin);
    return this.request("POST", "/dashboard/api/sign-in", { challengeId, response });
  }
}
