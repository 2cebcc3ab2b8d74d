/**
 * PIX Automático's connector inside workerd (issue 32, part 1; Node's side:
 * test/connectors/bcb-pix-automatico.test.ts): built from the Worker's own PSP settings and
 * transport (worker/cloudflare/psp-transport.ts, as worker/cloudflare/platform.ts builds live
 * PIX's), it creates a recurrence location and a recurrence at the PSP simulator global setup runs
 * in Node, over real HTTP on loopback, every request checked there against the BCB document; the
 * payer's approval (the simulator's control) reaches the registered webhookrec URL (the loopback
 * receiver in Node) and parses as APPROVED.
 *
 * The simulator is shared by every workerd file: this one never resets it and touches only the
 * recurrences it makes and the webhookrec / webhookcobr registrations no other file uses.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createBcbPixAutomatico } from "../../worker/connectors/bcb-pix/automatico";
import { parseRecCallback } from "../../worker/connectors/bcb-pix/automatico-callbacks";
import { cloudflarePspTransport, readWorkerPspSettings } from "../../worker/cloudflare/psp-transport";
import type { Env } from "../../worker/cloudflare/env";
import type { PixAutomaticoPsp } from "../../worker/lib/pix-automatico";

const control = inject("pspControlUrl");
const callbackOrigin = inject("pspCallbackOrigin");
/** Where this file's callbacks land on the receiver (the simulator appends /rec and /cobr). */
const hookPath = `/automatico/${crypto.randomUUID()}`;
let psp: PixAutomaticoPsp;

beforeAll(async () => {
  const workerEnv = env as unknown as Env;
  const settings = readWorkerPspSettings(workerEnv);
  if (!settings) throw new Error("the workerd pool runs with PIX_PSP_* set (vitest.workers.config.ts)");
  psp = createBcbPixAutomatico({ ...settings, transport: cloudflarePspTransport(workerEnv) });
  await psp.registerWebhooks({ recurrences: `${callbackOrigin}${hookPath}`, charges: `${callbackOrigin}${hookPath}` });
});

const inDays = (days: number) => new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe("PIX Automático through the Worker's PSP transport", () => {
  it("creates a location and a recurrence the PSP accepts; the payer's approval arrives as APPROVED", async () => {
    const loc = await psp.createLocation();
    const rec = await psp.createRecurrence({
      contract: "sub_workerd_1",
      object: "Plano Pro mensal",
      debtor: { document: "12345678909", documentType: "CPF", name: "Maria da Silva" },
      startDate: inDays(5),
      periodicity: "MENSAL",
      amount: { kind: "FIXED", amount: 4990 },
      retryPolicy: "PERMITE_3R_7D",
      locationId: loc.id,
    });
    expect(rec).toMatchObject({ status: "CREATED", location: { id: loc.id } });

    const approved = await fetch(`${control}/rec/${rec.id}/approve`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(approved.status).toBe(200);
    const { callback } = (await approved.json()) as { callback: { url: string; status: number } };
    expect(callback).toMatchObject({ url: `${callbackOrigin}${hookPath}/rec`, status: 200 });
    // The receiver's record of what the PSP posted (its bytes), read the way live-pix.test.ts does.
    const landed = (await (await fetch(`${callbackOrigin}/__received`)).json()) as { url: string; body: string }[];
    const mine = landed.filter((r) => r.url === `${hookPath}/rec`);
    expect(mine).toHaveLength(1);
    expect(parseRecCallback(JSON.parse(mine[0]!.body))).toEqual([{ id: rec.id, status: "APPROVED", journey: "JORNADA_2" }]);
    expect(await psp.getRecurrence(rec.id)).toMatchObject({ status: "APPROVED", journey: "JORNADA_2" });
  });
});
