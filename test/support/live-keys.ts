/**
 * A test context's live secret key (Node tests only: it imports the test platform, which workerd
 * cannot load; test/support/dashboard.ts stays importable from the workerd tests).
 */
import type { Db } from "../../worker/db/client";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { requester } from "./platform";

type LiveCtx = { app: Parameters<typeof requester>[0]; platform: { db: Db; now(): Date }; seller: { sellerId: string } };
const liveKeys = new WeakMap<object, ReturnType<typeof requester>>();

/**
 * The context seller's live secret key (issued once per context; the seller must be approved for
 * live, as createTestContext's is): a live authority, so the members it invites hold live access.
 */
export async function liveRequester(ctx: LiveCtx): Promise<ReturnType<typeof requester>> {
  let found = liveKeys.get(ctx);
  if (!found) liveKeys.set(ctx, (found = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!)));
  return found;
}
