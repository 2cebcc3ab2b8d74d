/** A payment's page's words for following a refund and reading the payment's detail, in Brazilian Portuguese. */
import type { RefundStrings } from "./refunds.en";

export const refundsPtBR: RefundStrings = {
  refundFlow: {
    confirmQuestion: (amount, name) => (name ? `Reembolsar ${amount} para ${name}?` : `Reembolsar ${amount}?`),
    confirmAction: "Confirmar reembolso",
    reason: "Motivo (opcional)",
    reasonHint: "Até 200 caracteres, guardado com o reembolso.",
    reasonTooLong: "Escreva no máximo 200 caracteres.",
    reasonColumn: "Motivo",
    partiallyRefunded: "Reembolsado parcialmente",
    following: "O reembolso está em andamento; esta página se atualiza quando ele terminar.",
    completed: (amount) => `O reembolso de ${amount} foi concluído.`,
    failed: (amount) => `O reembolso de ${amount} falhou.`,
  },
  money: {
    title: "Valores",
    paid: "Pago pelo comprador",
    fee: "Tarifa",
    refunded: "Reembolsado",
    chargedBack: "Contestado (chargeback)",
    net: "Líquido após reembolsos",
    netNote: "O que o vendedor recebe: o valor pago menos a tarifa, os reembolsos concluídos e as contestações, como os repasses contam.",
  },
  detail: {
    acquirer: "Adquirente",
    authorizationCode: "Código de autorização",
    endToEndId: "ID fim a fim do PIX (E2E)",
    installments: (n) => (n === 1 ? "1× (à vista)" : `${n}×`),
  },
};
