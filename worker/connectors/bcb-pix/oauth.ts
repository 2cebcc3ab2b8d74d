/**
 * The access token every API Pix call carries: OAuth2 client credentials (RFC 6749 §4.4) against
 * the PSP's token URL, which is the document's only security scheme.
 *
 * One token serves every call until shortly before it expires (60 s before `expires_in`, or half
 * its life for a token shorter than two minutes), so a busy gateway asks for a token a few times
 * an hour, not once a call. Concurrent callers that find no valid token share one request. A call
 * the PSP answers 401 (a token revoked or expired early) forgets that token, so the next `current()`
 * fetches one; the client retries that call once (client.ts).
 *
 * The client secret goes in exactly one place, the token request's Basic header; neither it nor
 * the token is ever logged or put in an error message.
 */
import { PspRejectedError, PspUnavailableError } from "../../lib/acquirer";
import { exchange, type ExchangeOptions } from "../http/exchange";

/** How long before its expiry a token is replaced, at most. */
const REFRESH_MARGIN_SECONDS = 60;
/** `expires_in` is RECOMMENDED, not required (RFC 6749 §5.1): a token without one is kept this long. */
const DEFAULT_EXPIRES_IN_SECONDS = 300;

/** What the token source needs. */
export interface OAuthOptions extends ExchangeOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for; absent: the PSP grants the client's configured ones. */
  scope?: string;
  /** The clock, in ms (tests move it); default Date.now. */
  now?: () => number;
}

/** The connector's access tokens. */
export interface AccessTokens {
  /** A token still valid for a while: the cached one, or a new one (one request however many wait). */
  current(): Promise<string>;
  /** The PSP refused `token` (401): it is forgotten, unless a newer one already replaced it. */
  refused(token: string): void;
}

/** Creates the token source of one PSP client. */
export function createAccessTokens(options: OAuthOptions): AccessTokens {
  const now = options.now ?? Date.now;
  let cached: { token: string; refreshAt: number } | null = null;
  let pending: Promise<string> | null = null;

  const fetchToken = async (): Promise<string> => {
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    if (options.scope) form.set("scope", options.scope);
    const answer = await exchange(
      {
        method: "POST",
        url: options.tokenUrl,
        headers: {
          Authorization: `Basic ${basicCredentials(options.clientId, options.clientSecret)}`,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body: form.toString(),
      },
      options,
    );
    if (answer.status >= 500 || answer.status === 429) {
      throw new PspUnavailableError(`the PSP's token URL answered ${answer.status} (request ${answer.requestId})`);
    }
    const body = parse(answer.text);
    if (answer.status >= 300) {
      // RFC 6749 §5.2: `error` (invalid_client, unauthorized_client…) and a description.
      const reason = [str(body.error), str(body.error_description)].filter(Boolean).join(": ") || "no reason given";
      throw new PspRejectedError(answer.status, "OAuth token refused", scrub(reason, options.clientSecret));
    }
    const token = str(body.access_token);
    const type = str(body.token_type);
    if (!token || (type && type.toLowerCase() !== "bearer")) {
      throw new PspUnavailableError(`the PSP's token URL answered no bearer access_token (request ${answer.requestId})`);
    }
    const expiresIn = Number(body.expires_in ?? DEFAULT_EXPIRES_IN_SECONDS);
    const life = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : DEFAULT_EXPIRES_IN_SECONDS;
    const margin = Math.min(REFRESH_MARGIN_SECONDS, life / 2);
    cached = { token, refreshAt: now() + (life - margin) * 1000 };
    return token;
  };

  return {
    current() {
      if (cached && now() < cached.refreshAt) return Promise.resolve(cached.token);
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      return pending;
    },
    refused(token) {
      if (cached?.token === token) cached = null;
    },
  };
}

/**
 * HTTP Basic credentials: base64 of `id:secret` in UTF-8. As the PSPs' own guides write them
 * (Efí, Inter, Sicoob, Itaú): not form-encoded first, which RFC 6749 §2.3.1 asks and servers
 * rarely do; the two agree for ids and secrets of letters, digits and `-._~`.
 */
export function basicCredentials(id: string, secret: string): string {
  const bytes = new TextEncoder().encode(`${id}:${secret}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function parse(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function str(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** The PSP's own words, bounded, and never the secret should a PSP echo it. */
function scrub(reason: string, secret: string): string {
  return (secret ? reason.split(secret).join("***") : reason).slice(0, 300);
}
