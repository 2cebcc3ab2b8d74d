/**
 * The take-over of a stale idempotency claim must not race the slow request that still holds
 * it: if that request completes between the taker's read and its take-over UPDATE, the taker
 * must replay the result, not create a second charge under the same key.
 */
import type { Client } from "@libsql/client";
import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { createDb } from "../../worker/db/client";
import { transactions } from "../../worker/db/schema";
import { createPixTransaction } from "../../worker/domain/transactions/create-pix-transaction";
import { claimKey, CLAIM_LEASE_SECONDS } from "../../worker/domain/transactions/idempotency";
import { createTestContext, requester } from "../support/platform";
import { pixBody } from "../support/transactions";

/** A client that runs `hook` once, right after the first read of an idempotency key. */
function afterKeyRead(client: Client, hook: () => Promise<unknown>): Client {
  let fired = false;
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== "execute") return typeof value === "function" ? value.bind(target) : value;
      return async (stmt: { sql?: string } | string, ...rest: unknown[]) => {
        const result = await (value as (...a: unknown[]) => Promise<unknown>).call(target, stmt, ...rest);
        const text = typeof stmt === "string" ? stmt : (stmt.sql ?? "");
        if (!fired && /^select .* from "idempotency_keys"/is.test(text)) {
          fired = true;
          await hook();
        }
        return result;
      };
    },
  });
}

it("a stale claim completed just before the take-over is replayed, never charged twice", async () => {
  const ctx = await createTestContext();
  const { platform, seller } = ctx;
  const scope = { sellerId: seller.sellerId, livemode: false, key: "slow-2", operation: "transactions.create" };
  const slow = await claimKey(platform, scope, pixBody());
  if (slow.kind !== "claimed") throw new Error("expected a claim");
  platform.clock.advance(CLAIM_LEASE_SECONDS); // the claim now looks dead…
  // …but its request finishes right after the retry has read the key.
  const finishSlow = () =>
    createPixTransaction(platform, { scope: { sellerId: seller.sellerId, livemode: false }, claim: slow.claim, body: pixBody() as never });
  const app = createApp({ ...platform, db: createDb(afterKeyRead(platform.client, finishSlow)) });

  const retry = await requester(app, seller).post("/v1/transactions", pixBody(), { "Idempotency-Key": "slow-2" });
  expect(retry.status).toBe(200);
  expect(retry.headers.get("idempotent-replayed")).toBe("true");
  const rows = await platform.db.select({ n: count() }).from(transactions).where(eq(transactions.idempotencyKey, "slow-2"));
  expect(rows[0]?.n).toBe(1);
});

it("the slow request whose claim was taken over answers 409 IN_PROGRESS with Retry-After, writing nothing", async () => {
  const { platform, seller } = await createTestContext();
  const scope = { sellerId: seller.sellerId, livemode: false, key: "slow-3", operation: "transactions.create" };
  const slow = await claimKey(platform, scope, pixBody());
  if (slow.kind !== "claimed") throw new Error("expected a claim");
  platform.clock.advance(CLAIM_LEASE_SECONDS);
  expect((await claimKey(platform, scope, pixBody())).kind).toBe("claimed"); // the retry takes over
  const late = createPixTransaction(platform, { scope: { sellerId: seller.sellerId, livemode: false }, claim: slow.claim, body: pixBody() as never });
  const err = await late.then(() => null, (e: unknown) => e as { code: string; headers?: Record<string, string> });
  expect(err?.code).toBe("IDEMPOTENCY_REQUEST_IN_PROGRESS");
  expect(err?.headers?.["Retry-After"]).toBe("1");
  expect((await platform.db.select({ n: count() }).from(transactions))[0]!.n).toBe(0);
});
