/**
 * Operator CLI (`npm run admin -- <command>`, entry worker/cli/admin.ts), against the database named by DATABASE_URL
 * (default the Node host's file), migrating it first so it works on a fresh machine.
 *
 *   seller:create --legal-name NAME --email EMAIL --city CITY [--fantasy-name NAME] [--cnpj CNPJ] [--pix-key KEY] [--live] [--json]
 *   keys:rotate   --seller ID [--live] [--json]
 *   seller:approve-live --seller ID [--json]
 *   team:invite   --seller ID --email EMAIL --profile OWNER|ADMIN|FINANCE|OPERATION [--first-name NAME] [--json]
 *   payments:search-index: indexes rows older than the dashboard's search keys (migration 0022)
 *   pix:check, pix:webhook, pix:reconcile --since WHEN [--until ISO]: live PIX's PSP (./pix-commands.ts)
 *   cards:check: live cards' vendors (./cards-commands.ts)
 *   help          (also --help, -h): prints the commands, without touching the database
 *
 * With --json, stdout carries exactly one JSON object and nothing else.
 */
import { parseArgs } from "node:util";
import { isValidCnpj } from "../../shared/documents";
import { createDb } from "../db/client";
import { inviteByEmail } from "../domain/dashboard/invites";
import { PIX_KEY_FORMATS, pixKeyType } from "../domain/pix/receiver-key";
import { approveSellerForLive, createCompanySeller, rotateSellerKeys, type SellerWithKeys } from "../domain/sellers";
import { backfillSearchKeys } from "../domain/transactions/search-backfill";
import { readNodeConfig } from "../node/config";
import { createNodeVault } from "../node/node-vault";
import { openDatabase } from "../node/database";
import { applyMigrations } from "../node/migrate";
import { runningHostBaseUrl } from "../node/running-host";
import { CARDS_COMMANDS, CARDS_HELP, CARDS_USAGE, runCardsCommand } from "./cards-commands";
import { PIX_COMMANDS, PIX_HELP, PIX_USAGE, runPixCommand } from "./pix-commands";
import { UsageError } from "./usage";

const USAGE = `Usage:
  npm run admin -- seller:create --legal-name NAME --email EMAIL --city CITY [--fantasy-name NAME] [--cnpj CNPJ] [--pix-key KEY] [--live] [--json]
  npm run admin -- keys:rotate --seller ID [--live] [--json]
  npm run admin -- seller:approve-live --seller ID [--json]
  npm run admin -- team:invite --seller ID --email EMAIL --profile OWNER|ADMIN|FINANCE|OPERATION [--first-name NAME] [--json]
${PIX_USAGE}
${CARDS_USAGE}
  npm run admin -- --help`;

/** `--help` (or `-h`, `help`): the commands, their options, and where they act. */
const HELP = `Operator commands for Pay, against the database DATABASE_URL names (default: the Node host's
file:.data/pay.db; a Turso URL with DATABASE_AUTH_TOKEN), migrated first.

Commands:
  seller:create   Create a company seller and its first key pair (test keys unless --live; with
                  --live the company is approved for live mode).
                    --legal-name NAME     the seller's legal name (required)
                    --email EMAIL         its e-mail address (required)
                    --city CITY           the merchant city its PIX BR Codes name (required)
                    --fantasy-name NAME   the name buyers see
                    --cnpj CNPJ           its CNPJ (14 digits, punctuation allowed): shown to
                                          buyers on its payment links' page
                    --pix-key KEY         the PIX key that receives its payments
  keys:rotate     Issue a new key pair for a seller and revoke the previous one (live keys
                  only for a seller approved for live).
                    --seller ID           the seller's id (required)
  seller:approve-live
                  Approve a company for live mode (the platform's KYC of the company is done):
                  its live keys and live objects may then exist, and its members with live
                  access work in the dashboard's live mode. A sub-seller is approved by its
                  company's live KYC decision instead (docs/sellers.md, "Test and live").
                    --seller ID           the company's id (required)
  team:invite     Print a dashboard invite link (72 hours, single use) for a team member: the
                  operator's recovery path when no owner can sign in (docs/dashboard.md).
                    --seller ID           the seller's id (required)
                    --email EMAIL         the member's e-mail; not on the team yet: added (required)
                    --profile PROFILE     OWNER, ADMIN, FINANCE or OPERATION, for a new member (required)
                    --first-name NAME     a new member's first name (default: the e-mail's local part)
                  The member's earlier invites stop working. The link names the host running
                  on this database file (npm start records its address), else PUBLIC_BASE_URL,
                  else http://HOST:PORT.
  payments:search-index
                  Write the dashboard's search keys (name, CPF/CNPJ blind index) of buyers and
                  payments written before migration 0022, to the end; the scheduled job does the
                  same a few hundred rows a minute. Needs the VAULT_KEY the rows were sealed with.
${PIX_HELP}${CARDS_HELP}  help            Print this help (also --help, -h).

Options of seller:create and keys:rotate:
  --live          live keys (sk_live_/pk_live_) instead of test keys
  --json          print exactly one JSON object: {"sellerId", "apiKey", "publishableKey"}

The secret key is shown only once: it is stored as its SHA-256 hash.

${USAGE}
`;

const HELP_WORDS = ["help", "--help", "-h"];
const COMMANDS = ["seller:create", "keys:rotate", "seller:approve-live", "team:invite", "payments:search-index", ...PIX_COMMANDS, ...CARDS_COMMANDS];
const PROFILES = ["OWNER", "ADMIN", "FINANCE", "OPERATION"] as const;

function print(result: SellerWithKeys, json: boolean, what: string) {
  if (json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  process.stdout.write(
    `${what}\n  seller id        ${result.sellerId}\n  secret key       ${result.apiKey}\n` +
      `  publishable key  ${result.publishableKey}\nThe secret key is shown only now.\n`,
  );
}

/**
 * Runs the command line `argv` (without node and the script) with the variables `env`: resolves
 * with the exit status its commands report (0 unless a check failed), rejects when it cannot run
 * (`adminFailure` says how). Its output goes to process.stdout.
 */
export async function runAdminCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  // Before anything else (options, the database): help needs neither.
  if (argv.some((arg) => HELP_WORDS.includes(arg))) {
    process.stdout.write(HELP);
    return 0;
  }
  // A typo is told before the database is opened (or created, for a file that does not exist).
  if (!COMMANDS.includes(command ?? "")) throw new UsageError(command ? `Unknown command ${command}` : "No command given");
  const { values } = parseArgs({
    args: rest,
    options: {
      "legal-name": { type: "string" },
      "fantasy-name": { type: "string" },
      email: { type: "string" },
      city: { type: "string" },
      "pix-key": { type: "string" },
      cnpj: { type: "string" },
      seller: { type: "string" },
      profile: { type: "string" },
      "first-name": { type: "string" },
      since: { type: "string" },
      until: { type: "string" },
      live: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    },
    strict: true,
  });
  // Live PIX's PSP: each reads the configuration itself (pix:check reports a bad one) and opens
  // the database only if it needs it.
  if (PIX_COMMANDS.includes(command!)) return runPixCommand(command!, values, env);
  if (CARDS_COMMANDS.includes(command!)) return runCardsCommand(command!, values, env);
  const mode = values.live ? "live" : "test";
  const config = readNodeConfig(env);
  const client = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  try {
    const db = createDb(client);
    await applyMigrations(db);
    switch (command) {
      case "seller:create": {
        const legalName = values["legal-name"]?.trim();
        const email = values.email?.trim();
        if (!legalName) throw new UsageError("--legal-name is required");
        if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new UsageError("--email must be an email address");
        // The city is the merchant city every PIX BR Code of the seller names.
        const city = values.city?.trim();
        if (!city) throw new UsageError("--city is required (the merchant city its PIX charges name)");
        const pixKey = values["pix-key"]?.trim();
        if (pixKey && !pixKeyType(pixKey)) throw new UsageError(`--pix-key must be ${PIX_KEY_FORMATS}`);
        const cnpj = values.cnpj?.toUpperCase().replace(/[^0-9A-Z]/g, "");
        if (cnpj !== undefined && !isValidCnpj(cnpj)) throw new UsageError("--cnpj must be a CNPJ with valid check digits");
        const result = await createCompanySeller(
          db,
          { legalName, email, city, pixKey, cnpj, fantasyName: values["fantasy-name"], mode },
          new Date(),
        );
        print(result, values.json, "Created seller");
        return 0;
      }
      case "keys:rotate": {
        if (!values.seller) throw new UsageError("--seller is required");
        const result = await rotateSellerKeys(db, values.seller, new Date(), mode);
        if (!result) throw new UsageError(`No seller with id ${values.seller}`);
        print(result, values.json, "Rotated keys (the previous pair is revoked)");
        return 0;
      }
      case "seller:approve-live": {
        if (!values.seller) throw new UsageError("--seller is required");
        const approved = await approveSellerForLive(db, values.seller, new Date());
        if (!approved) throw new UsageError(`No seller with id ${values.seller}`);
        if (values.json) process.stdout.write(`${JSON.stringify(approved)}\n`);
        else process.stdout.write(`Seller ${approved.sellerId} is approved for live mode (since ${approved.liveApprovedAt}).\n`);
        return 0;
      }
      case "team:invite": {
        if (!values.seller) throw new UsageError("--seller is required");
        const email = values.email?.trim();
        if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new UsageError("--email must be an email address");
        const profile = PROFILES.find((p) => p === values.profile);
        if (!profile) throw new UsageError(`--profile must be one of ${PROFILES.join(", ")}`);
        // The link names the host running on this database (it recorded its address), else this shell's PORT/PUBLIC_BASE_URL.
        const baseUrl = runningHostBaseUrl(config.databaseUrl) ?? config.baseUrl;
        const invited = await inviteByEmail({ db, now: () => new Date(), config: { baseUrl } }, values.seller, email, profile, values["first-name"]?.trim() || undefined);
        if (!invited) throw new UsageError(`No seller with id ${values.seller}`);
        const { member, inviteUrl, inviteExpiresAt } = invited;
        if (values.json) process.stdout.write(`${JSON.stringify({ memberId: member.id, email: member.email, profile: member.profile, inviteUrl, inviteExpiresAt })}\n`);
        else process.stdout.write(`Invite for ${member.email} (${member.profile}), single use, until ${inviteExpiresAt}:\n  ${inviteUrl}\n`);
        return 0;
      }
      case "payments:search-index": {
        const ports = { db, vault: createNodeVault(config.vaultKey, config.vaultPreviousKeys) };
        let total = 0;
        for (let n = -1; n !== 0; total += n) n = await backfillSearchKeys(ports, 50);
        process.stdout.write(`Indexed ${total} rows for the dashboard's search; none left.\n`);
        return 0;
      }
      default:
        throw new UsageError(command ? `Unknown command ${command}` : "No command given");
    }
  } finally {
    client.close();
  }
}

/**
 * What a command line that could not run prints on stderr (the error, and the usage after a usage
 * error) and its exit status: 2 for a usage error, 1 for any other failure.
 */
export function adminFailure(err: unknown): number {
  const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${usage ? `${USAGE}\n` : ""}`);
  return usage ? 2 : 1;
}
