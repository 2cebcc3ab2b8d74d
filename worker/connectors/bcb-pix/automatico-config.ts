/**
 * PIX Automático's one setting beyond live PIX's (docs/pix.md, "Going live"): the platform's
 * account at the PSP that charge instructions are paid into (`cobr.recebedor`), as
 * `PIX_PSP_RECEIVER_ACCOUNT=branch/account/type`, e.g. `0001/1234567/CORRENTE` (type CORRENTE,
 * POUPANCA or PAGAMENTO; the branch may be empty: `/1234567/PAGAMENTO`). Unset: live PIX Automático
 * stays off while live PIX works. Malformed: a ConfigError naming the variable, never its value.
 */
import { ConfigError } from "../../config-rules";
import type { Acquirer } from "../../lib/acquirer";
import type { ReceiverAccount } from "../../lib/pix-automatico";
import { createBcbPixAutomatico } from "./automatico";
import type { BcbPixClientConfig } from "./client";

const ACCOUNT = /^(\d{0,4})\/([0-9A-Za-z-]{1,20})\/(CORRENTE|POUPANCA|PAGAMENTO)$/;

/** The receiver's account from `PIX_PSP_RECEIVER_ACCOUNT`, or null when unset. */
export function readReceiverAccount(raw: string | undefined): ReceiverAccount | null {
  const text = raw?.trim();
  if (!text) return null;
  const m = ACCOUNT.exec(text);
  if (!m) throw new ConfigError("PIX_PSP_RECEIVER_ACCOUNT must be branch/account/type, e.g. 0001/1234567/CORRENTE (type CORRENTE, POUPANCA or PAGAMENTO).");
  return { ...(m[1] ? { branch: m[1] } : {}), number: m[2]!, type: m[3] as ReceiverAccount["type"] };
}

/** The live acquirer's PIX Automático over the same PSP client settings, when the account is set. */
export function pixAutomaticoOf(config: BcbPixClientConfig, receiverAccount: ReceiverAccount | null | undefined): Acquirer["pixAutomatico"] {
  return receiverAccount ? { psp: createBcbPixAutomatico(config), receiverAccount } : undefined;
}
