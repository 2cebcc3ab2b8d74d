/**
 * The PSP's callback (API Pix webhook, issue 29): the URL registered with `PUT /webhook/{chave}`
 * carries a secret path segment, since the PSP signs nothing and appends `/pix` to it; mutual TLS
 * in front of it is the reverse proxy's or Cloudflare's job (docs/operations.md). The secret is
 * derived from the vault key, so nothing new is stored and every host of one installation agrees.
 */
import { equalsConstantTime } from "../../lib/crypto";
import type { Platform } from "../../platform";

/** The secret path segment of the callback URL. */
export async function pspCallbackSecret(platform: Platform): Promise<string> {
  const [secret] = await platform.vault.digests(["pix-psp-callback-url"]);
  return secret!;
}

/** The URL to register at the PSP (`webhookUrl`): the PSP posts to it with `/pix` appended. */
export async function pspCallbackUrl(platform: Platform): Promise<string> {
  return new URL(`/psp/pix/${await pspCallbackSecret(platform)}`, platform.config.baseUrl).toString();
}

/** True when `presented` is the callback's secret. */
export async function isPspCallbackSecret(platform: Platform, presented: string): Promise<boolean> {
  return equalsConstantTime(presented, await pspCallbackSecret(platform));
}
