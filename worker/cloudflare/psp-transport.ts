/**
 * The Worker's way to its PIX PSP (the API Pix connector's PspTransport). A Worker cannot hold a
 * private key in code: its client certificate is uploaded to Cloudflare once
 * (`wrangler mtls-certificate upload --cert psp.pem --key psp.key --name pix-psp`) and bound as
 * `PIX_PSP_MTLS` (`[[mtls_certificates]]` in wrangler.toml); a fetch through that binding
 * presents it. Without the binding the global fetch is used, which only a PSP simulator accepts,
 * and the settings refuse it for any PSP that is not on loopback.
 *
 * The PSP's server certificate is checked against Cloudflare's public roots: a PSP whose API
 * chains to a private CA (PIX_PSP_CA on Node) cannot be reached from the Worker.
 */
import { readBcbPixSettings, type BcbPixEnv, type BcbPixSettings } from "../connectors/bcb-pix/config";
import type { PspTransport } from "../connectors/http/exchange";
import { fetchTransport } from "../connectors/http/fetch-transport";
import type { Env } from "./env";

/** Fetch through the mTLS binding when there is one, else the global fetch. */
export function cloudflarePspTransport(env: Pick<Env, "PIX_PSP_MTLS">): PspTransport {
  const binding = env.PIX_PSP_MTLS;
  if (binding) return fetchTransport((url, init) => binding.fetch(url, init));
  return fetchTransport();
}

/** The PSP's settings from the Worker's vars and secrets (null: none set, live PIX refused); throws ConfigError. */
export function readWorkerPspSettings(env: Env): BcbPixSettings | null {
  return readBcbPixSettings(env as Env & BcbPixEnv, { certificateBinding: env.PIX_PSP_MTLS !== undefined });
}
