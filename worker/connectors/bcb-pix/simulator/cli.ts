/**
 * `npm run psp:sim`: the PSP simulator on 127.0.0.1, for running the live PIX path on one machine
 * (README.md beside this file). Environment:
 * - PSP_SIM_PORT (default 8790);
 * - PSP_SIM_TLS_DIR: serve https with mTLS, certificates from that folder (ca.pem, server.pem,
 *   server-key.pem; client.pem and client-key.pem are what the gateway presents); an empty or
 *   missing folder gets a throwaway set made by openssl;
 * - PSP_SIM_CLIENT_ID / PSP_SIM_CLIENT_SECRET (default pay-gateway / a random secret);
 * - PIX_RECEIVER_KEY: the receiver's DICT key (the gateway reads the same variable);
 * - PSP_SIM_TOKEN_SECONDS (default 3600).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CERT_FILES, makeThrowawayCerts } from "./certs";
import { startPspSimulator } from "./server";

function tlsFrom(dir: string | undefined) {
  if (!dir) return undefined;
  const folder = resolve(dir);
  if (!existsSync(folder) || readdirSync(folder).length === 0) {
    makeThrowawayCerts({ dir: folder, days: 30 });
    console.log(`Made throwaway certificates in ${folder} (a CA, a server certificate for 127.0.0.1, a client certificate).`);
  }
  const read = (name: string) => {
    const path = join(folder, name);
    if (!existsSync(path)) throw new Error(`PSP_SIM_TLS_DIR=${folder} has no ${name} (expected ${Object.values(CERT_FILES).join(", ")})`);
    return readFileSync(path, "utf8");
  };
  return { folder, tls: { ca: read(CERT_FILES.ca), cert: read(CERT_FILES.serverCert), key: read(CERT_FILES.serverKey) } };
}

const env = process.env;
const tls = tlsFrom(env.PSP_SIM_TLS_DIR || undefined);
const sim = await startPspSimulator({
  port: Number(env.PSP_SIM_PORT || 8790),
  tls: tls?.tls,
  clientId: env.PSP_SIM_CLIENT_ID || undefined,
  clientSecret: env.PSP_SIM_CLIENT_SECRET || undefined,
  receiverKey: env.PIX_RECEIVER_KEY || undefined,
  tokenSeconds: env.PSP_SIM_TOKEN_SECONDS ? Number(env.PSP_SIM_TOKEN_SECONDS) : undefined,
  onBug: "log",
  log: (line) => console.log(`[psp-sim] ${line}`),
});

const gatewayEnv = [
  `PIX_PSP_URL=${sim.url}`,
  `PIX_PSP_CLIENT_ID=${sim.clientId}`,
  `PIX_PSP_CLIENT_SECRET=${sim.clientSecret}`,
  `PIX_RECEIVER_KEY=${sim.receiverKey}`,
  ...(tls ? [`PIX_PSP_CERT=${join(tls.folder, CERT_FILES.clientCert)}`, `PIX_PSP_KEY=${join(tls.folder, CERT_FILES.clientKey)}`, `PIX_PSP_CA=${join(tls.folder, CERT_FILES.ca)}`] : []),
];
console.log(`PSP simulator (BCB API Pix 2.9.0 subset) listening${tls ? " with mTLS" : ""}
  API Pix:       ${sim.url}
  token URL:     ${sim.tokenUrl}
  client id:     ${sim.clientId}
  client secret: ${sim.clientSecret}
  receiver key:  ${sim.receiverKey}

Point the gateway at it (in another terminal):
  ${gatewayEnv.join(" \\\n  ")} \\
  npm start

Play the payer's bank and the PSP (no OAuth):
  curl -X POST ${sim.controlUrl}/cob/{txid}/pay -d '{"amount":"10.50"}'${tls ? ` --cacert ${join(tls.folder, CERT_FILES.ca)} --cert ${join(tls.folder, CERT_FILES.clientCert)} --key ${join(tls.folder, CERT_FILES.clientKey)}` : ""}
  POST ${sim.controlUrl}/pix/{e2eid}/devolucao/{id}/settle {"status":"DEVOLVIDO"|"NAO_REALIZADO","motivo":"…"}
  POST ${sim.controlUrl}/fail-next {"path":"/cob","count":1,"status":503}
  POST ${sim.controlUrl}/drop-next-callback, POST ${sim.controlUrl}/tokens/expire, POST ${sim.controlUrl}/reset
  GET  ${sim.controlUrl}/received, GET ${sim.controlUrl}/callbacks
PIX Automático (the payer's bank):
  POST ${sim.controlUrl}/rec/{idRec}/approve|reject|cancel|expire
  POST ${sim.controlUrl}/cobr/{txid}/settle {"outcome":"paid"|"insufficient-funds"|"retried-then-paid"}
  GET  ${sim.controlUrl}/automatico/callbacks`);

const stop = () => void sim.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
