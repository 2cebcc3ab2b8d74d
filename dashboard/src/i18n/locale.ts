/**
 * The dashboard's language: en when the browser's language (`navigator.language`) is English,
 * pt-BR otherwise (the service's sellers are Brazilian). Chosen once, when the page loads; amounts
 * and dates are written in it too. The words come in parts (the frame, the API's labels, the
 * selling, developers and team sections, live access and passkeys, payouts), joined here into one object.
 * selling, developers and team sections, live access and passkeys, a payment's refunds and
 * detail, the app shell, the API's errors by code, a PIX Automático authorization), joined here into one object.
 */
import type { Locale } from "../../../shared/locale";
import { accessEn, type AccessStrings } from "./access.en";
import { accessPtBR } from "./access.pt-br";
import { daysEn, type DaysStrings } from "./days.en";
import { daysPtBR } from "./days.pt-br";
import { developersEn, type DeveloperStrings } from "./developers.en";
import { developersPtBR } from "./developers.pt-br";
import { findingEn, type FindingStrings } from "./finding.en";
import { findingPtBR } from "./finding.pt-br";
import { labelsEn, type LabelStrings } from "./labels.en";
import { labelsPtBR } from "./labels.pt-br";
import { problemsEn, type ProblemStrings } from "./problems.en";
import { problemsPtBR } from "./problems.pt-br";
import { payoutsEn, type PayoutStrings } from "./payouts.en";
import { payoutsPtBR } from "./payouts.pt-br";
import { pixAutomaticoEn, type PixAutomaticoStrings } from "./pix-automatico.en";
import { pixAutomaticoPtBR } from "./pix-automatico.pt-br";
import { refundsEn, type RefundStrings } from "./refunds.en";
import { refundsPtBR } from "./refunds.pt-br";
import { sellingEn, type SellingStrings } from "./selling.en";
import { sellingPtBR } from "./selling.pt-br";
import { shellEn, type ShellStrings } from "./shell.en";
import { shellPtBR } from "./shell.pt-br";
import { en, type CoreStrings } from "./strings.en";
import { ptBR } from "./strings.pt-br";
import { teamEn, type TeamStrings } from "./team.en";
import { teamPtBR } from "./team.pt-br";

/** Every text the dashboard shows or announces. */
export type DashboardStrings = CoreStrings & LabelStrings & SellingStrings & DeveloperStrings & TeamStrings & AccessStrings & DaysStrings & RefundStrings & ShellStrings & ProblemStrings & FindingStrings & PayoutStrings & PixAutomaticoStrings;

export type { Locale };

/** pt-BR unless `language` is an English tag. */
export function dashboardLocale(language: string | undefined): Locale {
  const tag = language?.trim().toLowerCase() ?? "";
  return tag === "en" || tag.startsWith("en-") ? "en" : "pt-BR";
}

/** The page's language. */
export const LOCALE: Locale = dashboardLocale(globalThis.navigator?.language);

/** The page's words. */
export const strings: DashboardStrings =
  LOCALE === "en"
    ? { ...en, ...labelsEn, ...sellingEn, ...developersEn, ...teamEn, ...accessEn, ...daysEn, ...refundsEn, ...shellEn, ...problemsEn, ...findingEn, ...payoutsEn, ...pixAutomaticoEn }
    : { ...ptBR, ...labelsPtBR, ...sellingPtBR, ...developersPtBR, ...teamPtBR, ...accessPtBR, ...daysPtBR, ...refundsPtBR, ...shellPtBR, ...problemsPtBR, ...findingPtBR, ...payoutsPtBR, ...pixAutomaticoPtBR };
