/**
 * `npm run cards:sim`: the card vendors' simulators on 127.0.0.1 (worker/cli/card-simulators.ts),
 * for running live card payments on one machine: it prints the variables that point `npm start`
 * at them. Environment: CARDS_SIM_CYBERSOURCE_PORT (8791), CARDS_SIM_CARDINAL_PORT (8792),
 * CARDS_SIM_REDE_PORT (8793); Cielo's two hosts take free ports. Each simulator's README.md
 * (worker/connectors/<vendor>/simulator/) lists its test cards and `/__sim` controls.
 */
import { startCardSimulators } from "./card-simulators";

const port = (name: string, fallback: number) => Number(process.env[name] || fallback);
const sims = await startCardSimulators({
  cybersourceApiPort: port("CARDS_SIM_CYBERSOURCE_PORT", 8791),
  cybersourcePagesPort: port("CARDS_SIM_CARDINAL_PORT", 8792),
  redePort: port("CARDS_SIM_REDE_PORT", 8793),
});

console.log(`Card simulators listening
  Cybersource REST: ${sims.cybersource.apiUrl}   (Cardinal's pages: ${sims.cybersource.pagesOrigin})
  Cielo:            ${sims.cielo.apiUrl} (queries ${sims.cielo.queryUrl})
  Rede:             ${sims.rede.apiUrl} (OAuth2 token ${sims.rede.tokenUrl})

Point the gateway at them (in another terminal):
  ${Object.entries(sims.env)
    .map(([name, value]) => `${name}=${value}`)
    .join(" \\\n  ")} \\
  npm start

Then a live key's card payment runs 3DS at the Cybersource simulator (challenge code 1234 on
its step-up page) and is authorized at Cielo, or at Rede for Elo, Hipercard and BRL 1,000.00 or more.`);

const stop = () => void sims.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
