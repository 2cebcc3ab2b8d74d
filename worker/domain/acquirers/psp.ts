/**
 * The live PIX acquirer when a PSP receives live PIX (issue 29): charges are the PSP's
 * (`psp`, used by create, cancel, the callback and reconciliation), and a refund is a devolução of
 * the PIX received, asked under the refund's own id so asking again is safe:
 *   EM_PROCESSAMENTO → the refund stays PENDING (asked again by the refunds sweep),
 *   DEVOLVIDO → COMPLETED, NAO_REALIZADO → FAILED with the PSP's reason.
 * A PSP that cannot be reached leaves the refund PENDING for the next sweep. The same PSP's PIX
 * Automático (`pixAutomatico`), when given, makes live PIX_AUTOMATICO subscriptions' recurrences.
 */
import { PspRejectedError, PspUnavailableError, type Acquirer, type PixPsp, type PspRefund, type RefundOutcome } from "../../lib/acquirer";

/** The devolução id of refund `refundId` (API Pix: 1 to 35 alphanumerics): its UUID's hex digits. */
export const devolucaoIdOf = (refundId: string) => refundId.replace(/-/g, "");

/** The refund's outcome from the devolução as the PSP holds it. */
function outcomeOf(devolucao: PspRefund): RefundOutcome {
  if (devolucao.status === "DEVOLVIDO") return { status: "COMPLETED" };
  if (devolucao.status === "NAO_REALIZADO") return { status: "FAILED", reason: devolucao.reason ?? "the PSP did not make the devolução" };
  return { status: "PENDING" };
}

/** The live acquirer over `psp`. */
export function pspAcquirer(psp: PixPsp, pixAutomatico?: Acquirer["pixAutomatico"]): Acquirer {
  return {
    name: psp.name,
    psp,
    ...(pixAutomatico ? { pixAutomatico } : {}),
    async concludeRefund(refund) {
      if (!refund.endToEndId) return { status: "FAILED", reason: "the PIX has no end-to-end id: it was not received through the PSP" };
      const id = devolucaoIdOf(refund.refundId);
      try {
        // Asked before (an earlier run): read it; else ask for it now.
        const known = await psp.getRefund(refund.endToEndId, id).catch((e: unknown) => {
          if (e instanceof PspRejectedError && e.status === 404) return null;
          throw e;
        });
        return outcomeOf(known ?? (await psp.refund(refund.endToEndId, id, refund.amount)));
      } catch (error) {
        if (error instanceof PspUnavailableError) return { status: "PENDING" };
        if (error instanceof PspRejectedError) return { status: "FAILED", reason: `the PSP refused the devolução: ${error.title}` };
        throw error;
      }
    },
  };
}
