/**
 * `npm run admin -- cards:check` (worker/cli/cards-commands.ts) against the card simulators over
 * real HTTP: all three answer with the right credentials (exit 0), a wrong secret or key is named
 * as the failing vendor (exit 1), and nothing printed carries a secret or a card number.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCardSimulators, type CardSimulators } from "../../worker/cli/card-simulators";
import { runAdmin } from "../support/admin-cli";

const dir = mkdtempSync(join(tmpdir(), "pay-admin-cards-"));
let sims: CardSimulators;
beforeAll(async () => {
  sims = await startCardSimulators();
});
afterAll(async () => {
  await sims.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run admin -- cards:check --json` (in process) with the simulators' variables and `overrides`; its exit status and output. */
async function check(overrides: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { DATABASE_URL: `file:${join(dir, "pay.db")}`, VAULT_KEY: Buffer.alloc(32, 9).toString("base64"), ...sims.env, ...overrides };
  const { code: status, stdout: out, stderr } = await runAdmin(env, "cards:check", "--json");
  expect(stderr).toBe("");
  return { status, out, result: JSON.parse(out) as { ok: boolean; checks: Array<{ check: string; status: string; detail: string }> } };
}

describe("cards:check", () => {
  it("all three vendors answer: exit 0, and no secret, key or card number printed", async () => {
    const { status, out, result } = await check();
    expect(status, out).toBe(0);
    expect(result.checks.map((c) => [c.check, c.status])).toEqual([["settings", "ok"], ["cybersource", "ok"], ["cielo", "ok"], ["rede", "ok"]]);
    for (const secret of [sims.env.CYBERSOURCE_SECRET!, sims.env.CIELO_MERCHANT_KEY!, sims.env.REDE_KEY!, "4000000000001000"]) expect(out).not.toContain(secret);
    // The URL to give Cielo's support: this installation's, with its secret segment.
    expect((result as { cieloNotificationUrl?: string }).cieloNotificationUrl).toMatch(/^http:\/\/127\.0\.0\.1:8787\/acquirers\/cielo\/[\w-]{20,}\/notifications$/);
  });

  it("a wrong Cybersource secret and a wrong Cielo key: each vendor named as failing, exit 1", async () => {
    const { status, result } = await check({ CYBERSOURCE_SECRET: Buffer.alloc(32, 1).toString("base64"), CIELO_MERCHANT_KEY: "0".repeat(40) });
    expect(status).toBe(1);
    expect(Object.fromEntries(result.checks.map((c) => [c.check, c.status]))).toEqual({ settings: "ok", cybersource: "fail", cielo: "fail", rede: "ok" });
  });

  it("half a set-up (an acquirer without the 3DS server) is a settings failure naming the variables", async () => {
    const env = Object.fromEntries(Object.keys(sims.env).filter((k) => k.startsWith("CYBERSOURCE_")).map((k) => [k, ""]));
    const { status, result } = await check(env);
    expect(status).toBe(1);
    expect(result.checks[0]).toMatchObject({ check: "settings", status: "fail", detail: expect.stringContaining("CYBERSOURCE_HOST") });
  });
});
