/**
 * A live PIX charge made at the PSP (the API Pix, issue 29): the charge exists at the PSP before
 * the gateway commits its transaction, and its BR Code is the PSP's `pixCopiaECola`.
 *
 * Nothing half-written: the txid is derived from the request (seller, operation, Idempotency-Key
 * and the request's fingerprint), so a retry after a lost answer, a crash between the PSP's answer
 * and the commit, or a PSP outage asks the PSP for the same charge, which its PUT answers once.
 * A different request under the same key gets another txid, so it cannot take over the first
 * charge; its own charge is removed when the key turns it away (`forgetAtPsp`).
 */
import { PspRejectedError, PspUnavailableError, type PixPsp, type PixChargeRequest } from "../../lib/acquirer";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { IdempotentRequest } from "../idempotency/commit";
import { openPersonalData } from "../personal-data";

/**
 * The BCB txid of the charge `request` asks for: 32 alphanumerics (the API Pix allows 26 to 35) of
 * the vault's keyed digest of the request, so a retry gets the same one and no one can guess
 * another seller's (a keyed digest, synchronous on Node, where a WebCrypto hash waits on the
 * thread pool under load).
 */
export async function pspTxid(platform: Platform, sellerId: string, request: IdempotentRequest): Promise<string> {
  const { scope, fingerprint } = request;
  const [digest] = await platform.vault.digests([`pix-psp-txid\n${sellerId}\n${scope.operation}\n${scope.key}\n${fingerprint.hash}`]);
  // base64url's two symbols mapped to letters: still [a-zA-Z0-9], still one txid per request.
  return digest!.replace(/-/g, "A").replace(/_/g, "B").slice(0, 32);
}

/** The caller's problem for a PSP's failure: 503 with Retry-After, or 502 with the PSP's title. */
export function pspProblem(platform: Platform, error: unknown, doing: string): unknown {
  if (error instanceof PspUnavailableError) {
    const retry = Math.min(Math.max(error.retryAfterSeconds ?? 5, 1), 120);
    return new ApiError("PSP_UNAVAILABLE", `The PIX provider could not ${doing} now: nothing was changed; retry in ${retry} s with the same Idempotency-Key.`, {
      headers: { "Retry-After": String(retry) },
    });
  }
  if (error instanceof PspRejectedError) {
    // The PSP's detail may echo what it was sent: the operator's log has it, the caller the title.
    platform.log({ level: "warn", msg: "psp.rejected", doing, status: error.status, title: error.title, detail: error.detail });
    return new ApiError("PSP_REJECTED", `The PIX provider refused to ${doing}: ${error.title}.`);
  }
  return error;
}

/** Creates the charge at the PSP; the PSP's problems become the caller's (pspProblem). */
export async function createAtPsp(platform: Platform, psp: PixPsp, charge: PixChargeRequest) {
  let created;
  try {
    created = await psp.createCharge(charge);
  } catch (error) {
    throw pspProblem(platform, error, "create the charge");
  }
  // The document makes the BR Code optional; a charge no payer can read is no charge.
  if (!created.brCode) {
    await forgetAtPsp(platform, psp, charge.txid, charge.due ? "cobv" : "cob");
    throw pspProblem(platform, new PspRejectedError(200, "No BR Code", "the PSP created the charge without pixCopiaECola"), "create the charge");
  }
  return created;
}

/**
 * Removes a charge this request made at the PSP that no transaction holds (the key replayed
 * another request's answer, or the price or the link refused it). Best effort: an ATIVA charge
 * nobody was shown expires at the PSP anyway, and reconciliation reports any PIX it receives.
 */
export async function forgetAtPsp(platform: Platform, psp: PixPsp, txid: string, kind: "cob" | "cobv" = "cob"): Promise<void> {
  try {
    await psp.removeCharge(txid, kind);
  } catch (error) {
    platform.log({ level: "warn", msg: "psp.orphan_charge", txid, error: error instanceof Error ? error.name : "unknown" });
  }
}

/** Removes the charge at the PSP before the gateway cancels it; the PSP's problems become the caller's. */
export async function removeAtPsp(platform: Platform, psp: PixPsp, txid: string, kind: "cob" | "cobv" = "cob"): Promise<void> {
  try {
    await psp.removeCharge(txid, kind);
  } catch (error) {
    throw pspProblem(platform, error, "cancel the charge");
  }
}

/**
 * A charge's `devedor`: the buyer's document and name when the buyer has a document (opened from
 * its sealed personal data for this call only).
 */
export async function pspDebtor(platform: Platform, customer: { customer: { documentType: "CPF" | "CNPJ" | null; name: string }; customerPii: string | null }): Promise<PixChargeRequest["debtor"]> {
  const { documentType, name } = customer.customer;
  if (!documentType || !customer.customerPii) return undefined;
  const { documentNumber } = await openPersonalData(platform.vault, customer.customerPii);
  return documentNumber ? { document: documentNumber, documentType, name } : undefined;
}

/** The txid of a charge whose transaction id is fixed before it is made (a subscription's invoice): its hex digits. */
export const txidOfTransaction = (transactionId: string) => transactionId.replace(/-/g, "");

/** Removes, at the PSP, the invoice charges (cobv) of work a commit turned away (another biller issued first). */
export async function forgetUnissued(platform: Platform, txids: Array<string | null | undefined>): Promise<void> {
  const psp = platform.acquirers.live?.psp;
  if (!psp) return;
  for (const txid of txids) if (txid) await forgetAtPsp(platform, psp, txid, "cobv");
}
