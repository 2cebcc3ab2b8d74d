/**
 * The ids the gateway gives the PSP, derived from its own so that a retry names the same object:
 * the txid of a charge (`[a-zA-Z0-9]{26,35}`, unique per receiver at the PSP) and the id of a
 * devolução (`[a-zA-Z0-9]{1,35}`, unique per PIX). The PSP's answer to a second PUT of the same
 * id is its idempotency: the charge already there, never a second one.
 */

/** The document's txid pattern (TxId). */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
/** The document's devolução id pattern (DevolucaoId). */
export const DEVOLUCAO_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID's 32 hex digits, lowercase, without dashes: the same id, spelled as the API Pix allows. */
function compactUuid(id: string): string | null {
  return UUID.test(id) ? id.replace(/-/g, "").toLowerCase() : null;
}

/**
 * The txid of a transaction's charge: its UUID's 32 hex digits (`3f2c…`, lowercase, no dashes).
 * Deterministic, so the PUT a retry sends names the charge the first one may have created; 32
 * characters sits inside the document's 26 to 35. An id that is already a valid txid is kept.
 */
export function txidFor(transactionId: string): string {
  const compact = compactUuid(transactionId);
  if (compact) return compact;
  if (TXID_PATTERN.test(transactionId)) return transactionId;
  throw new TypeError("a txid is derived from a transaction's UUID");
}

/**
 * The id of a devolução at the PSP (the `{id}` of `PUT /pix/{e2eid}/devolucao/{id}`): the
 * refund's UUID as 32 hex digits, as for a txid. `PspRefund.id` answers this id.
 */
export function devolucaoIdFor(refundId: string): string {
  const compact = compactUuid(refundId);
  if (compact) return compact;
  if (DEVOLUCAO_ID_PATTERN.test(refundId)) return refundId;
  throw new TypeError("a devolução id is derived from a refund's UUID");
}
