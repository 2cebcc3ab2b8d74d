/**
 * The app behind @hono/node-server, as the Node host serves it, driven with raw HTTP/1.1 bytes:
 * what `app.request()` cannot show. A request's framing decides whether it has a body (RFC 9112
 * §6.3), and the body guard reads it from the socket's headers there (http/body.ts); the CORS
 * header of the browser routes is added after the route answered (http/auth.ts).
 */
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { createLink } from "../support/payment-links";
import { createTestContext } from "../support/platform";

let server: ServerType;
let port: number;
let ctx: Awaited<ReturnType<typeof createTestContext>>;

beforeAll(async () => {
  ctx = await createTestContext({ config: { maxBodyBytes: 1024 } });
  const app = createApp(ctx.platform);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One request of raw bytes on its own connection; the answer's status, headers and body. */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(request));
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head, ...rest] = data.split("\r\n\r\n");
      const [statusLine, ...lines] = head!.split("\r\n");
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      let body = rest.join("\r\n\r\n");
      if (headers["transfer-encoding"] === "chunked") {
        let out = "";
        for (let at = 0; ; ) {
          const eol = body.indexOf("\r\n", at);
          const size = parseInt(body.slice(at, eol), 16);
          if (!size) break;
          out += body.slice(eol + 2, eol + 2 + size);
          at = eol + 2 + size + 2;
        }
        body = out;
      }
      resolve({ status: Number(statusLine!.split(" ")[1]), headers, body });
    });
  });
}

const lines = (...l: string[]) => `${l.join("\r\n")}\r\n\r\n`;

describe("a request's body, as the wire frames it", () => {
  it("has none without Content-Length and Transfer-Encoding: a link's checkout opens, answering any origin", async () => {
    const link = await createLink(ctx);
    const res = await raw(lines(`POST /v1/payment-links/${link.id}/checkout-sessions HTTP/1.1`, "Host: pay.test", "Origin: https://loja.example.com", "Connection: close"));
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ paymentLinkId: link.id, status: "OPEN" });
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-request-id"]).toMatch(/^req_/);
  });

  it("still refuses a PATCH without one, naming the body", async () => {
    const link = await createLink(ctx);
    const res = await raw(lines(`PATCH /v1/payment-links/${link.id} HTTP/1.1`, "Host: pay.test", `X-Api-Key: ${ctx.seller.apiKey}`, "Connection: close"));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "$", in: "body", code: "required" }] });
  });

  it("counts a chunked body as it streams in, and parses it: over the limit and malformed are refused", async () => {
    const big = JSON.stringify({ name: "x".repeat(2000) });
    const tooLarge = await raw(
      lines(`POST /v1/payment-links HTTP/1.1`, "Host: pay.test", `X-Api-Key: ${ctx.seller.apiKey}`, "Content-Type: application/json", "Transfer-Encoding: chunked", "Connection: close").slice(0, -2) +
        `\r\n${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
    );
    expect(tooLarge.status).toBe(400);
    expect(JSON.parse(tooLarge.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE", limitBytes: 1024 });

    const malformed = "{name:";
    const bad = await raw(
      lines(`POST /v1/payment-links HTTP/1.1`, "Host: pay.test", `X-Api-Key: ${ctx.seller.apiKey}`, "Content-Type: application/json", "Transfer-Encoding: chunked", "Connection: close").slice(0, -2) +
        `\r\n${malformed.length.toString(16)}\r\n${malformed}\r\n0\r\n\r\n`,
    );
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ code: "MALFORMED_JSON" });
  });
});

describe("CORS on the wire", () => {
  it("answers a browser route's preflight, and grants no origin to a secret-key route", async () => {
    const preflight = await raw(
      lines("OPTIONS /v1/payment-links/x/checkout-sessions HTTP/1.1", "Host: pay.test", "Origin: https://loja.example.com", "Access-Control-Request-Method: POST", "Connection: close"),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-methods"]).toBe("GET,POST");

    const secret = await raw(lines("GET /v1/payment-links HTTP/1.1", "Host: pay.test", "Origin: https://evil.example", `X-Api-Key: ${ctx.seller.apiKey}`, "Connection: close"));
    expect(secret.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("grants the origin on a browser route's error too", async () => {
    const res = await raw(lines("POST /v1/payment-links/00000000-0000-4000-8000-000000000000/checkout-sessions HTTP/1.1", "Host: pay.test", "Origin: https://loja.example.com", "Connection: close"));
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });
});
