/**
 * worker/node/psp-transport.ts, the Node host's way to a PSP or card vendor (undici pools, one
 * dispatch per call), against local servers on 127.0.0.1: the answer read whole within a byte
 * limit, an answer cut short an error rather than a truncated body, 3xx not followed, kept-alive
 * connections, the timeout ending a request at any stage, and mTLS with a client certificate.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeThrowawayCerts } from "../../worker/connectors/bcb-pix/simulator/certs";
import type { TransportRequest } from "../../worker/connectors/http/exchange";
import { createNodePspTransport, type NodePspTransport } from "../../worker/node/psp-transport";

const certs = makeThrowawayCerts();
const received: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string; peer?: string }[] = [];
let connections = 0;

/** One handler for both servers: what each path answers. */
function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const peer = String((req.socket as Partial<TLSSocket>).getPeerCertificate?.()?.subject?.CN ?? "");
    received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString(), peer });
    if (req.url === "/json") {
      res.writeHead(201, [["Content-Type", "application/json"], ["X-Request", "r1"], ["Vary", "a"], ["Vary", "b"]]);
      res.end(JSON.stringify({ txid: "a".repeat(32), padding: "x".repeat(100_000) }));
    } else if (req.url === "/cut") {
      // Promises 1,000 bytes, sends 10, then drops the connection.
      res.writeHead(200, { "Content-Length": "1000" });
      res.write("0123456789");
      setTimeout(() => res.socket?.destroy(), 10);
    } else if (req.url === "/empty") {
      res.writeHead(204).end();
    } else if (req.url === "/moved") {
      res.writeHead(302, { Location: "/json" }).end("see /json");
    } else if (req.url === "/stall-body") {
      res.writeHead(200, { "Content-Length": "1000" });
      res.write("{");
    } else if (req.url === "/utf8") {
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end("\uFEFF{\"nome\":\"Conceição\"}");
    }
    // "/stall": never answered.
  });
}

let plain: http.Server;
let secure: https.Server;
/** Accepts TCP connections and never speaks TLS: a handshake that never ends. */
let mute: net.Server;
const muted: net.Socket[] = [];
const transports: NodePspTransport[] = [];
const node = (...args: Parameters<typeof createNodePspTransport>) => {
  const t = createNodePspTransport(...args);
  transports.push(t);
  return t.transport;
};
const listen = async (server: net.Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};
let plainBase: string;
let secureBase: string;
let muteBase: string;

beforeAll(async () => {
  plain = http.createServer(answer);
  plain.on("connection", () => connections++);
  secure = https.createServer({ cert: certs.serverCert, key: certs.serverKey, ca: certs.ca, requestCert: true, rejectUnauthorized: true }, answer);
  mute = net.createServer((socket) => muted.push(socket));
  plainBase = `http://127.0.0.1:${await listen(plain)}`;
  secureBase = `https://127.0.0.1:${await listen(secure)}`;
  muteBase = `https://127.0.0.1:${await listen(mute)}`;
});

afterAll(async () => {
  for (const t of transports) t.close();
  plain.closeAllConnections();
  secure.closeAllConnections();
  for (const socket of muted) socket.destroy();
  await Promise.all([plain, secure, mute].map((s) => new Promise((resolve) => s.close(resolve))));
});

const request = (url: string, overrides: Partial<TransportRequest> = {}): TransportRequest => ({ method: "GET", url: new URL(url), headers: {}, timeoutMs: 5_000, ...overrides });

describe("an answer read whole", () => {
  it("is the whole body with its status and headers; the request's headers and body are sent as given", async () => {
    const send = node();
    received.length = 0;
    const answer = await send(request(`${plainBase}/json`, { method: "PUT", headers: { "X-Request-Id": "req-1", Authorization: "Bearer t" }, body: '{"valor":"1.00"}' }));
    expect(answer.status).toBe(201);
    expect(answer.headers.get("x-request")).toBe("r1");
    expect(answer.headers.get("VARY")).toBe("a, b");
    expect(answer.headers.get("retry-after")).toBeNull();
    const body = JSON.parse(answer.text) as { txid: string; padding: string };
    expect(body.txid).toBe("a".repeat(32));
    expect(body.padding.length).toBe(100_000);
    expect(received[0]).toMatchObject({ method: "PUT", url: "/json", body: '{"valor":"1.00"}', headers: { "x-request-id": "req-1", authorization: "Bearer t", "content-length": "16" } });
  });

  it("over the limit, the request fails instead of holding the rest", async () => {
    await expect(node({}, 1_000)(request(`${plainBase}/json`))).rejects.toThrow(/over 1000 bytes/);
  });

  it("an answer that ends before its length fails", async () => {
    await expect(node()(request(`${plainBase}/cut`))).rejects.toThrow();
  });

  it("a 204 is an empty text; UTF-8 is decoded and a byte order mark dropped, as fetch's text() does", async () => {
    const send = node();
    expect(await send(request(`${plainBase}/empty`))).toMatchObject({ status: 204, text: "" });
    expect((await send(request(`${plainBase}/utf8`))).text).toBe('{"nome":"Conceição"}');
  });

  it("a 3xx is answered as it is, never followed", async () => {
    received.length = 0;
    const answer = await node()(request(`${plainBase}/moved`));
    expect(answer).toMatchObject({ status: 302, text: "see /json" });
    expect(answer.headers.get("location")).toBe("/json");
    expect(received.map((r) => r.url)).toEqual(["/moved"]);
  });

  it("calls one after another reuse kept-alive connections (undici's pool opens a second while the first is released)", async () => {
    const send = node();
    const before = connections;
    for (let i = 0; i < 20; i++) expect((await send(request(`${plainBase}/empty`))).status).toBe(204);
    expect(connections - before).toBeLessThanOrEqual(2);
  });

  it("a scheme other than http(s) is refused", async () => {
    await expect(node()(request("ftp://127.0.0.1/x"))).rejects.toThrow(/ftp: is not http\(s\)/);
  });
});

describe("the timeout ends a request at any stage, with a TimeoutError", () => {
  it("waiting for the answer, reading its body, and in a TLS handshake that never ends", async () => {
    const send = node();
    const started = Date.now();
    await expect(send(request(`${plainBase}/stall`, { timeoutMs: 150 }))).rejects.toMatchObject({ name: "TimeoutError" });
    await expect(send(request(`${plainBase}/stall-body`, { timeoutMs: 150 }))).rejects.toMatchObject({ name: "TimeoutError" });
    await expect(send(request(`${muteBase}/x`, { timeoutMs: 150 }))).rejects.toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The transport still serves after its timed-out calls.
    expect((await send(request(`${plainBase}/empty`))).status).toBe(204);
  });
});

describe("mTLS", () => {
  it("with the client certificate and the server's CA: the call goes through, the server sees the certificate", async () => {
    received.length = 0;
    const answer = await node({ cert: certs.clientCert, key: certs.clientKey, ca: certs.ca })(request(`${secureBase}/empty`));
    expect(answer.status).toBe(204);
    expect(received).toHaveLength(1);
    expect(received[0]!.peer).toBe("pay-gateway PSP client");
  });

  it("without the client certificate, or without trusting the server's CA: the call fails and nothing is received", async () => {
    received.length = 0;
    await expect(node({ ca: certs.ca })(request(`${secureBase}/empty`))).rejects.toThrow();
    const untrusted = await node({ cert: certs.clientCert, key: certs.clientKey })(request(`${secureBase}/empty`)).catch((e: unknown) => e);
    expect(untrusted).toMatchObject({ code: expect.stringMatching(/CERT|SIGNED/) });
    expect(received).toEqual([]);
  });
});
