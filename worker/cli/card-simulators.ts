/**
 * The three card vendors' simulators started together on 127.0.0.1 (Cybersource Payer
 * Authentication with its Cardinal pages, Cielo's two hosts, Rede), with fresh credentials, and
 * the environment that points the gateway at them: what `npm run cards:sim` prints, and what the
 * live-card tests on Node and in workerd start. Node-only test equipment (worker/connectors/*\/simulator).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { startCieloSimulator, type CieloSimulator } from "../connectors/cielo/simulator/server";
import { startCybersourceSimulator, type CybersourceSimulator } from "../connectors/cybersource/simulator/server";
import { startRedeSimulator, type RedeSimulator } from "../connectors/rede/simulator/server";

/** The running simulators and the gateway's variables for them. */
export interface CardSimulators {
  cybersource: CybersourceSimulator;
  cielo: CieloSimulator;
  rede: RedeSimulator;
  /** CYBERSOURCE_*, CIELO_*, REDE_* as the gateway reads them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Options: fixed ports for the by-hand CLI (0 or unset: any free one); Rede by OAuth2 or Basic. */
export interface CardSimulatorOptions {
  cybersourceApiPort?: number;
  cybersourcePagesPort?: number;
  redePort?: number;
  redeOAuth?: boolean;
}

/** Starts the three simulators. */
export async function startCardSimulators(options: CardSimulatorOptions = {}): Promise<CardSimulators> {
  const cybersourceCredentials = { merchantId: "pay_gateway_sim", keyId: randomUUID(), secretKey: randomBytes(32).toString("base64") };
  const cieloCredentials = { merchantId: randomUUID(), merchantKey: randomBytes(20).toString("hex").toUpperCase() };
  const redeCredentials = { pv: "10001234", integrationKey: randomBytes(16).toString("hex") };
  const [cybersource, cielo, rede] = await Promise.all([
    startCybersourceSimulator({ ...cybersourceCredentials, apiPort: options.cybersourceApiPort, pagesPort: options.cybersourcePagesPort }),
    startCieloSimulator(cieloCredentials),
    startRedeSimulator({ ...redeCredentials, port: options.redePort }),
  ]);
  const env: Record<string, string> = {
    CYBERSOURCE_HOST: cybersource.apiUrl,
    CYBERSOURCE_MERCHANT_ID: cybersourceCredentials.merchantId,
    CYBERSOURCE_KEY_ID: cybersourceCredentials.keyId,
    CYBERSOURCE_SECRET: cybersourceCredentials.secretKey,
    CYBERSOURCE_PAGES_ORIGIN: cybersource.pagesOrigin,
    CIELO_API_URL: cielo.apiUrl,
    CIELO_QUERY_URL: cielo.queryUrl,
    CIELO_MERCHANT_ID: cieloCredentials.merchantId,
    CIELO_MERCHANT_KEY: cieloCredentials.merchantKey,
    REDE_API_URL: rede.apiUrl,
    REDE_PV: redeCredentials.pv,
    REDE_KEY: redeCredentials.integrationKey,
    ...(options.redeOAuth !== false && { REDE_TOKEN_URL: rede.tokenUrl }),
  };
  return {
    cybersource,
    cielo,
    rede,
    env,
    close: async () => {
      await Promise.all([cybersource.close(), cielo.close(), rede.close()]);
    },
  };
}
