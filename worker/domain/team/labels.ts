/**
 * The Team member's human-readable labels, in pt-BR or en. `sellerAccessLabel` says what the
 * profile may do in the seller's dashboard; `lastAccessLabel` is the last sign-in in Brasília time
 * (the sellers' clock), or that there has been none.
 */
import type { teamMembers } from "../../db/schema";
import type { Locale } from "../../lib/locale";

type Member = typeof teamMembers.$inferSelect;

const PROFILE: Record<Member["profile"], Record<Locale, string>> = {
  OWNER: { "pt-BR": "Proprietário", en: "Owner" },
  ADMIN: { "pt-BR": "Administrador", en: "Administrator" },
  FINANCE: { "pt-BR": "Financeiro", en: "Finance" },
  OPERATION: { "pt-BR": "Operação", en: "Operations" },
};

const ACCESS: Record<Member["profile"], Record<Locale, string>> = {
  OWNER: { "pt-BR": "Acesso total, incluindo a equipe e as chaves", en: "Full access, including team and keys" },
  ADMIN: { "pt-BR": "Acesso total, exceto transferir a propriedade", en: "Full access except transferring ownership" },
  FINANCE: { "pt-BR": "Transações, reembolsos e repasses", en: "Transactions, refunds and settlements" },
  OPERATION: { "pt-BR": "Transações e links de pagamento", en: "Transactions and payment links" },
};

const STATUS: Record<Member["status"], Record<Locale, string>> = {
  INVITED: { "pt-BR": "Convite pendente", en: "Invitation pending" },
  ACTIVE: { "pt-BR": "Ativo", en: "Active" },
  DISABLED: { "pt-BR": "Desativado", en: "Disabled" },
};

const NEVER: Record<Locale, string> = { "pt-BR": "Nunca acessou", en: "Never signed in" };

/** The four labels of a member, in `locale`. */
export function memberLabels(member: Member, locale: Locale) {
  const lastAccess = member.lastAccessAt
    ? new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(new Date(member.lastAccessAt))
    : NEVER[locale];
  return {
    profileLabel: PROFILE[member.profile][locale],
    sellerAccessLabel: ACCESS[member.profile][locale],
    statusLabel: STATUS[member.status][locale],
    lastAccessLabel: lastAccess,
  };
}
