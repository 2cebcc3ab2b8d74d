/**
 * On the Worker every database round trip is a network hop to Turso (tens of milliseconds from
 * an edge location), so each request's count is a budget: once the isolate is warm (its key
 * cache holds the key), creating a PIX charge, reading it and listing take ONE round trip each,
 * and a replay none when the isolate answered the first request (a replay elsewhere costs the
 * create's one). Counted by the proxy in front of the libSQL server (node/counting-proxy.ts).
 */
import { describe, expect, inject, it } from "vitest";
import { buyerBody, pixBody } from "../support/fixtures";
import { api } from "./api";
import { captureLogs } from "./console-log";

captureLogs();
const proxy = inject("libsqlUrl");

/** The round trips `send` makes. */
async function roundTripsOf(send: () => Promise<Response>, status: number): Promise<number> {
  await fetch(`${proxy}/__round-trips/reset`, { method: "POST" });
  const res = await send();
  expect(res.status, await res.clone().text()).toBe(status);
  const { roundTrips } = (await (await fetch(`${proxy}/__round-trips`)).json()) as { roundTrips: number };
  return roundTrips;
}

describe("database round trips per request on the Worker, warm isolate", () => {
  it("create PIX 1, replay 0 (remembered by the isolate that answered first), GET by id 1, list 1, buyer create 1", async () => {
    expect((await api("GET", "/v1/transactions?size=1")).status).toBe(200); // warms the key cache and the client
    const key = { "X-Api-Key": inject("apiKey"), "Idempotency-Key": `rt-${crypto.randomUUID()}` };
    let id = "";
    const create = () => api("POST", "/v1/transactions", pixBody(), key).then(async (r) => ((id = ((await r.clone().json()) as { id: string }).id), r));
    expect(await roundTripsOf(create, 201)).toBe(1);
    expect(await roundTripsOf(() => api("POST", "/v1/transactions", pixBody(), key), 200)).toBe(0);
    expect(await roundTripsOf(() => api("GET", `/v1/transactions/${id}`), 200)).toBe(1);
    expect(await roundTripsOf(() => api("GET", "/v1/transactions?size=20"), 200)).toBe(1);
    expect(await roundTripsOf(() => api("POST", "/v1/buyers", buyerBody()), 201)).toBe(1);
  });

  it("counts what it should: an unknown key costs its lookup on every request", async () => {
    const stranger = { "X-Api-Key": `sk_test_${"Z".repeat(32)}` };
    expect(await roundTripsOf(() => api("GET", "/v1/transactions", undefined, stranger), 401)).toBe(1);
    expect(await roundTripsOf(() => api("GET", "/v1/transactions", undefined, stranger), 401)).toBe(1);
  });
});
