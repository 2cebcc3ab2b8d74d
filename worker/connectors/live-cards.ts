/**
 * Live cards, assembled from the host's environment (docs/cards.md, "Going live"): the 3DS server
 * (Cybersource Payer Authentication) and the acquirers (Cielo, Rede) that smart routing chooses
 * between. Both hosts call this; each hands in its own way out (`transport`) and log.
 *
 * The rule: live cards are on when the 3DS server and at least one acquirer are configured. A
 * 3DS server without an acquirer, or an acquirer without the 3DS server, is a ConfigError at
 * start (a live card could be authenticated and never charged, or charged without 3DS): never a
 * half-working live mode found by the first buyer. With both acquirers, Cielo is routing's first
 * and Rede its second (Elo, Hipercard and sales of BRL 1,000.00 or more go to Rede first:
 * domain/acquirers/routing.ts); each fails over to the other.
 */
import { ConfigError } from "../config-rules";
import type { CardAcquirer } from "../lib/acquirer";
import type { ThreeDsServer } from "../lib/threeds-server";
import { createCieloAcquirer } from "./cielo/client";
import { readCieloSettings, type CieloEnv, type CieloSettings } from "./cielo/config";
import { createCybersourceThreeDs } from "./cybersource/client";
import { readCybersourceSettings, type CybersourceEnv, type CybersourceSettings } from "./cybersource/config";
import type { ConnectorLog, ConnectorTransport } from "./http/exchange";
import { createRedeAcquirer } from "./rede/client";
import { readRedeSettings, type RedeEnv, type RedeSettings } from "./rede/config";

/** Every variable live cards read, as both hosts spell them. */
export type LiveCardsEnv = CybersourceEnv & CieloEnv & RedeEnv;

/** The checked settings of live cards. */
export interface LiveCardsSettings {
  threeDs: CybersourceSettings;
  cielo: CieloSettings | null;
  rede: RedeSettings | null;
}

/** Reads live cards' settings: null when none of CYBERSOURCE_, CIELO_ or REDE_ is set. */
export function readLiveCardsSettings(env: LiveCardsEnv): LiveCardsSettings | null {
  const threeDs = readCybersourceSettings(env);
  const cielo = readCieloSettings(env);
  const rede = readRedeSettings(env);
  if (!threeDs && !cielo && !rede) return null;
  if (!threeDs) {
    throw new ConfigError("CIELO_ or REDE_ variables are set without CYBERSOURCE_HOST and the other CYBERSOURCE_ variables: live card sales need the 3DS server too (docs/cards.md, \"Going live\").");
  }
  if (!cielo && !rede) {
    throw new ConfigError("CYBERSOURCE_ variables are set without an acquirer: set CIELO_ or REDE_ variables too, or none (docs/cards.md, \"Going live\").");
  }
  return { threeDs, cielo, rede };
}

/** What the platform carries: the live 3DS server and the live acquirers in routing order. */
export interface LiveCards {
  threeDs: ThreeDsServer;
  acquirers: CardAcquirer[];
}

/** Builds the connectors over `settings`, reaching their vendors through `transport`. */
export function createLiveCards(settings: LiveCardsSettings, transport: ConnectorTransport, log: ConnectorLog): LiveCards {
  const acquirers: CardAcquirer[] = [];
  if (settings.cielo) acquirers.push(createCieloAcquirer({ ...settings.cielo, transport, log }));
  if (settings.rede) acquirers.push(createRedeAcquirer({ ...settings.rede, transport, log }));
  return { threeDs: createCybersourceThreeDs({ ...settings.threeDs, transport, log }), acquirers };
}
