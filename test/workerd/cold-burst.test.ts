/**
 * A cold isolate hit by a burst: every request is answered. (The libSQL client's own queue of 20
 * calls made the 21st request wait on another request's promise, and workerd cancelled it as
 * hung: worker/cloudflare/database.ts.) This file must be the first to reach its isolate's
 * database, so it sends nothing before the burst.
 */
import { describe, expect, it } from "vitest";
import { api } from "./api";

describe("a burst on a cold isolate", () => {
  it("50 requests at once, before any other: all answered", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () => api("GET", "/v1/payment-links/00000000-0000-4000-8000-000000000000", undefined, {}).then(async (r) => (await r.text(), r.status))),
    );
    expect(statuses).toEqual(Array.from({ length: 50 }, () => 404));
  }, 60_000);
});
