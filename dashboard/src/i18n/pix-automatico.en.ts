/** A PIX Automático subscription's authorization, as its page shows it, in English. */
export const pixAutomaticoEn = {
  pixAutomatico: {
    title: "PIX Automático",
    recurrence: "Recurrence (idRec)",
    status: "Authorization",
    statuses: { CREATED: "Waiting for the payer", APPROVED: "Authorized", REJECTED: "Refused by the payer", EXPIRED: "Expired unanswered", CANCELLED: "Cancelled" } as Record<string, string>,
    journey: "How the payer was asked",
    journeys: { JORNADA_1: "A request in the payer's bank app", JORNADA_2: "A QR that authorizes", JORNADA_3: "A QR that pays the first period and authorizes", JORNADA_4: "A QR that authorizes" } as Record<string, string>,
    retryPolicy: "Retries of a failed charge",
    retryPolicies: { NAO_PERMITE: "None", PERMITE_3R_7D: "Up to 3 in 7 days" } as Record<string, string>,
    approvedAt: "Authorized at",
    endedAt: "Ended at",
    ending: "Reason",
    by: { PAYER: "by the payer", PAYER_PSP: "by the payer's bank", RECEIVER: "by you", RECEIVER_PSP: "by your PSP" } as Record<string, string>,
  },
};

/** The words of a PIX Automático authorization. */
export type PixAutomaticoStrings = typeof pixAutomaticoEn;
