/**
 * Starts the demo shop beside the Node host (`npm start`): on its own port, hence its own origin,
 * with its own keys (demo/keys.ts) and a webhook registered for itself (its URL kept current when
 * the port changes between starts). Calls the API through the host's app, in process.
 */
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Db } from "../worker/db/client";
import type { SellerWithKeys } from "../worker/domain/sellers";
import { demoSecrets, saveDemoSecrets, type DemoSecrets } from "./keys";
import { callApi, createDemoShop, type ApiFetch } from "./shop";

export interface DemoStart {
  db: Db;
  now: Date;
  api: ApiFetch;
  gatewayUrl: string;
  host: string;
  port: number;
  secretsFile: string;
  bootstrapKeys: SellerWithKeys | null;
  log: (entry: { msg: string; [key: string]: unknown }) => void;
}

/** Registers (or re-points) the shop's webhook; returns the secrets with its id and secret. */
async function ensureWebhook(opts: DemoStart, secrets: DemoSecrets, url: string): Promise<DemoSecrets> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await callApi(opts.api, opts.gatewayUrl, secrets.apiKey, method, path, body);
    return { status: res.status, body: (await res.json().catch(() => ({}))) as { id?: string; secret?: string; url?: string } };
  };
  const base = `/v1/sellers/${secrets.sellerId}/webhooks`;
  if (secrets.webhookId) {
    const moved = await call("PATCH", `${base}/${secrets.webhookId}`, { url });
    if (moved.status === 200) return secrets;
  }
  const created = await call("POST", base, { url, eventTypes: ["ALL"], description: "Demo shop (demo/)" });
  if (created.status !== 201 || !created.body.id || !created.body.secret) throw new Error(`registering the demo's webhook answered ${created.status}`);
  const next = { ...secrets, webhookId: created.body.id, webhookSecret: created.body.secret };
  saveDemoSecrets(opts.secretsFile, next);
  return next;
}

/** Starts the shop; resolves with its URL and a close(). */
export async function startDemoShop(opts: DemoStart): Promise<{ url: string; close: () => Promise<void> }> {
  let { secrets } = await demoSecrets(opts.secretsFile, opts.db, opts.now, opts.bootstrapKeys);
  const app = createDemoShop({
    gatewayUrl: opts.gatewayUrl,
    api: opts.api,
    sellerId: secrets.sellerId,
    secretKey: secrets.apiKey,
    publishableKey: secrets.publishableKey,
    webhookSecret: () => secrets.webhookSecret,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: opts.host, port: opts.port }, () => resolve(s));
    s.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${opts.host}:${port}`;
  try {
    secrets = await ensureWebhook(opts, secrets, `${url}/webhooks`);
  } catch (err) {
    // The shop still sells without it; its events panel stays empty.
    opts.log({ msg: "demo.webhook_failed", level: "warn", error: err instanceof Error ? err.message : String(err) });
  }
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
