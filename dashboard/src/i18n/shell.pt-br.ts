/** The app shell's words in pt-BR (shell.en.ts says where they show). */
import type { ShellStrings } from "./shell.en";

export const shellPtBR: ShellStrings = {
  shell: {
    testBanner: "Modo de teste: você está vendo dados de teste. Nada aqui movimenta dinheiro real.",
    menu: "Menu",
    filters: "Filtros",
    noPaymentsLive: "Nenhum pagamento real ainda. Quando um cliente pagar no modo produção, o pagamento aparece aqui.",
    noPaymentsTest: "Nenhum pagamento de teste ainda. Crie uma cobrança com a sua chave de teste e ela aparece aqui.",
    targets: {
      passkey: "Chave de acesso",
      session: "Sessão",
      member: "Membro",
      team_member: "Membro da equipe",
      transaction: "Pagamento",
      payment_link: "Link de pagamento",
      subscription: "Assinatura",
      seller: "Subconta",
      api_key: "Chave de API",
      webhook: "Webhook",
    },
  },
};
