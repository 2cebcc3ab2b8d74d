/**
 * The probes on the Worker (docs/operations.md, "Health probes"): GET /health is ready once the
 * database answers and has every migration of this version (test/workerd/node/global-setup.ts
 * migrated it, as `npm run db:migrate` does for Turso); GET /health/live answers without asking
 * the database. Both public: no key. (The 503 of a database behind its migrations: test/openapi.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { api } from "./api";
import { captureLogs } from "./console-log";

const logged = captureLogs();

describe("health probes in workerd", () => {
  it("GET /health: ready, the database reachable and migrated", async () => {
    const res = await api("GET", "/health", undefined, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "reachable", migrations: "applied", time: expect.any(String) });
    expect(logged).toContainEqual(expect.objectContaining({ msg: "request", route: "/health", status: 200, level: "info" }));
  });

  it("GET /health/live: the process answers, nothing more", async () => {
    const res = await api("GET", "/health/live", undefined, {});
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body as object).sort()).toEqual(["status", "time"]);
    expect(body).toMatchObject({ status: "ok" });
  });

  it("a miss is a warn line naming its problem code", async () => {
    const res = await api("GET", "/health/nothing", undefined, {});
    expect(res.status).toBe(404);
    expect(logged).toContainEqual(expect.objectContaining({ msg: "request", status: 404, level: "warn", code: "ROUTE_NOT_FOUND" }));
  });
});
