/**
 * A minimal webhook receiver: checks `X-Service-Signature` over the raw body, drops duplicate
 * deliveries by the envelope's `id`, and logs each event. Run it with
 *
 *   WEBHOOK_SECRET=whsec_... npx tsx demo/webhook-receiver.ts     # PORT defaults to 4242
 *
 * and register http://127.0.0.1:4242/ as a webhook URL (or point a tunnel at it).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { verifySignature } from "../shared/webhooks";

/** Options of `startReceiver`; `port` 0 picks a free one. */
export interface ReceiverOptions {
  secret: string;
  port?: number;
  log?: (line: string) => void;
}

/** Starts the receiver on 127.0.0.1; resolves once it listens, with its URL and a `close()`. */
export async function startReceiver({ secret, port = 4242, log = console.log }: ReceiverOptions) {
  // In memory for the demo; a real consumer records ids in its database, with the work they cause.
  const seen = new Set<string>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const answer = (status: number, text: string) => res.writeHead(status, { "content-type": "text/plain" }).end(text);
    if (req.method !== "POST") return answer(405, "POST only\n");
    // The raw bytes, exactly as sent: the signature covers them, not any JSON re-serialization.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const header = req.headers["x-service-signature"];
    if (!(await verifySignature(body, typeof header === "string" ? header : null, secret))) {
      return answer(401, "bad signature\n");
    }
    let event: { id?: string; type?: string; data?: { transaction?: { id?: string } } };
    try {
      event = JSON.parse(body.toString("utf8"));
    } catch {
      return answer(400, "not JSON\n");
    }
    // Deliveries are retried until a 2xx arrives, so the same event can come more than once.
    if (event.id && seen.has(event.id)) {
      log(`duplicate ${event.id} ignored`);
      return answer(200, "duplicate\n");
    }
    if (event.id) seen.add(event.id);
    log(`${event.type} transaction=${event.data?.transaction?.id ?? "-"} event=${event.id}`);
    answer(200, "ok\n");
  };
  // A client that hangs up mid-body must not take the receiver down with an unhandled rejection.
  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const close = () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
  return { url, close };
}

// Run directly (not imported by a test): read the environment and listen until stopped.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error("Set WEBHOOK_SECRET to the webhook's secret (whsec_...).");
    process.exit(1);
  }
  const { url } = await startReceiver({ secret, port: Number(process.env.PORT ?? 4242) });
  console.log(`webhook receiver listening on ${url}`);
}
