/**
 * `npm run admin -- cards:check` (issue 30): says which of live cards' vendors answers, with the
 * Node host's configuration (CYBERSOURCE_*, CIELO_*, REDE_*: connectors/live-cards.ts).
 *
 * - Cybersource: a Payer Authentication setup for Cardinal's test Visa (4000000000001000): the
 *   signature, merchant id and key id are right when it answers 201; nothing is charged.
 * - Cielo: a query on the query host for an order id no sale has: 404 or a list is an answer with
 *   valid MerchantId and MerchantKey; 401 is not.
 * - Rede: the same by reference (after the OAuth2 token when REDE_TOKEN_URL is set).
 *
 * Nothing printed carries a key, a secret, a token or a card number.
 */
import { cieloNotificationUrl } from "../domain/acquirers/cielo-notifications";
import type { Platform } from "../platform";
import { readNodeConfig } from "../node/config";
import { createNodeVault } from "../node/node-vault";
import { createNodePspTransport } from "../node/psp-transport";
import { createCieloAcquirer, type CieloAcquirer } from "../connectors/cielo/client";
import { createCybersourceThreeDs } from "../connectors/cybersource/client";
import { createRedeAcquirer, type RedeAcquirer } from "../connectors/rede/client";
import type { LiveCardsSettings } from "../connectors/live-cards";

export const CARDS_COMMANDS = ["cards:check"];
export const CARDS_USAGE = "  npm run admin -- cards:check [--json]";
export const CARDS_HELP = `  cards:check     Checks live cards' vendors (CYBERSOURCE_*, CIELO_*, REDE_*): the settings, a
                  Payer Authentication setup at Cybersource for a test card (nothing charged),
                  and a query at Cielo and at Rede with their credentials. Exit 0 when all answer.
`;

type Status = "ok" | "fail" | "skipped";
interface Check {
  check: string;
  status: Status;
  detail: string;
}

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
/** A query no sale matches: the vendor's answer proves the credentials, not a sale. */
const NO_SALE = "cardscheck0000000000000000000000";

/** Runs `cards:check`; its exit status. */
export async function runCardsCommand(_command: string, options: { json: boolean }, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const checks: Check[] = [];
  const note = (check: string, status: Status, detail: string) => checks.push({ check, status, detail });
  let settings: LiveCardsSettings | null = null;
  let notificationUrl: string | null = null;
  try {
    const config = readNodeConfig(env);
    settings = config.cards;
    // What the operator gives Cielo's support for its Notification Post (a capability: shown here only).
    if (settings?.cielo) notificationUrl = await cieloNotificationUrl({ config, vault: createNodeVault(config.vaultKey, config.vaultPreviousKeys) } as Pick<Platform, "config" | "vault"> as Platform);
    if (settings) note("settings", "ok", `3DS ${settings.threeDs.baseUrl}; acquirers ${[settings.cielo && "cielo", settings.rede && "rede"].filter(Boolean).join(" and ")}`);
    else note("settings", "fail", "none of CYBERSOURCE_*, CIELO_*, REDE_* is set: live cards are refused (docs/cards.md, \"Going live\")");
  } catch (error) {
    note("settings", "fail", errorText(error));
  }
  if (settings) {
    const { transport, close } = createNodePspTransport({});
    try {
      const threeDs = createCybersourceThreeDs({ ...settings.threeDs, transport });
      try {
        const setup = await threeDs.setup({ reference: "cards-check", card: { number: "4000000000001000", expMonth: "12", expYear: String(new Date().getUTCFullYear() + 3), brand: "VISA" } });
        note("cybersource", "ok", `${settings.threeDs.baseUrl} set up an authentication; its pages are at ${new URL(setup.deviceDataCollectionUrl).origin}`);
      } catch (error) {
        note("cybersource", "fail", `${errorText(error)} (check CYBERSOURCE_HOST, _MERCHANT_ID, _KEY_ID, _SECRET and _PAGES_ORIGIN)`);
      }
      if (settings.cielo) await query(note, "cielo", createCieloAcquirer({ ...settings.cielo, transport }), "CIELO_MERCHANT_ID and CIELO_MERCHANT_KEY");
      else note("cielo", "skipped", "CIELO_* not set");
      if (settings.rede) await query(note, "rede", createRedeAcquirer({ ...settings.rede, transport }), "REDE_PV, REDE_KEY and REDE_TOKEN_URL");
      else note("rede", "skipped", "REDE_* not set");
    } finally {
      close();
    }
  }
  const failed = checks.filter((c) => c.status === "fail").length;
  const lines = checks.map((c) => `  ${{ ok: "ok   ", fail: "FAIL ", skipped: "--   " }[c.status]} ${c.check.padEnd(12)} ${c.detail}\n`);
  const verdict = failed ? `${failed} check${failed > 1 ? "s" : ""} failed.` : "All answer: live card payments can run.";
  const notify = notificationUrl ? `Cielo's Notification Post URL (give it to Cielo's support): ${notificationUrl}\n` : "";
  process.stdout.write(options.json ? `${JSON.stringify({ ok: failed === 0, checks, cieloNotificationUrl: notificationUrl })}\n` : `Live cards (CYBERSOURCE_*, CIELO_*, REDE_*)\n${lines.join("")}${verdict}\n${notify}`);
  return failed ? 1 : 0;
}

/** One acquirer's credentials, proven by a query for a sale that does not exist. */
async function query(note: (check: string, status: Status, detail: string) => void, name: string, acquirer: CieloAcquirer | RedeAcquirer, variables: string) {
  try {
    const found = "findSaleByOrder" in acquirer ? await acquirer.findSaleByOrder(NO_SALE) : await acquirer.findByReference(NO_SALE.slice(0, 16));
    note(name, "ok", `answered a query with these credentials (${found ? "a sale" : "no sale"} under a check order id)`);
  } catch (error) {
    note(name, "fail", `${errorText(error)} (check ${variables})`);
  }
}
