/**
 * The payments CSV of 100,000 rows streams (docs/dashboard.md, "Exporting payments"): every row
 * arrives, the first rows leave before the last page is read (a change made to the oldest row
 * after the first bytes arrived is in the file), and the server's heap stays flat while it
 * streams: its growth is bounded by a few pages, far below the file's size, which a server
 * holding the rows (or the text) would exceed.
 */
import { eq } from "drizzle-orm";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { expect, it } from "vitest";
import { teamMembers, transactions } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { cloneTransaction } from "../bench/seed";
import { DashboardVisitor } from "../support/dashboard";
import { createTestContext } from "../support/platform";
import { createPix } from "../support/transactions";

const ROWS = 100_000;
const MB = 1024 * 1024;

// A full collection before each sample, so the figure is what the stream retains, not garbage
// waiting for the collector (vitest runs without --expose-gc; this turns it on for this file).
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const retained = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

it("streams 100,000 rows with flat memory, the first before the last page is read", { timeout: 120_000 }, async () => {
  const ctx = await createTestContext();
  const owner = new DashboardVisitor((path, init) => ctx.app.request(path, init), "http://pay.test");
  const [member] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
  expect((await owner.register((await createInvite(ctx.platform, ctx.seller.sellerId, member!.id)).inviteUrl)).status).toBe(201);
  const source = await createPix(ctx);
  await cloneTransaction(ctx.platform.client, source.id, ROWS - 1);
  const [oldest] = await ctx.platform.db.select({ id: transactions.id }).from(transactions).orderBy(transactions.createdAt, transactions.id).limit(1);

  const baseline = retained();
  const res = await owner.request("GET", "/dashboard/api/payments/export");
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let lines = 0;
  let bytes = 0;
  let peak = 0;
  let tail = "";
  let lastLine = "";
  let changed = false;
  let chunks = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    const parts = (tail + decoder.decode(chunk.value, { stream: true })).split("\r\n");
    tail = parts.pop()!;
    lines += parts.length;
    if (parts.length > 0) lastLine = parts[parts.length - 1]!;
    if (!changed && lines > 1) {
      // Rows have arrived; the oldest row's page is not read yet, so this change is in the file.
      await ctx.platform.db.update(transactions).set({ description: "Mudou durante a exportação" }).where(eq(transactions.id, oldest!.id));
      changed = true;
    }
    if (++chunks % 40 === 0) peak = Math.max(peak, retained() - baseline);
  }
  expect(lines).toBe(ROWS + 1);
  expect(tail).toBe("");
  expect(bytes).toBeGreaterThan(10 * MB);
  expect(lastLine.startsWith(`${oldest!.id};`)).toBe(true);
  expect(lastLine).toContain(";Mudou durante a exportação;");
  // What the stream holds between reads: a page of rows at most, not the file.
  console.log(`CSV export: ${lines - 1} rows, ${(bytes / MB).toFixed(1)} MB, retained heap growth peak ${(peak / MB).toFixed(2)} MB`);
  expect(peak).toBeLessThan(4 * MB);
});
