/**
 * A scripted webhook receiver on 127.0.0.1 for tests: records every request's exact bytes and
 * headers, and answers each from a script (a status, or "hang" to never answer) so retries,
 * failures and timeouts are real HTTP, not a mocked fetch. `GET /__received` answers the list.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the receiver got. */
export interface Received {
  /** The path and query the request was sent to. */
  url: string;
  body: string;
  headers: IncomingHttpHeaders;
  /** What the receiver answered (or "hang"). */
  answer: Answer;
  at: number;
}

/** What the receiver answers: an HTTP status, or "hang" (no answer until closed). */
export type Answer = number | "hang";

/** Starts a receiver answering `script` in order, then `then` for every later request (until `answerWith` changes it). */
export async function startWebhookReceiver(script: Answer[] = [], then: Answer = 200) {
  let otherwise = then;
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    // Lets a test in another process (workerd) read what arrived.
    if (req.method === "GET" && req.url === "/__received") return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(received));
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = script.shift() ?? otherwise;
      received.push({ url: req.url ?? "", body: Buffer.concat(chunks).toString("utf8"), headers: req.headers, answer, at: Date.now() });
      if (answer === "hang") return void hanging.push(res);
      res.writeHead(answer, { "Content-Type": "text/plain" }).end(answer < 300 ? "ok" : `refused with ${answer}`);
    });
  });
  // TCP connections accepted, requests or not: a refused send must not even connect.
  let connections = 0;
  server.on("connection", () => void connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** How many TCP connections were accepted so far. */
    get connections() {
      return connections;
    },
    /** From now on, answers `answer` once the script is spent (a receiver that was down comes back). */
    answerWith(answer: Answer) {
      otherwise = answer;
    },
    /** Stops the server, ending any hanging answer. */
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
