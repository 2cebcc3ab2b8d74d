/** A PIX Automático subscription's authorization, as its page shows it, in Brazilian Portuguese. */
import type { PixAutomaticoStrings } from "./pix-automatico.en";

export const pixAutomaticoPtBR: PixAutomaticoStrings = {
  pixAutomatico: {
    title: "Pix Automático",
    recurrence: "Recorrência (idRec)",
    status: "Autorização",
    statuses: { CREATED: "Aguardando o pagador", APPROVED: "Autorizada", REJECTED: "Recusada pelo pagador", EXPIRED: "Expirada sem resposta", CANCELLED: "Cancelada" },
    journey: "Como o pagador foi consultado",
    journeys: { JORNADA_1: "Solicitação no app do banco do pagador", JORNADA_2: "QR Code que autoriza", JORNADA_3: "QR Code que paga o primeiro período e autoriza", JORNADA_4: "QR Code que autoriza" },
    retryPolicy: "Novas tentativas de cobrança",
    retryPolicies: { NAO_PERMITE: "Nenhuma", PERMITE_3R_7D: "Até 3 em 7 dias" },
    approvedAt: "Autorizada em",
    endedAt: "Encerrada em",
    ending: "Motivo",
    by: { PAYER: "pelo pagador", PAYER_PSP: "pelo banco do pagador", RECEIVER: "por você", RECEIVER_PSP: "pelo seu PSP" },
  },
};
