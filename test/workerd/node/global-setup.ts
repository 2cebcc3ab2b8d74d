/**
 * Node-side set-up of the workerd tests (vitest `globalSetup`): a migrated database file with a
 * seller, served by the local libSQL HTTP server the Worker reaches over loopback, the Node
 * host's OpenAPI document to compare the Worker's against, and the PSP simulator of the API Pix
 * (issue 29) the Worker's live PIX goes to. Handed to the pool (for the Worker's bindings) and to
 * the tests with `provide`; torn down after the run.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createApp } from "../../../worker/app";
import { createDb } from "../../../worker/db/client";
import { createCompanySeller } from "../../../worker/domain/sellers";
import { startPspSimulator } from "../../../worker/connectors/bcb-pix/simulator/server";
import { startCardSimulators } from "../../../worker/cli/card-simulators";
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
/** The platform's DICT key at the PSP simulator (an EVP): the Worker's PIX_RECEIVER_KEY. */
export const WORKERD_PIX_RECEIVER_KEY = "c0ffee00-0000-4000-8000-00000000d0e5";

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

  // Live PIX: every live key's PIX charge goes to this PSP (PIX_PSP_* and PIX_RECEIVER_KEY in
  // vitest.workers.config.ts). Over plain http with no mTLS binding, which the Worker accepts for
  // a PSP on loopback only (worker/cloudflare/psp-transport.ts).
  const psp = await startPspSimulator({ receiverKey: WORKERD_PIX_RECEIVER_KEY });
  project.provide("pspUrl", psp.url);
  project.provide("pspTokenUrl", psp.tokenUrl);
  project.provide("pspClientId", psp.clientId);
  project.provide("pspClientSecret", psp.clientSecret);
  project.provide("pspReceiverKey", psp.receiverKey);
  project.provide("pspControlUrl", psp.controlUrl);
  // The Worker listens on no port in vitest-pool-workers, so the PSP cannot call it back: its
  // callbacks land on this loopback receiver, and test/workerd/live-pix.test.ts carries each to
  // the Worker's route.
  const pspCallbacks = await startWebhookReceiver();
  project.provide("pspCallbackOrigin", new URL(pspCallbacks.url).origin);

  // Live cards: Cybersource's 3DS with Cielo and Rede (CYBERSOURCE_*, CIELO_*, REDE_* in
  // vitest.workers.config.ts); test/workerd/live-cards.test.ts reads their controls.
  const cardSims = await startCardSimulators();
  project.provide("cardSimsEnv", JSON.stringify(cardSims.env));
  project.provide("cardSimControls", JSON.stringify({ cybersource: cardSims.cybersource.controlUrl, cielo: cardSims.cielo.controlUrl, rede: cardSims.rede.controlUrl, pagesOrigin: cardSims.cybersource.pagesOrigin }));

  return async () => {
    await cardSims.close();
    await psp.close();
    await pspCallbacks.close();
    await receiver.close();
    await proxy.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
