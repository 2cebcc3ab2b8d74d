/**
 * worker/node/http-request.ts with `bufferedUpTo`: the answer read whole before the Response
 * resolves (the PSP transport), within a byte limit, and an answer cut short is an error, not a
 * truncated body taken as whole.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendNodeRequest } from "../../worker/node/http-request";

let server: http.Server;
let base: string;
const agent = new http.Agent({ keepAlive: false });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/json") {
      res.writeHead(201, { "content-type": "application/json", "x-request": "r1" });
      res.end(JSON.stringify({ txid: "a".repeat(32), padding: "x".repeat(100_000) }));
    } else if (req.url === "/cut") {
      // Promises 1,000 bytes, sends 10, then drops the connection.
      res.writeHead(200, { "content-length": "1000" });
      res.write("0123456789");
      setTimeout(() => res.socket?.destroy(), 10);
    } else if (req.url === "/empty") {
      res.writeHead(204).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const send = (path: string, bufferedUpTo: number) =>
  sendNodeRequest(new URL(path, base), { method: "GET", headers: {}, signal: AbortSignal.timeout(5_000), agent, bufferedUpTo });

describe("an answer read whole (bufferedUpTo)", () => {
  it("is the whole body with its status and headers", async () => {
    const response = await send("/json", 1_000_000);
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request")).toBe("r1");
    const body = (await response.json()) as { txid: string; padding: string };
    expect(body.txid).toBe("a".repeat(32));
    expect(body.padding.length).toBe(100_000);
  });

  it("over the limit, the request fails instead of holding the rest", async () => {
    await expect(send("/json", 1_000)).rejects.toThrow(/over 1000 bytes/);
  });

  it("an answer that ends before its length fails", async () => {
    await expect(send("/cut", 1_000_000)).rejects.toThrow();
  });

  it("a 204 is a Response without a body", async () => {
    const response = await send("/empty", 1_000);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });
});
