/**
 * A proxy between the Worker and its libSQL server that counts the round trips the Worker makes
 * (HTTP requests to the Hrana endpoints), as a network hop to Turso would cost them. The workerd
 * tests read and reset the count over HTTP (`GET /__round-trips`, `POST /__round-trips/reset`).
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A running proxy: its URL and `close`. */
export interface CountingProxy {
  url: string;
  close(): Promise<void>;
}

/** Starts the proxy on 127.0.0.1 in front of `target` (an http://host:port URL). */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  let roundTrips = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === "/__round-trips") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ roundTrips }));
      return;
    }
    if (req.url === "/__round-trips/reset") {
      roundTrips = 0;
      res.writeHead(204).end();
      return;
    }
    roundTrips++;
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
