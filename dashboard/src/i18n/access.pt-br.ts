/** The words of live access and of a member's own passkeys in Brazilian Portuguese (access.en.ts). */
import type { AccessStrings } from "./access.en";

export const accessPtBR: AccessStrings = {
  access: {
    testOnlyNote: "O modo produção exige acesso: peça a um proprietário que o conceda.",
    notApprovedNote: "Conta não aprovada para produção: nada pode ser alterado aqui.",
    liveAccess: "Acesso ao modo produção",
    liveFact: "Modo produção",
    liveYes: "Com acesso",
    liveNo: "Só teste",
    inviteLiveHint: "Poderá ver os dados reais e, conforme o perfil, alterá-los.",
    grant: "Conceder acesso ao modo produção",
    revoke: "Remover acesso ao modo produção",
    confirmGrant: (name) => `Conceder a ${name} acesso ao modo produção? Poderá ver os dados reais e, conforme o perfil, alterá-los.`,
    granted: (name) => `${name} agora tem acesso ao modo produção.`,
    revoked: (name) => `${name} não tem mais acesso ao modo produção.`,
    passkeyTitle: "Adicionar uma chave de acesso (novo dispositivo)",
    passkeyLead: "Crie uma chave de acesso em outro dispositivo, como um celular (por QR code) ou uma chave de segurança: com ela, você entra no painel sem um novo convite.",
    addPasskey: "Adicionar chave de acesso",
    addingPasskey: "Criando a chave de acesso…",
    passkeyAdded: "Chave de acesso adicionada. Use-a para entrar no painel nesse dispositivo.",
    passkeyRegistered: "Este dispositivo já tem uma chave de acesso sua: escolha outro dispositivo ou chave de segurança.",
  },
};
