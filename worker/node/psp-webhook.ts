/**
 * The PSP's callback registered from Node (issue 29): at the host's start when PIX_PSP_* and
 * PIX_RECEIVER_KEY are set, and by `npm run admin -- pix:webhook` (worker/cli/pix-commands.ts),
 * which is also how a Worker's is registered (the Worker has no start to hook).
 *
 * The URL's last segment is a secret (domain/pix/psp-callback.ts): what is printed or logged is
 * the URL with that segment replaced by `…`.
 */
import { pspCallbackUrl } from "../domain/pix/psp-callback";
import type { Platform } from "../platform";

/** `url` safe to print: a callback URL's secret segment as `…`; any other URL as its origin and `/…`. */
export function redactCallbackUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "(not a URL)";
  }
  const at = parsed.pathname.indexOf("/psp/pix/");
  // Another URL may carry its own secrets in its path or query: only its origin is shown.
  return at === -1 ? `${parsed.origin}/…` : `${parsed.origin}${parsed.pathname.slice(0, at)}/psp/pix/…`;
}

/**
 * The Node host's start: registers `pspCallbackUrl` for `receiverKey` (and, when the PSP offers PIX
 * Automático, as its webhookrec and webhookcobr URL) once, without holding the
 * start up and without failing it. A PSP that is down or refuses is a warning naming the command
 * that registers it by hand; reconciliation settles payments meanwhile.
 */
export async function registerPspCallbackAtStart(platform: Pick<Platform, "acquirers" | "config" | "vault" | "log">, receiverKey: string | undefined): Promise<boolean> {
  const psp = platform.acquirers.live?.psp;
  if (!psp) return false;
  if (!receiverKey) {
    platform.log({ msg: "psp.webhook_not_registered", level: "warn", psp: psp.name, why: "PIX_RECEIVER_KEY is not set: the PSP's callback is registered for that key" });
    return false;
  }
  let url = platform.config.baseUrl;
  try {
    url = await pspCallbackUrl(platform as Platform);
    await psp.registerWebhook(receiverKey, url);
    platform.log({ msg: "psp.webhook_registered", psp: psp.name, url: redactCallbackUrl(url) });
    await registerAutomatico(platform, url);
    return true;
  } catch (error) {
    platform.log({
      msg: "psp.webhook_registration_failed",
      level: "warn",
      psp: psp.name,
      url: redactCallbackUrl(url),
      // The port's errors carry the PSP's title and detail, never the secret or the token.
      error: error instanceof Error ? error.message : String(error),
      hint: "run `npm run admin -- pix:webhook` once the PSP answers; reconciliation settles payments meanwhile",
    });
    return false;
  }
}

/**
 * PIX Automático's callbacks (webhookrec, webhookcobr) at the same secret URL: the PSP appends
 * /rec and /cobr. A PSP without PIX Automático refuses them: a warning, live PIX is unaffected
 * (reconciliation reads recurrences back meanwhile).
 */
async function registerAutomatico(platform: Pick<Platform, "acquirers" | "log">, url: string): Promise<void> {
  const automatico = platform.acquirers.live?.pixAutomatico;
  if (!automatico) return;
  try {
    await automatico.psp.registerWebhooks({ recurrences: url, charges: url });
    platform.log({ msg: "psp.automatico_webhooks_registered", psp: automatico.psp.name, url: redactCallbackUrl(url) });
  } catch (error) {
    platform.log({ msg: "psp.automatico_webhooks_failed", level: "warn", psp: automatico.psp.name, error: error instanceof Error ? error.message : String(error), hint: "run `npm run admin -- pix:webhook` once the PSP answers" });
  }
}
