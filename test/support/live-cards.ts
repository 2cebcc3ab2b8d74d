/**
 * Live-card test helpers: the gateway's connectors over the card simulators
 * (worker/cli/card-simulators.ts), and a live challenge walked the way a browser walks it:
 * the gateway's relay page, Cardinal's step-up page (the simulator's origin), the code, and
 * the ACS's return to the gateway.
 */
import { expect } from "vitest";
import type { CardSimulators } from "../../worker/cli/card-simulators";
import { formOf } from "../../worker/connectors/cybersource/simulator/forms";
import { CHALLENGE_CODE } from "../../worker/connectors/cybersource/simulator/server";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";
import { createLiveCards, readLiveCardsSettings } from "../../worker/connectors/live-cards";
import type { LogLine } from "../../worker/platform";

type AppLike = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** The live 3DS server and acquirers over `sims`, through plain fetch, logging to `log`. */
export function liveCardsOver(sims: CardSimulators, log: (line: LogLine) => void, extraEnv: Record<string, string> = {}) {
  const settings = readLiveCardsSettings({ ...sims.env, PUBLIC_BASE_URL: "http://localhost:8787", ...extraEnv })!;
  return createLiveCards(settings, fetchTransport(), log);
}

const formBody = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/**
 * Walks a live challenge from the gateway's `stepUpUrl`: its relay page names Cardinal's step-up
 * URL and JWT; the simulator's page takes `code`; its last page posts `TransactionId` to the
 * gateway's return page, whose answer is returned (its script tells the relay how it ended).
 */
export async function walkLiveChallenge(app: AppLike, stepUpUrl: string, pagesOrigin: string, code = CHALLENGE_CODE): Promise<Response> {
  const relay = await app.request(new URL(stepUpUrl).pathname);
  expect(relay.status).toBe(200);
  expect(relay.headers.get("Content-Security-Policy")).toContain(`frame-src ${pagesOrigin} 'self'; form-action ${pagesOrigin};`);
  const toCardinal = formOf(await relay.text());
  expect(new URL(toCardinal.action).origin).toBe(pagesOrigin);
  expect(toCardinal.autoSubmits).toBe(true);
  const challenge = await fetch(toCardinal.action, formBody(toCardinal.fields));
  expect(challenge.status).toBe(200);
  const page = await challenge.text();
  const answer = formOf(page);
  const answered = await fetch(new URL(answer.action, toCardinal.action), formBody({ ...answer.fields, code }));
  const back = formOf(await answered.text());
  expect(back.autoSubmits).toBe(true);
  // The ACS's return is the gateway's page, with Cardinal's TransactionId.
  return app.request(new URL(back.action).pathname, formBody(back.fields));
}
