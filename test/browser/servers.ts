/**
 * Tiny HTTP servers for the browser tests: each on 127.0.0.1, port 0 (a free one), answering
 * from a table of paths; `origin` is the URL prefix pages use to reach it.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A response: body and headers (Content-Type defaults to HTML). */
export interface Reply {
  body: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  origin: string;
  port: number;
  /** Paths requested so far, in order (to tell "never sent" from "sent but not readable"). */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `routes` (path → reply, or a function of the request) until closed; anything else is 404. */
export function startServer(routes: Record<string, Reply | ((req: IncomingMessage) => Reply)>): Promise<TestServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requests.push(path);
    const route = routes[path];
    if (!route) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    const reply = typeof route === "function" ? route(req) : route;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", ...reply.headers }).end(reply.body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        port,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
