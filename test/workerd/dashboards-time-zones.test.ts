/**
 * The dashboards' days in workerd are the seller's days (docs/dashboards.md, "Days"): São Paulo's
 * by default, the setting's (PATCH /v1/sellers/{id}/settings) or the query's `timeZone`, with a
 * fixed offset (Asia/Kolkata) or DST (America/New_York, March and November 2030). A company of
 * its own, rows written at chosen instants in 2030 so no other test's sweep touches them.
 */
import { createClient } from "@libsql/client/web";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import type { SellerWithKeys } from "../../worker/domain/sellers";
import { insertSeller, insertTx } from "../support/dashboards";
import { api } from "./api";

let shop: SellerWithKeys;

/** Paid PIX sales of 1000 created at these instants. */
const SALES = [
  "2030-05-06T02:59:59.999Z", // 5/5 23:59:59.999 in São Paulo; 6/5 08:29 in Kolkata
  "2030-05-07T02:30:00.000Z", // 6/5 23:30 in São Paulo (UTC: the 7th); 7/5 08:00 in Kolkata
  "2030-05-07T18:30:00.000Z", // 7/5 15:30 in São Paulo; 8/5 00:00 in Kolkata
  "2030-03-10T04:30:00.000Z", // New York: 9/3 23:30 EST (−05:00)
  "2030-03-11T03:30:00.000Z", // 10/3 23:30 EDT (−04:00; clocks moved at 07:00 UTC on the 10th)
  "2030-11-04T04:30:00.000Z", // 3/11 23:30 EST (back to −05:00 at 06:00 UTC on the 3rd)
];

beforeAll(async () => {
  const client = createClient({ url: env.TURSO_DATABASE_URL });
  const db = createDb(client);
  shop = await insertSeller(db, null, undefined, "Loja Fusos Workerd");
  for (const at of SALES) await insertTx(db, shop.sellerId, { method: "PIX", amount: 1000, status: "PAID", createdAt: at, paidAt: at, fee: 10, planId: null });
  client.close();
});

async function call(method: string, path: string, status: number, body?: unknown) {
  const res = await api(method, path, body, { "X-Api-Key": shop.apiKey });
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text);
}
const overview = (query: string) => call("GET", `/v1/sellers/${shop.sellerId}/dashboard/overview?${query}`, 200);
const counts = (body: { daily: { date: string; count: number }[] }) => Object.fromEntries(body.daily.filter((d) => d.count).map((d) => [d.date, d.count]));

describe("the seller's days in workerd", () => {
  it("São Paulo by default: 23:30 there is that day, not UTC's next", async () => {
    const body = await overview("from=2030-05-05&to=2030-05-08");
    expect(body).toMatchObject({ timeZone: "America/Sao_Paulo", periodFrom: "2030-05-05T03:00:00.000Z", periodTo: "2030-05-08T03:00:00.000Z" });
    expect(counts(body)).toEqual({ "2030-05-05": 1, "2030-05-06": 1, "2030-05-07": 1 });
  });

  it("the query's zone: Kolkata's +05:30", async () => {
    const body = await overview("from=2030-05-06&to=2030-05-09&timeZone=Asia/Kolkata");
    expect(body).toMatchObject({ timeZone: "Asia/Kolkata", periodFrom: "2030-05-05T18:30:00.000Z" });
    expect(counts(body)).toEqual({ "2030-05-06": 1, "2030-05-07": 1, "2030-05-08": 1 });
  });

  it("the setting's zone with DST: New York across March and November", async () => {
    expect(await call("PATCH", `/v1/sellers/${shop.sellerId}/settings`, 200, { timeZone: "America/New_York" })).toEqual({ sellerId: shop.sellerId, timeZone: "America/New_York" });
    const body = await overview("from=2030-03-01&to=2030-11-05");
    expect(body).toMatchObject({ timeZone: "America/New_York", periodFrom: "2030-03-01T05:00:00.000Z", periodTo: "2030-11-05T05:00:00.000Z" });
    expect(counts(body)).toEqual({ "2030-03-09": 1, "2030-03-10": 1, "2030-05-05": 1, "2030-05-06": 1, "2030-05-07": 1, "2030-11-03": 1 });
    const commissions = await call("GET", "/v1/companies/dashboard/commissions?from=2030-03-10&to=2030-03-11", 200);
    expect(commissions).toMatchObject({ timeZone: "America/New_York", periodFrom: "2030-03-10T05:00:00.000Z", periodTo: "2030-03-11T04:00:00.000Z" });
  });

  it("an unknown zone is a 400 naming timeZone", async () => {
    const bad = await call("PATCH", `/v1/sellers/${shop.sellerId}/settings`, 400, { timeZone: "Mars/Olympus_Mons" });
    expect(bad.errors).toEqual([expect.objectContaining({ path: "timeZone", in: "body", code: "invalid_time_zone" })]);
    const query = await call("GET", `/v1/sellers/${shop.sellerId}/dashboard/overview?timeZone=-03:00`, 400);
    expect(query.errors).toEqual([expect.objectContaining({ path: "timeZone", in: "query", code: "invalid_time_zone" })]);
  });
});
