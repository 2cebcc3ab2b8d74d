/** The words of finding a payment in pt-BR (see finding.en.ts). */
import type { FindingStrings } from "./finding.en";

export const findingPtBR: FindingStrings = {
  finding: {
    searchBy: "Buscar por",
    searchText: "Termo da busca",
    keys: {
      name: "Nome do comprador",
      document: "CPF/CNPJ",
      description: "Descrição ou pedido",
      paymentLink: "Link de pagamento",
      endToEndId: "ID E2E do PIX",
      cardLast4: "Final do cartão (4 dígitos)",
    },
    hints: {
      name: "O início do nome, com ou sem acentos.",
      document: "Com ou sem pontos e traços.",
      description: "Qualquer parte da descrição.",
      paymentLink: "O endereço do link ou o seu ID.",
      endToEndId: "O ID E2E que o banco do pagador mostra (E…).",
      cardLast4: "Os 4 últimos dígitos do cartão.",
    },
    invalid: {
      name: "Informe um nome.",
      document: "Informe um CPF (11 dígitos) ou um CNPJ (14 caracteres).",
      description: "Informe parte da descrição.",
      paymentLink: "Cole o endereço ou o ID do link de pagamento.",
      endToEndId: "Informe o ID E2E: letras e números, como E1823…",
      cardLast4: "Informe os 4 últimos dígitos do cartão.",
    },
    exportCsv: "Exportar CSV",
    exportHint: "Os pagamentos desta busca, em planilha (ponto e vírgula, horário de Brasília).",
  },
};
