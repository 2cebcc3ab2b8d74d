/**
 * The connector's settings from the host's environment (docs/pix.md, "Going live"): the PSP's API
 * Pix base URL, its token URL, the OAuth2 client, and the client certificate for mTLS.
 *
 *   PIX_PSP_URL            the API Pix base, e.g. https://pix.example-psp.com.br/v2
 *   PIX_PSP_TOKEN_URL      default {PIX_PSP_URL}/oauth/token
 *   PIX_PSP_CLIENT_ID      the OAuth2 client (client credentials)
 *   PIX_PSP_CLIENT_SECRET  secret
 *   PIX_PSP_CERT, _KEY     the client certificate and its key, PEM (Node; the Worker's is its
 *                          mtls_certificates binding); optional only for a PSP on loopback
 *   PIX_PSP_CA             optional: the CA the PSP's server certificate must chain to, PEM
 *
 * None set: null, and live PIX stays refused. Some set: each missing or malformed one is a
 * ConfigError naming the variable, never its value, so a half-configured PSP fails at start.
 * Portable: it reads text; a PEM given as a file path is read by the Node host
 * (worker/node/psp-config.ts) before it gets here.
 */
import { ConfigError } from "../../config-rules";
import { isLoopbackHost } from "../../domain/webhooks/url";
import { vendorUrl } from "../http/url";
import type { ReceiverAccount } from "../../lib/pix-automatico";
import { readReceiverAccount } from "./automatico-config";

/** The variables, as both hosts spell them. */
export interface BcbPixEnv {
  PIX_PSP_URL?: string;
  PIX_PSP_TOKEN_URL?: string;
  PIX_PSP_CLIENT_ID?: string;
  PIX_PSP_CLIENT_SECRET?: string;
  PIX_PSP_CERT?: string;
  PIX_PSP_KEY?: string;
  PIX_PSP_CA?: string;
  /** PIX Automático's receiving account (automatico-config.ts). */
  PIX_PSP_RECEIVER_ACCOUNT?: string;
}

/** The checked settings; with a transport they make a client (createBcbPixPsp). */
export interface BcbPixSettings {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * Node: the client certificate and its key (both or neither; neither only on loopback) and the
   * CA the PSP's server certificate must chain to, as PEM text. Absent on the Worker (its binding).
   */
  tls?: { cert?: string; key?: string; ca?: string };
  /** PIX Automático's receiving account at the PSP (`cobr.recebedor`); absent: PIX Automático is off. */
  receiverAccount?: ReceiverAccount;
}

/** Where the client certificate comes from: PEM variables (Node), or a binding the Worker checks itself. */
export interface ReadOptions {
  /** The Worker: true when its PIX_PSP_MTLS binding exists; PEM variables are then refused. */
  certificateBinding?: boolean;
}

const NAMES: (keyof BcbPixEnv)[] = ["PIX_PSP_URL", "PIX_PSP_TOKEN_URL", "PIX_PSP_CLIENT_ID", "PIX_PSP_CLIENT_SECRET", "PIX_PSP_CERT", "PIX_PSP_KEY", "PIX_PSP_CA"];

/** Reads the PSP's settings, or null when none of the variables is set. */
export function readBcbPixSettings(env: BcbPixEnv, options: ReadOptions = {}): BcbPixSettings | null {
  const value = (name: keyof BcbPixEnv) => env[name]?.trim() || undefined;
  if (NAMES.every((name) => value(name) === undefined)) return null;
  const required = (name: keyof BcbPixEnv) => {
    const v = value(name);
    if (!v) throw new ConfigError(`${name} is not set, while other PIX_PSP_ variables are: live PIX needs all of them (docs/pix.md, "Going live").`);
    return v;
  };
  const baseUrl = checkUrl("PIX_PSP_URL", required("PIX_PSP_URL"));
  const tokenUrl = checkUrl("PIX_PSP_TOKEN_URL", value("PIX_PSP_TOKEN_URL") ?? `${baseUrl}/oauth/token`);
  const clientId = required("PIX_PSP_CLIENT_ID");
  // HTTP Basic cannot carry a user id with a colon (RFC 7617): the PSP would read another id.
  if (clientId.includes(":")) throw new ConfigError("PIX_PSP_CLIENT_ID must not contain a colon (it travels in HTTP Basic).");
  const clientSecret = required("PIX_PSP_CLIENT_SECRET");
  const cert = value("PIX_PSP_CERT");
  const key = value("PIX_PSP_KEY");
  const ca = value("PIX_PSP_CA");
  if (ca !== undefined) checkPem("PIX_PSP_CA", ca, /CERTIFICATE/);

  const receiverAccount = readReceiverAccount(env.PIX_PSP_RECEIVER_ACCOUNT);
  const settings: BcbPixSettings = { baseUrl, tokenUrl, clientId, clientSecret, ...(receiverAccount ? { receiverAccount } : {}) };
  if (options.certificateBinding !== undefined) {
    if (cert || key || ca) {
      throw new ConfigError("PIX_PSP_CERT, PIX_PSP_KEY and PIX_PSP_CA are not read on the Worker: its client certificate is the PIX_PSP_MTLS binding (wrangler.toml).");
    }
    if (!options.certificateBinding) requireLoopback(baseUrl, "the PIX_PSP_MTLS binding (mtls_certificates in wrangler.toml)");
    return settings;
  }
  if (cert === undefined && key === undefined) requireLoopback(baseUrl, "PIX_PSP_CERT and PIX_PSP_KEY");
  else if (cert === undefined || key === undefined) {
    throw new ConfigError(`${cert === undefined ? "PIX_PSP_CERT" : "PIX_PSP_KEY"} is not set: the client certificate and its key go together.`);
  } else {
    checkPem("PIX_PSP_CERT", cert, /CERTIFICATE/);
    checkPem("PIX_PSP_KEY", key, /PRIVATE KEY/);
  }
  if (cert === undefined && ca === undefined) return settings;
  return { ...settings, tls: { ...(cert !== undefined && { cert, key }), ...(ca !== undefined && { ca }) } };
}

/** An absolute https URL (http only on loopback), no query, fragment or credentials; no trailing slash. */
function checkUrl(name: string, raw: string): string {
  vendorUrl(name, raw, "https://pix.example-psp.com.br/v2");
  return raw.replace(/\/+$/, "");
}

/** Without a client certificate, only a PSP on this machine (the simulator) can be reached. */
function requireLoopback(baseUrl: string, what: string): void {
  if (!isLoopbackHost(new URL(baseUrl).hostname)) throw new ConfigError(`${what} must be set: a PSP takes API Pix calls only over mTLS (a simulator on loopback is the exception).`);
}

/** A PEM block of the expected kind: a path left unread or a pasted fragment fails here, not at the first charge. */
function checkPem(name: string, text: string, label: RegExp): void {
  const begin = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text);
  if (!begin || !label.test(begin[1]!) || !/-----END [A-Z0-9 ]+-----/.test(text)) {
    throw new ConfigError(`${name} must be PEM text (-----BEGIN …-----) of a ${label.source.toLowerCase()}, or on Node a path to a PEM file.`);
  }
}
