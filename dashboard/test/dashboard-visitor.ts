/**
 * What the dashboard's browser tests share (dashboard.test.ts, dashboard-sections.test.ts): the
 * seller's server calling `/v1` with its secret key (invites, paid PIX charges), a team member's
 * browser (its own context with a virtual WebAuthn authenticator over the Chrome DevTools Protocol,
 * listening for CSP violations and script errors, with axe-core loaded), and the checks every page
 * gets: a screenshot at 1280 and 375 px (test-results/dashboard-*.png), no horizontal scroll at
 * 375 px, no axe-core WCAG 2.1 A/AA violation, and no CSP violation or script error.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { expect } from "vitest";
import { createDb } from "../../worker/db/client";
import { approveSellerForLive, rotateSellerKeys } from "../../worker/domain/sellers";
import type { GatewayHost } from "../../test/browser/gateway-host";

export const RESULTS = join(__dirname, "../../test-results");
export const WAIT = { timeout: 30_000 };
export const WIDTHS = [1280, 375] as const;
const AXE = require.resolve("axe-core/axe.min.js");
/** The dashboard page's CSP (worker/routes/dashboard-page.ts), as a browser test expects it. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

mkdirSync(RESULTS, { recursive: true });

/** The seller's server: `/v1` calls with a secret key (the host's first one unless given). */
export function sellerServer(host: GatewayHost, secret = () => host.keys.secret) {
  const v1 = (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${host.base}${path}`, {
      method,
      headers: { "X-Api-Key": secret(), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** `v1`, expecting `status`: the answer's JSON. */
  const json = async <T = Record<string, unknown>>(method: string, path: string, body: unknown, status: number): Promise<T> => {
    const res = await v1(method, path, body);
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(status);
    return (await res.json()) as T;
  };

  /** Invites a member with the secret key: the invite link, shown once. */
  const invite = async (profile: string, firstName: string, lastName: string, email: string): Promise<string> => {
    const { inviteUrl } = await json<{ inviteUrl: string }>("POST", `/v1/sellers/${host.sellerId}/team`, { email, firstName, lastName, profile }, 201);
    expect(inviteUrl).toMatch(new RegExp(`^${host.publicBase}/dashboard/invite#token=.+`));
    return inviteUrl;
  };

  /** A PIX charge created by the seller's server and paid by the buyer's bank (sandbox): its id. */
  const paidPix = async (amount: number, description: string): Promise<string> => {
    const buyer = { name: "Maria da Silva", email: "maria@example.com", documentType: "CPF", documentNumber: "52998224725" };
    const { id } = await json<{ id: string }>("POST", "/v1/transactions", { paymentMethod: "PIX", amount, currency: "BRL", description, buyer }, 201);
    await json("POST", `/v1/sandbox/transactions/${id}/pay`, undefined, 200);
    return id;
  };

  return { v1, json, invite, paidPix };
}

/**
 * The operator's approval of the host's sandbox seller for live mode (`npm run admin --
 * seller:approve-live`), on the host's database file; with `liveKeys`, also a live key pair
 * (`keys:rotate --live`): its secret key. The first start's seller is test only until then.
 */
export async function approveForLive(host: GatewayHost, liveKeys = false): Promise<string | null> {
  const client = createClient({ url: `file:${host.databaseFile}` });
  try {
    const db = createDb(client);
    await approveSellerForLive(db, host.sellerId, new Date());
    return liveKeys ? (await rotateSellerKeys(db, host.sellerId, new Date(), "live"))!.apiKey : null;
  } finally {
    client.close();
  }
}

/** A team member's browser: its own context and passkey authenticator, and what went wrong on its pages. */
export interface Member {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors. */
  errors: string[];
  /** CSP violations on any page this member opened. */
  violations: string[];
  /**
   * The DevTools session that added the member's virtual authenticator: only it can name that
   * authenticator (another session on the same page neither lists it nor hears its
   * `WebAuthn.credentialAdded`), so a test reads or copies the member's passkeys through it.
   */
  cdp: CDPSession;
  /** The virtual authenticator's id, for `cdp`'s `WebAuthn.getCredentials` and `WebAuthn.addCredential`. */
  authenticatorId: string;
}

/**
 * A browser context in `locale` with a virtual platform authenticator (user-verifying, discoverable
 * credentials); in the IANA `timezoneId` when given (else the machine's).
 */
export async function openMember(browser: Browser, locale = "pt-BR", timezoneId?: string): Promise<Member> {
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 800 }, locale, ...(timezoneId ? { timezoneId } : {}) });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT.timeout);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  const member: Member = { context, page, errors: [], violations: [], cdp, authenticatorId };
  page.on("pageerror", (err) => member.errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && member.errors.push(msg.text()));
  // Bindings and init scripts run whatever the page's CSP says: they only listen, and bring axe-core.
  await page.exposeFunction("reportCspViolation", (v: string) => member.violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  await page.addInitScript({ path: AXE });
  return member;
}

/** axe-core's WCAG 2.1 A and AA violations on the page, shadow roots included. */
export function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
  });
}

/** The page at 1280 and 375 px: a screenshot of each, no horizontal scroll, no axe violation. */
export async function checkPage(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(RESULTS, `dashboard-${name}-${width}.png`), fullPage: true });
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
}

/** No CSP violation and no script error; failed loads (the 4xx answers a test provoked) are not errors of the page. */
export function expectClean(member: Member): void {
  expect(member.violations).toEqual([]);
  expect(member.errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
}

/** Opens the invite, creates the passkey and waits for the payments list. */
export async function register(member: Member, host: GatewayHost, inviteUrl: string): Promise<void> {
  await member.page.goto(inviteUrl);
  await member.page.getByRole("button", { name: "Criar chave de acesso" }).click();
  await member.page.waitForURL(`${host.publicBase}/dashboard/payments`, WAIT);
  await member.page.getByRole("heading", { name: "Pagamentos", level: 1 }).waitFor();
}
