/**
 * Node-side set-up of the workerd tests (vitest `globalSetup`): a migrated database file with a
 * seller, served by the local libSQL HTTP server the Worker reaches over loopback, and the Node
 * host's OpenAPI document to compare the Worker's against. Handed to the pool (for the Worker's
 * bindings) and to the tests with `provide`; torn down after the run.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createApp } from "../../../worker/app";
import { createDb } from "../../../worker/db/client";
import { createCompanySeller } from "../../../worker/domain/sellers";
import { startLibsqlHttpServer } from "../../../worker/dev/libsql-http-server";
import { openDatabase } from "../../../worker/node/database";
import { applyMigrations } from "../../../worker/node/migrate";
import { createNodePlatform } from "../../../worker/node/platform";
import { TEST_PIX_SIGNING_JWK, TEST_VAULT_KEY } from "../../support/platform";
import { startWebhookReceiver } from "../../support/webhook-receiver";
import { startCountingProxy } from "./counting-proxy";
import "./provided-context";

/** The base URL both hosts are configured with, so their OpenAPI documents can be compared whole. */
export const WORKERD_BASE_URL = "http://pay.test";

export default async function setup(project: TestProject) {
  // wrangler.toml's assets folder must exist for the pool to read the config; `npm run build`
  // fills it, and a checkout that has not built yet has none.
  mkdirSync(new URL("../../../dist", import.meta.url), { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), "pay-workerd-"));
  const dbPath = join(dir, "pay.db");
  const client = await openDatabase(`file:${dbPath}`);
  const config = { baseUrl: WORKERD_BASE_URL, vaultKey: TEST_VAULT_KEY, maxBodyBytes: 100 * 1024, pixSigningJwk: TEST_PIX_SIGNING_JWK };
  const platform = createNodePlatform(client, config, () => {});
  await applyMigrations(createDb(client));
  const seller = await createCompanySeller(platform.db, { legalName: "Loja Workerd Ltda", email: "workerd@example.com", city: "Sao Paulo" }, new Date());
  const openapi = await (await createApp(platform).request("/openapi.json")).text();
  client.close();

  const server = await startLibsqlHttpServer({ dbPath });
  // The Worker reaches the database through a proxy that counts its round trips.
  const proxy = await startCountingProxy(server.url);
  project.provide("libsqlUrl", proxy.url);
  project.provide("apiKey", seller.apiKey);
  project.provide("sellerId", seller.sellerId);
  project.provide("vaultKey", TEST_VAULT_KEY);
  project.provide("pixSigningJwk", JSON.stringify(TEST_PIX_SIGNING_JWK));
  project.provide("baseUrl", WORKERD_BASE_URL);
  project.provide("nodeOpenApi", openapi);
  const receiver = await startWebhookReceiver();
  project.provide("webhookReceiverUrl", receiver.url);

  return async () => {
    await receiver.close();
    await proxy.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
