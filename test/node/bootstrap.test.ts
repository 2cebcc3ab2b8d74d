/** The Node host's first start: one sandbox seller, created atomically with its installation row. */
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys, installation, sellers } from "../../worker/db/schema";
import { resolveKey } from "../../worker/domain/api-keys";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootstrapLines, ensureBootstrapSeller } from "../../worker/node/bootstrap";
import { readNodeConfig } from "../../worker/node/config";
import { createTestPlatform } from "../support/platform";

describe("ensureBootstrapSeller", () => {
  it("two hosts starting at once on an empty database make one seller, and only its keys are printed", async () => {
    // Latency makes both starts read "no seller yet" before either writes, as npm start and
    // npm run dev:worker on the same file can.
    const { db, now } = await createTestPlatform({}, { dbLatency: true });
    const [a, b] = await Promise.all([ensureBootstrapSeller(db, now()), ensureBootstrapSeller(db, now())]);
    expect(a.sellerId).toBe(b.sellerId);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
    expect((await db.select({ n: count() }).from(sellers))[0]!.n).toBe(1);
    expect((await db.select({ n: count() }).from(apiKeys))[0]!.n).toBe(2);
    const printed = (a.created ?? b.created)!;
    expect((await resolveKey(db, printed.apiKey, now()))?.sellerId).toBe(a.sellerId);
  });

  it("writes nothing when the installation row cannot be written (no orphan seller with unseen keys)", async () => {
    const { db, client, now } = await createTestPlatform();
    await client.execute(
      "CREATE TRIGGER refuse_installation BEFORE INSERT ON installation BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    await expect(ensureBootstrapSeller(db, now())).rejects.toThrow();
    expect((await db.select({ n: count() }).from(sellers))[0]!.n).toBe(0);
    await client.execute("DROP TRIGGER refuse_installation");
    const first = await ensureBootstrapSeller(db, now());
    expect(first.created).not.toBeNull();
    expect((await db.select().from(installation))[0]?.value).toBe(first.sellerId);
    expect((await ensureBootstrapSeller(db, now())).created).toBeNull();
  });
});

describe("bootstrapLines", () => {
  it("prints the new keys once, on a developer's machine", async () => {
    const { db, now } = await createTestPlatform();
    const first = await ensureBootstrapSeller(db, now());
    expect(bootstrapLines(first).join("\n")).toContain(first.created!.apiKey);
  });

  it("in production writes them to a 0600 file instead of stdout (container logs)", async () => {
    const { db, now } = await createTestPlatform();
    const first = await ensureBootstrapSeller(db, now());
    const dir = mkdtempSync(join(tmpdir(), "pay-keys-"));
    try {
      const file = join(dir, "first-start-keys.txt");
      const printed = bootstrapLines(first, file).join("\n");
      expect(printed).not.toContain(first.created!.apiKey);
      expect(printed).toContain(file);
      expect(readFileSync(file, "utf8")).toContain(first.created!.apiKey);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readNodeConfig({ DATABASE_URL: `file:${join(dir, "pay.db")}`, NODE_ENV: "production" }).firstStartKeysFile).toBe(
        join(dir, "first-start-keys.txt"),
      );
      expect(readNodeConfig({ DATABASE_URL: `file:${join(dir, "pay.db")}` }).firstStartKeysFile).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
