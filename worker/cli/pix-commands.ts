/**
 * The live PIX commands of `npm run admin` (issue 29), against the PSP that PIX_PSP_* names:
 *
 *   pix:check      the settings, PIX_RECEIVER_KEY, a token, and the callback registered at the PSP
 *   pix:webhook    registers this installation's callback URL for PIX_RECEIVER_KEY
 *   pix:reconcile  the PIX the PSP received over a window, settled or reported
 *
 * They read the Node host's configuration (readNodeConfig), so the callback URL is the one the
 * host serves: PUBLIC_BASE_URL and the vault key (VAULT_KEY, or the file beside the database)
 * must be the host's, or for a Worker the Worker's. Nothing printed carries the client secret,
 * a token, or the callback URL's secret segment (`/psp/pix/…`).
 */
import type { BcbPixSettings } from "../connectors/bcb-pix/config";
import { createBcbPixPsp } from "../connectors/bcb-pix/client";
import { createAccessTokens } from "../connectors/bcb-pix/oauth";
import { pspCallbackUrl } from "../domain/pix/psp-callback";
import { createBcbPixAutomatico } from "../connectors/bcb-pix/automatico";
import { emptyReport, reconcilePix, type PaymentOutcome } from "../domain/pix/psp-payments";
import { PspRejectedError, PspUnavailableError, type PixPsp, type PspPixPayment } from "../lib/acquirer";
import type { LogLine, Platform } from "../platform";
import { readNodeConfig, type NodeConfig } from "../node/config";
import { openDatabase } from "../node/database";
import { applyMigrations } from "../node/migrate";
import { createNodePlatform } from "../node/platform";
import { createNodeVault } from "../node/node-vault";
import { createNodePspTransport } from "../node/psp-transport";
import { redactCallbackUrl } from "../node/psp-webhook";
import { UsageError } from "./usage";

export const PIX_COMMANDS = ["pix:check", "pix:webhook", "pix:reconcile"];

export const PIX_USAGE = `  npm run admin -- pix:check [--json]
  npm run admin -- pix:webhook [--json]
  npm run admin -- pix:reconcile --since ISO|DURATION [--until ISO] [--json]`;

export const PIX_HELP = `  pix:check       Checks live PIX's PSP (PIX_PSP_*): the settings, PIX_RECEIVER_KEY, a token from
                  the token URL for the client, and the callback the PSP holds for the key
                  (GET /webhook/{chave}) against this installation's. Exit 0 when all is well.
  pix:webhook     Registers this installation's callback URL ({PUBLIC_BASE_URL}/psp/pix/<secret>)
                  at the PSP for PIX_RECEIVER_KEY (PUT /webhook/{chave}). The Node host does it at
                  start; for a Worker run it with the Worker's PUBLIC_BASE_URL and VAULT_KEY.
  pix:reconcile   Lists the PIX the PSP received over a window (GET /pix, 24 h at a time), settles
                  the transactions they paid, and counts matched, settled late, unknown and
                  mismatched PIX.
                    --since WHEN          an ISO date-time, or a duration back from now: 30m, 24h, 7d (required)
                    --until ISO           the window's end (default: now); 90 days at most
`;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A window the PSP lists at once: the document sets no bound, PSPs do (a day is within all we know). */
const WINDOW_MS = DAY;
const MAX_SPAN_MS = 90 * DAY;

/** Runs `command`; its exit status. */
export async function runPixCommand(command: string, options: { json: boolean; since?: string; until?: string }, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const secret = env.PIX_PSP_CLIENT_SECRET?.trim() ?? "";
  // Belt and braces: whatever the PSP's answers held, the secret is never printed.
  const out = (text: string) => process.stdout.write(secret.length >= 8 ? text.split(secret).join("***") : text);
  const print = (json: object, text: string) => out(options.json ? `${JSON.stringify(json)}\n` : text);
  if (command === "pix:check") return check(env, print);
  if (command === "pix:webhook") return registerWebhook(env, print);
  return reconcile(env, print, windowOf(options.since, options.until, Date.now()));
}

type Print = (json: object, text: string) => void;

/** The connector over the Node transport, its own token source (to check that step alone), and its log. */
function connect(settings: BcbPixSettings, lines: LogLine[] = []) {
  const log = (line: LogLine) => void lines.push(line);
  const { transport, close } = createNodePspTransport(settings.tls);
  const psp = createBcbPixPsp({ ...settings, transport, log });
  const tokens = createAccessTokens({ ...settings, transport, timeoutMs: 10_000, log, name: psp.name });
  /** The system or TLS code of the last exchange that failed (ECONNREFUSED, CERT_HAS_EXPIRED…). */
  const failureCode = () => lines.findLast((l) => l.msg === "psp.request" && l.status === null)?.errorCode as string | undefined;
  return { psp, tokens, close, failureCode, transport };
}

/** What pspCallbackUrl needs of a platform: the configuration and the vault. */
const callbackUrlOf = (config: NodeConfig) => pspCallbackUrl({ config, vault: createNodeVault(config.vaultKey, config.vaultPreviousKeys) } as Pick<Platform, "config" | "vault"> as Platform);

function pspOf(config: NodeConfig): BcbPixSettings {
  if (!config.psp) throw new Error('No PIX_PSP_* variable is set: live PIX is off (PIX_PSP_URL, PIX_PSP_CLIENT_ID and PIX_PSP_CLIENT_SECRET; docs/pix.md, "Going live").');
  return config.psp;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Status = "ok" | "fail" | "skipped";

async function check(env: NodeJS.ProcessEnv, print: Print): Promise<number> {
  const checks: { check: string; status: Status; detail: string }[] = [];
  const note = (check: string, status: Status, detail: string) => checks.push({ check, status, detail });
  let config: NodeConfig | null = null;
  try {
    config = readNodeConfig(env);
    pspOf(config);
  } catch (error) {
    note("settings", "fail", errorText(error));
  }
  const settings = config?.psp;
  const key = config?.pixReceiverKey;
  let callbackUrl: string | null = null;
  if (settings) {
    const tls = settings.tls;
    note("settings", "ok", `PIX_PSP_URL ${settings.baseUrl}, client ${settings.clientId}, ${tls?.cert ? "client certificate PIX_PSP_CERT and PIX_PSP_KEY" : "no client certificate (a PSP on this machine only)"}${tls?.ca ? ", the PSP's CA PIX_PSP_CA" : ""}`);
  }
  if (config) note("receiver key", key ? "ok" : "fail", key ? `PIX_RECEIVER_KEY ${key}` : "PIX_RECEIVER_KEY is not set: live charges and the PSP's callback name it");
  if (config && settings) {
    callbackUrl = await callbackUrlOf(config);
    const pix = connect(settings);
    try {
      let token = false;
      try {
        await pix.tokens.current();
        token = true;
        note("token", "ok", `${settings.tokenUrl} gave client ${settings.clientId} a token`);
      } catch (error) {
        if (error instanceof PspRejectedError) {
          note("token", "fail", `${settings.tokenUrl} refused client ${settings.clientId}: ${error.message} (check PIX_PSP_CLIENT_ID and PIX_PSP_CLIENT_SECRET)`);
        } else {
          const code = pix.failureCode();
          note("token", "fail", `${errorText(error)}${code ? ` (${code})` : ""} (check PIX_PSP_TOKEN_URL, the network, and PIX_PSP_CERT, PIX_PSP_KEY, PIX_PSP_CA)`);
        }
      }
      if (!token || !key) note("webhook", "skipped", `needs ${token ? "PIX_RECEIVER_KEY" : "a token"}`);
      else {
        const ours = redactCallbackUrl(callbackUrl);
        try {
          const registered = await pix.psp.getWebhook(key);
          if (registered === null) note("webhook", "fail", `no callback is registered at the PSP for PIX_RECEIVER_KEY: run \`npm run admin -- pix:webhook\` to register ${ours}`);
          else if (registered.replace(/\/+$/, "") !== callbackUrl) {
            const theirs = redactCallbackUrl(registered);
            note("webhook", "fail", `the PSP's callback for PIX_RECEIVER_KEY is ${theirs}, not this installation's ${ours}${theirs === ours ? " (another secret segment: another VAULT_KEY?)" : ""}: run \`npm run admin -- pix:webhook\``);
          } else note("webhook", "ok", `the PSP posts PIX received for PIX_RECEIVER_KEY to ${ours}`);
        } catch (error) {
          const scope = error instanceof PspRejectedError && (error.status === 401 || error.status === 403) ? " (the client needs the webhook.read scope)" : "";
          note("webhook", "fail", `GET /webhook/{chave} failed: ${errorText(error)}${scope}`);
        }
      }
    } finally {
      pix.close();
    }
  }
  const failed = checks.filter((c) => c.status === "fail").length;
  const lines = checks.map((c) => `  ${{ ok: "ok   ", fail: "FAIL ", skipped: "--   " }[c.status]} ${c.check.padEnd(13)} ${c.detail}\n`);
  const verdict = failed ? `${failed} check${failed > 1 ? "s" : ""} failed.` : "All is well: the PSP gives a token, and its callback for PIX_RECEIVER_KEY is this installation's.";
  print(
    { ok: failed === 0, checks, callbackUrl: callbackUrl && redactCallbackUrl(callbackUrl) },
    `Live PIX: the PSP (PIX_PSP_*)\n${lines.join("")}${verdict}\n`,
  );
  return failed ? 1 : 0;
}

async function registerWebhook(env: NodeJS.ProcessEnv, print: Print): Promise<number> {
  const config = readNodeConfig(env);
  const settings = pspOf(config);
  const key = config.pixReceiverKey;
  if (!key) throw new Error("PIX_RECEIVER_KEY is not set: the PSP's callback is registered for that key (the platform's DICT key at the PSP).");
  const url = await callbackUrlOf(config);
  const loopback = (u: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(new URL(u).hostname);
  if (loopback(url) && !loopback(settings.baseUrl)) {
    process.stderr.write(`Warning: PUBLIC_BASE_URL is ${config.baseUrl}, which the PSP cannot reach: set it to this installation's public URL.\n`);
  }
  const pix = connect(settings);
  try {
    await pix.psp.registerWebhook(key, url);
    // PIX Automático's callbacks (webhookrec, webhookcobr) at the same URL: the PSP appends /rec and /cobr.
    await createBcbPixAutomatico({ ...settings, transport: pix.transport }).registerWebhooks({ recurrences: url, charges: url });
  } catch (error) {
    const code = error instanceof PspUnavailableError ? pix.failureCode() : undefined;
    throw new Error(`The PSP did not register the callback: ${errorText(error)}${code ? ` (${code})` : ""}`);
  } finally {
    pix.close();
  }
  const shown = redactCallbackUrl(url);
  print(
    { registered: true, receiverKey: key, callbackUrl: shown },
    `Registered at the PSP for PIX_RECEIVER_KEY ${key}:\n  ${shown}\nThe PSP posts each PIX received to it with /pix appended, and PIX Automático's recurrences and charge instructions with /rec and /cobr; \`npm run admin -- pix:check\` checks it.\n`,
  );
  return 0;
}

/** The window [from, to) of --since and --until, as epoch ms; a usage error when it is not one. */
function windowOf(since: string | undefined, until: string | undefined, now: number): { from: number; to: number } {
  const iso = (value: string) => (/^\d{4}-\d\d-\d\d/.test(value) ? Date.parse(value) : Number.NaN);
  if (!since) throw new UsageError("--since is required: an ISO date-time or a duration back from now (30m, 24h, 7d)");
  const ago = /^(\d+)(m|h|d)$/.exec(since.trim());
  const from = ago ? now - Number(ago[1]) * { m: 60_000, h: HOUR, d: DAY }[ago[2] as "m" | "h" | "d"] : iso(since.trim());
  if (Number.isNaN(from)) throw new UsageError(`--since must be an ISO date-time (2026-05-01T00:00:00Z) or a duration back from now (30m, 24h, 7d), got ${since}`);
  const to = until === undefined ? now : iso(until.trim());
  if (Number.isNaN(to)) throw new UsageError(`--until must be an ISO date-time (2026-05-02T00:00:00Z), got ${until}`);
  if (from >= to) throw new UsageError("--since must be before --until (or now)");
  if (to - from > MAX_SPAN_MS) throw new UsageError("the window is 90 days at most (a PIX can be returned for 90 days): reconcile a longer span in parts");
  return { from, to };
}

const money = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace(".", ",")}`;

async function reconcile(env: NodeJS.ProcessEnv, print: Print, window: { from: number; to: number }): Promise<number> {
  const config = readNodeConfig(env);
  const settings = pspOf(config);
  const lines: LogLine[] = [];
  const pix = connect(settings, lines);
  const client = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  try {
    const base = createNodePlatform(client, config, (line) => void lines.push(line));
    await applyMigrations(base.db);
    // A transaction settled here writes its events' deliveries as PENDING rows; the host's minute
    // sweep sends them (webhooks/sweep.ts), as this process has no queue runner.
    const platform: Platform = { ...base, enqueue: async () => {} };
    // Windows share their bounds (the PSP lists both inclusively): a PIX listed twice counts once.
    const seen = new Map<string, PspPixPayment>();
    const psp: PixPsp = {
      ...pix.psp,
      listReceived: async (from, to) => (await pix.psp.listReceived(from, to)).filter((p) => !seen.has(p.endToEndId) && Boolean(seen.set(p.endToEndId, p))),
    };
    const report = emptyReport();
    const windows: [string, string][] = [];
    for (let t = window.from; t < window.to; t += WINDOW_MS) windows.push([new Date(t).toISOString(), new Date(Math.min(t + WINDOW_MS, window.to)).toISOString()]);
    for (const [from, to] of windows) {
      const part = await reconcilePix(platform, psp, from, to);
      for (const outcome of Object.keys(report) as PaymentOutcome[]) report[outcome] += part[outcome];
    }
    // Each PIX not already paid here has its line (pix.received: outcome, why); the rest matched.
    const outcomes = new Map(lines.filter((l) => l.msg === "pix.received").map((l) => [l.endToEndId, l]));
    const amounts = emptyReport();
    const entries = [...seen.values()].flatMap((p) => {
      const line = outcomes.get(p.endToEndId);
      amounts[(line?.outcome as PaymentOutcome | undefined) ?? "already"] += p.amount;
      return line ? [{ outcome: line.outcome as PaymentOutcome, txid: p.txid, endToEndId: p.endToEndId, amount: p.amount, transactionId: (line.transactionId as string | null) ?? null, why: line.why as string }] : [];
    });
    const from = windows[0]![0];
    const to = windows.at(-1)![1];
    const row = (label: string, outcome: PaymentOutcome, meaning: string) => `  ${label.padEnd(13)} ${String(report[outcome]).padStart(5)}  ${money(amounts[outcome]).padStart(12)}  ${meaning}\n`;
    print(
      { from, to, windows: windows.length, received: seen.size, report, amounts, entries },
      `PIX the PSP received from ${from} to ${to} (${windows.length} window${windows.length > 1 ? "s" : ""} of at most 24 h): ${seen.size}\n` +
        row("matched", "already", "already paid here") +
        row("settled late", "settled", "PAID now (their callback was lost)") +
        row("unknown", "unknown", "no live transaction has their txid") +
        row("mismatched", "mismatched", "another amount, or a charge cancelled or expired here") +
        entries
          .filter((e) => e.outcome !== "settled")
          .map((e) => `  ${e.outcome}: txid ${e.txid ?? "(none)"}, E2E ${e.endToEndId}, ${money(e.amount)}${e.transactionId ? `, transaction ${e.transactionId}` : ""}: ${e.why}\n`)
          .join("") +
        (report.unknown || report.mismatched ? 'Unknown and mismatched PIX want an operator: money to match or to return (docs/pix.md, "Going live").\n' : ""),
    );
    return 0;
  } finally {
    pix.close();
    client.close();
  }
}
