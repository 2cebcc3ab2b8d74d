/**
 * The typed client of the README: openapi-typescript, with its default options, generates types
 * from /openapi.json; a small openapi-fetch client written against them (create a PIX charge, read
 * it, list transactions) compiles under strict tsc, and runs against the app. A field with a
 * default (`expirationSeconds`) must not be required of the client (lib/openapi-document.ts).
 *
 * The generator runs as `npm run openapi:types` does: with TypeScript 5 handed to it
 * (worker/cli/openapi-typescript-ts5.mjs), since our TypeScript 7 has no JavaScript API.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "./support/platform";

const ROOT = join(__dirname, "..");
const exec = promisify(execFile);

/** The client an integrator writes: every call typed by the generated `paths`. */
const CLIENT = `import createClient from "openapi-fetch";
import type { paths } from "./api";

/** Creates a PIX charge, reads it back and lists the seller's transactions. */
export async function createReadList(baseUrl: string, apiKey: string, fetch: (request: Request) => Promise<Response>) {
  const client = createClient<paths>({ baseUrl, headers: { "X-Api-Key": apiKey }, fetch });
  const created = await client.POST("/v1/transactions", {
    params: { header: { "idempotency-key": "order-1234" } },
    // No expirationSeconds: it has a default, so the type must not require it.
    body: {
      paymentMethod: "PIX",
      amount: 1050,
      currency: "BRL",
      description: "Pedido 1234",
      buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: "12345678909" },
    },
  });
  if (created.error) throw new Error(\`create: \${created.error.code} \${created.error.detail}\`);
  const id: string = created.data.id;

  const read = await client.GET("/v1/transactions/{id}", { params: { path: { id } } });
  if (read.error) throw new Error(\`read: \${read.error.code}\`);
  const brCode: string | undefined = read.data.paymentDetails?.qrCode;

  const list = await client.GET("/v1/transactions", { params: { query: { size: 10 } } });
  if (list.error) throw new Error(\`list: \${list.error.code}\`);
  return { id, status: read.data.status, amount: read.data.amount, brCode, listed: list.data.items.map((tx) => tx.id), total: list.data.totalItems };
}
`;

/** A type error tsc must report: an amount is an integer of minor units, not a string. */
const BROKEN = `import createClient from "openapi-fetch";
import type { paths } from "./api";

const client = createClient<paths>({ baseUrl: "http://pay.test" });
void client.POST("/v1/transactions", { body: { paymentMethod: "PIX", amount: "10.50", currency: "BRL" } });
`;

let dir: string;
let ctx: Awaited<ReturnType<typeof createTestContext>>;

/** strict tsc (the project's, node_modules/.bin/tsc) over `file` and what it imports, the generated types included. */
async function compile(file: string): Promise<{ ok: boolean; output: string }> {
  const tsconfig = join(dir, `tsconfig.${file}.json`);
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        skipLibCheck: false,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "bundler",
        lib: ["ES2023", "DOM"],
        types: [],
      },
      files: [file],
    }),
  );
  try {
    const { stdout, stderr } = await exec(join(ROOT, "node_modules/.bin/tsc"), ["-p", tsconfig], { cwd: dir });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: stdout + stderr };
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  dir = mkdtempSync(join(tmpdir(), "pay-typed-client-"));
  // The client resolves openapi-fetch (and tsc its types) from the project's node_modules.
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "openapi.json"), await (await ctx.app.request("/openapi.json")).text());
  // openapi-typescript's CLI with no options: its defaults.
  await exec(
    process.execPath,
    ["--import", join(ROOT, "worker/cli/openapi-typescript-ts5.mjs"), join(ROOT, "node_modules/openapi-typescript/bin/cli.js"), "openapi.json", "-o", "api.d.ts"],
    { cwd: dir },
  );
  writeFileSync(join(dir, "client.ts"), CLIENT);
  writeFileSync(join(dir, "broken.ts"), BROKEN);
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the typed client (openapi-typescript + openapi-fetch)", () => {
  it("generates types in which a request field with a default is optional, and a response's is not", () => {
    const types = readFileSync(join(dir, "api.d.ts"), "utf8");
    const block = (name: string) => types.slice(types.indexOf(`        ${name}: {`), types.indexOf("\n        };", types.indexOf(`        ${name}: {`)));
    expect(block("TransactionCreate")).toContain("expirationSeconds?: number;");
    expect(block("WebhookCreate")).toContain("isActive?: boolean;");
    expect(block("Webhook")).toContain("isActive: boolean;");
  });

  it("compiles under strict tsc", async () => {
    const { ok, output } = await compile("client.ts");
    expect(output).toBe("");
    expect(ok).toBe(true);
  });

  it("tsc does refuse a client that breaks the types (so the check above can fail)", async () => {
    const { ok, output } = await compile("broken.ts");
    expect(ok).toBe(false);
    expect(output).toMatch(/broken\.ts\(5,\d+\): error TS2322/);
  });

  it("creates, reads and lists a PIX transaction against the app", async () => {
    const client = await import(/* @vite-ignore */ pathToFileURL(join(dir, "client.ts")).href);
    const fetch = async (request: Request) => ctx.app.request(request);
    const result = await client.createReadList(ctx.platform.config.baseUrl, ctx.seller.apiKey, fetch);
    expect(result).toMatchObject({ status: "PENDING", amount: 1050, listed: [result.id], total: 1 });
    expect(result.brCode).toMatch(/^000201/);
  });
});
