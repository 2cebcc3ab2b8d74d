/**
 * The Worker's `fetch` in workerd: the same app as the Node host, on a libSQL database reached
 * through the web client and the local libSQL HTTP server.
 */
import { createClient } from "@libsql/client/web";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { isolateDatabase } from "../../worker/cloudflare/database";
import { buyerBody, pixBody } from "../support/fixtures";
import { api } from "./api";
import { captureLogs } from "./console-log";

const apiKey = inject("apiKey");
const logged = captureLogs();

describe("fetch in workerd", () => {
  it("creates a buyer, stores it in libSQL, and reads it back", async () => {
    const created = await api("POST", "/v1/buyers", buyerBody({ email: "workerd@example.com" }));
    expect(created.status).toBe(201);
    const buyer = (await created.json()) as { id: string; documentNumber: string; email: string };
    expect(buyer.documentNumber).not.toContain("52998224725");

    const read = await api("GET", `/v1/buyers/${buyer.id}`, undefined, { Authorization: `ApiKey ${apiKey}` });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(buyer);

    // The row is in the database file, read with a client of our own through the same server.
    const own = createClient({ url: env.TURSO_DATABASE_URL });
    const rows = await own.execute({ sql: "select seller_id, email from buyers where id = ?", args: [buyer.id] });
    own.close();
    expect(rows.rows.map((r) => ({ ...r }))).toEqual([{ seller_id: inject("sellerId"), email: "workerd@example.com" }]);
  });

  it("answers 401 problem+json without a key", async () => {
    const res = await api("GET", "/v1/buyers", undefined, {});
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
    expect(logged).toContainEqual(expect.objectContaining({ msg: "request", path: "/v1/buyers", route: "/v1/buyers", status: 401, sellerId: null, durationMs: expect.any(Number) }));
  });

  it("reads a declared header by name: a bad Idempotency-Key is a 400 naming it, a good one replays", async () => {
    const bad = await api("POST", "/v1/transactions", pixBody(), { "X-Api-Key": apiKey, "Idempotency-Key": "with space" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "idempotency-key", in: "header" }] });
    const key = { "X-Api-Key": apiKey, "Idempotency-Key": `by-name-${crypto.randomUUID()}` };
    const first = await api("POST", "/v1/transactions", pixBody(), key);
    expect(first.status).toBe(201);
    const again = await api("POST", "/v1/transactions", pixBody(), key);
    expect([again.status, again.headers.get("Idempotent-Replayed")]).toEqual([200, "true"]);
    expect(await again.text()).toBe(await first.text());
  });

  it("serves the same OpenAPI document as the Node host", async () => {
    const res = await api("GET", "/openapi.json", undefined, {});
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(inject("nodeOpenApi")));
  });

  it("reports the database reachable on /health", async () => {
    const res = await api("GET", "/health", undefined, {});
    expect(await res.json()).toMatchObject({ status: "ok", database: "reachable" });
  });

  it("keeps one libSQL client per isolate and database", () => {
    const first = isolateDatabase(env.TURSO_DATABASE_URL, env.TURSO_AUTH_TOKEN);
    expect(isolateDatabase(env.TURSO_DATABASE_URL, env.TURSO_AUTH_TOKEN)).toBe(first);
    expect(isolateDatabase(`${env.TURSO_DATABASE_URL}/`, undefined)).not.toBe(first);
  });
});
