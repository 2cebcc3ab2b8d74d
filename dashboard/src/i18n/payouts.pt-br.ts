/** The payouts page's words in Brazilian Portuguese (and the subscriptions' new columns). */
import type { PayoutStrings } from "./payouts.en";

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export const payoutsPtBR: PayoutStrings = {
  payouts: {
    title: "Repasses",
    one: "Repasse",
    lead: "As vendas são repassadas num calendário: PIX no dia seguinte, débito em 2 dias, crédito em 30 dias (dias UTC). Reembolsos e chargebacks são descontados.",
    balance: "Saldo",
    available: "Disponível",
    availableNote: "Vence hoje: repassado em até um minuto",
    pending: "A receber",
    pendingNote: "Nos dias abaixo",
    paidOut: "Repassado",
    paidOutNote: "Todos os repasses feitos",
    upcoming: "Próximos repasses",
    noUpcoming: "Nada a receber ainda: as vendas pagas aparecem aqui com o dia do repasse.",
    today: "hoje",
    sales: (n) => plural(n, "venda", "vendas"),
    breakdown: (gross, fees) => `bruto ${gross} · tarifas ${fees}`,
    deducted: (amount) => `reembolsos e chargebacks −${amount}`,
    history: "Repasses feitos",
    caption: (live) => (live ? "Repasses reais, mais recentes primeiro" : "Repasses de teste, mais recentes primeiro"),
    none: "Nenhum repasse ainda.",
    date: "Data",
    transactions: "Transações",
    gross: "Bruto",
    fees: "Tarifas",
    deductions: "Reembolsos e chargebacks",
    net: "Líquido",
    open: (date) => `Repasse de ${date}`,
    back: "Voltar para repasses",
    notFound: "Este repasse não foi encontrado neste modo.",
    transactionsCaption: "As transações pagas neste repasse, mais recentes primeiro",
    payment: "Pagamento",
    paidAt: "Pago em",
    statuses: { SCHEDULED: "Agendado", PAID: "Pago" },
  },
  subscriptionList: {
    subscriber: "Assinante",
    amount: "Valor",
    nextCharge: "Próxima cobrança",
    every: (interval, count) => {
      const unit = { DAY: ["dia", "dias"], WEEK: ["semana", "semanas"], MONTH: ["mês", "meses"], YEAR: ["ano", "anos"] }[interval] ?? [interval, interval];
      return count === 1 ? `/${unit[0]}` : `a cada ${count} ${unit[1]}`;
    },
    charge: "Cobrança",
    openCharge: "Abrir a cobrança",
  },
};
