/**
 * `npm run admin -- --help` prints the commands and their options (it used to answer "Unknown
 * command"), on stdout with status 0, without opening the database; a typo is a usage error that
 * does not create one either. (seller:create and keys:rotate themselves: test/node-host.test.ts.)
 * `npm run admin -- --help` and the typo run the real entry as child processes; the other command
 * lines run its dispatch in this process (test/support/admin-cli.ts), as fast as a function call.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { runAdmin } from "../support/admin-cli";

const dir = mkdtempSync(join(tmpdir(), "pay-admin-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A database file under a folder that does not exist: opening it would create both. */
const database = join(dir, "never", "pay.db");

/** The command line `cmd args` as a child process, on the database `file`. */
function run(cmd: string, args: string[], file = database): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, DATABASE_URL: `file:${file}` }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The CLI's command line in this process, on the database `file` (created and migrated by the first command that opens it). */
const admin = (file: string, ...args: string[]) => runAdmin({ ...process.env, DATABASE_URL: `file:${file}` }, ...args);

describe("npm run admin -- --help", () => {
  it("prints every command with its options, through npm exactly as documented", async () => {
    const help = await run("npm", ["run", "admin", "--", "--help"]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stderr).not.toContain("Unknown command");
    for (const text of ["seller:create", "keys:rotate", "--legal-name", "--email", "--city", "--pix-key", "--seller", "--live", "--json", "DATABASE_URL"]) {
      expect(help.stdout).toContain(text);
    }
    expect(existsSync(join(dir, "never"))).toBe(false);
  }, 60_000);

  it("answers -h, help and a command's --help the same way", async () => {
    for (const args of [["-h"], ["help"], ["seller:create", "--help"]]) {
      const out = await admin(database, ...args);
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toMatch(/^Operator commands for Pay/);
    }
    expect(existsSync(join(dir, "never"))).toBe(false);
  }, 60_000);

  it("a typo is a usage error on stderr (status 2) that names it, and opens no database", async () => {
    const typo = await run(process.execPath, ["--import", "tsx", "worker/cli/admin.ts", "seller:craete"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("Unknown command seller:craete");
    expect(typo.stderr).toContain("npm run admin -- --help");
    expect(existsSync(join(dir, "never"))).toBe(false);
  }, 60_000);
});

describe("npm run admin -- seller:approve-live", () => {
  it("live keys only after the operator approves the company; a test company's keys:rotate --live is refused and writes none", async () => {
    const file = join(dir, "approve.db");
    const created = await admin(file, "seller:create", "--legal-name", "Acme Ltda", "--email", "ops@acme.test", "--city", "Curitiba", "--json");
    expect(created.code, created.stderr).toBe(0);
    const { sellerId } = JSON.parse(created.stdout) as { sellerId: string };
    const refused = await admin(file, "keys:rotate", "--seller", sellerId, "--live", "--json");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("not approved for live mode");
    expect(refused.stdout).toBe("");
    const approved = await admin(file, "seller:approve-live", "--seller", sellerId, "--json");
    expect(approved.code, approved.stderr).toBe(0);
    expect(JSON.parse(approved.stdout)).toEqual({ sellerId, liveApprovedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const rotated = await admin(file, "keys:rotate", "--seller", sellerId, "--live", "--json");
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout).apiKey).toMatch(/^sk_live_/);
    const unknown = await admin(file, "seller:approve-live", "--seller", crypto.randomUUID());
    expect(unknown.code).toBe(2);
  }, 120_000);
});

describe("npm run admin -- seller:create --cnpj", () => {
  it("keeps the company's CNPJ (punctuation dropped) for its links' page; one with wrong check digits is a usage error", async () => {
    const file = join(dir, "cnpj.db");
    const base = ["seller:create", "--legal-name", "Acme Ltda", "--email", "ops@acme.test", "--city", "Curitiba", "--json"];
    const wrong = await admin(file, ...base, "--cnpj", "11.222.333/0001-80");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--cnpj must be a CNPJ with valid check digits");
    const created = await admin(file, ...base, "--cnpj", "11.222.333/0001-81");
    expect(created.code, created.stderr).toBe(0);
    const { sellerId } = JSON.parse(created.stdout) as { sellerId: string };
    const db = createClient({ url: `file:${file}` });
    const { rows } = await db.execute({ sql: "select document_type, document_number from sellers", args: [] });
    db.close();
    expect(rows.map((r) => [r.document_type, r.document_number])).toEqual([["CNPJ", "11222333000181"]]);
    expect(sellerId).toMatch(/^[0-9a-f-]{36}$/);
  }, 120_000);
});
