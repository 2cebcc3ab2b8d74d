/**
 * docs/subscriptions.md's PIX Automático walk-through runs verbatim: its ```sh block is run with
 * bash (curl and jq) against a gateway this test serves on 127.0.0.1, with `SK` a test key and
 * `API` its address, as the README's walk-through sets them; each `# …` line right after a
 * command is what that command must print. Skipped where curl or jq is not installed.
 */
import { serve, type ServerType } from "@hono/node-server";
import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";

const DOC = readFileSync(join(__dirname, "../../docs/subscriptions.md"), "utf8");
const section = DOC.slice(DOC.indexOf("### Walk-through (sandbox)"), DOC.indexOf("## Performance"));
const block = section.slice(section.indexOf("```sh\n") + 6, section.indexOf("\n```", section.indexOf("```sh\n")));

/** The `# …` lines that follow a command line directly: what the commands print, in order. */
function expectedOutput(script: string): string[] {
  const lines = script.split("\n");
  return lines.flatMap((line, i) => (line.startsWith("# ") && i > 0 && lines[i - 1]!.trim() !== "" && !lines[i - 1]!.startsWith("#") ? [line.slice(2)] : []));
}

const has = (tool: string) => {
  try {
    execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

let ctx: Awaited<ReturnType<typeof createTestContext>>;
let server: ServerType;
let api: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: (req) => ctx.app.fetch(req), hostname: "127.0.0.1", port: 0 }, () => resolve());
  });
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("docs/subscriptions.md: the PIX Automático walk-through", () => {
  it("names what each command prints", () => {
    expect(expectedOutput(block)).toEqual(["INCOMPLETE CREATED JORNADA_3", "ACTIVE APPROVED", "PAID", "ACTIVE true PAYER", "true"]);
  });

  it.skipIf(!has("curl") || !has("jq"))("runs verbatim and prints what it says", async () => {
    const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", block], { env: { PATH: process.env.PATH, SK: ctx.seller.apiKey, API: api }, timeout: 60_000 });
    expect(stdout.trim().split("\n")).toEqual(expectedOutput(block));
  });
});
