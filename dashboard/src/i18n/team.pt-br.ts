/** The team section's words in Brazilian Portuguese. */
import type { TeamStrings } from "./team.en";

export const teamPtBR: TeamStrings = {
  team: {
    members: "Membros",
    count: (n) => (n === 1 ? "1 membro" : `${n} membros`),
    lastAccess: "Último acesso",
    inviteTitle: "Convidar um membro",
    firstName: "Nome",
    lastName: "Sobrenome (opcional)",
    invite: "Convidar",
    inviting: "Convidando…",
    emailInvalid: "Informe o e-mail do membro.",
    firstNameRequired: "Informe o nome do membro.",
    inviteFor: (name) => `Link de convite de ${name}`,
    inviteLink: "Link de convite",
    inviteNote: (at) => `Envie por um canal privado. Vale uma vez, até ${at}.`,
    newProfile: "Perfil",
    saveProfile: "Alterar perfil",
    profileChanged: (name, profile) => `${name} agora tem o perfil ${profile}.`,
    newInviteLink: "Novo link de convite",
    reinvited: (name) => `Um novo link de convite foi gerado para ${name}; os anteriores deixaram de valer.`,
    remove: "Remover",
    confirmRemove: (name) => `Remover ${name} da equipe? As sessões terminam agora e as chaves de acesso deixam de funcionar.`,
    removed: (name) => `${name} foi removido(a) da equipe.`,
  },
};
