/**
 * The link page's preview: the `<meta>` tags a chat app or a social network reads when someone
 * pastes the link (WhatsApp, Telegram, Facebook and LinkedIn read Open Graph; X reads its
 * `twitter:` tags, falling back to Open Graph). They must be in the HTML the server sends: the
 * crawlers run no script, so `<pay-checkout>`'s own rendering never reaches them. The title is the
 * link's name; the description says what it costs and who sells; the image is the seller's
 * `checkoutConfig.imageUrl` when it is an absolute https URL (a crawler fetches it from anywhere:
 * the page's own CSP is not in its way), and none otherwise. Every value is escaped.
 */
import { formatMoney } from "../../shared/money";
import { fixedAmountOf, type LinkState } from "../domain/payment-links/serialize";
import { escapeHtml } from "../lib/html";
import type { Locale } from "../lib/locale";

const WORDS = {
  "pt-BR": { choose: "Valor à sua escolha", seller: (name: string) => `Pagamento para ${name}`, test: "Link de teste: nenhum valor é cobrado" },
  en: { choose: "Amount of your choice", seller: (name: string) => `Payment to ${name}`, test: "Test link: nothing is charged" },
} as const;

/** What the preview says: the link's name, its price and seller (and description), its image. */
export function previewOf(state: LinkState, merchantName: string, locale: Locale): { title: string; description: string; image: string | null } {
  const { row } = state;
  const w = WORDS[locale];
  const price = row.chargeType === "FIXED" ? formatMoney(fixedAmountOf(row), row.currency, locale) : w.choose;
  const parts = [price, merchantName ? w.seller(merchantName) : null, row.description, row.livemode ? null : w.test];
  return { title: row.name, description: parts.filter(Boolean).join(" · "), image: imageOf(row.checkoutConfig) };
}

/** `checkoutConfig.imageUrl` when it is an absolute https URL; else null. */
function imageOf(config: Record<string, unknown> | null): string | null {
  const value = config?.imageUrl;
  if (typeof value !== "string" || value.length > 2048) return null;
  try {
    return new URL(value).protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

/** The `<meta>` tags of the preview, for the page's `<head>`; `url` is the page's own address. */
export function previewTags(preview: ReturnType<typeof previewOf>, url: string, siteName: string, locale: Locale): string {
  const og: [string, string][] = [
    ["og:type", "website"],
    ["og:url", url],
    ["og:title", preview.title],
    ["og:description", preview.description],
    ["og:locale", locale === "pt-BR" ? "pt_BR" : "en_US"],
  ];
  if (siteName) og.push(["og:site_name", siteName]);
  if (preview.image) og.push(["og:image", preview.image]);
  const twitter: [string, string][] = [
    ["twitter:card", preview.image ? "summary_large_image" : "summary"],
    ["twitter:title", preview.title],
    ["twitter:description", preview.description],
  ];
  if (preview.image) twitter.push(["twitter:image", preview.image]);
  return [
    `<meta name="description" content="${escapeHtml(preview.description)}">`,
    ...og.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`),
    ...twitter.map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}">`),
  ].join("\n");
}
