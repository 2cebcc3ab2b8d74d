/**
 * The connector's PIX Automático (worker/connectors/bcb-pix/automatico.ts) against the PSP
 * simulator over real HTTP on 127.0.0.1: every request and answer checked against the BCB document
 * by the simulator, the payer's bank played through its control endpoints (awaited, no sleeps),
 * and the webhookrec / webhookcobr callbacks received by a real server and parsed by the
 * connector (automatico-callbacks.ts).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";
import { parseCobrCallback, parseRecCallback } from "../../worker/connectors/bcb-pix/automatico-callbacks";
import { createBcbPixAutomatico } from "../../worker/connectors/bcb-pix/automatico";
import { createBcbPixPsp } from "../../worker/connectors/bcb-pix/client";
import { txidFor } from "../../worker/connectors/bcb-pix/txid";
import { nextBusinessDay } from "../../worker/connectors/bcb-pix/simulator/automatico";
import { startPspSimulator, type PspSimulator } from "../../worker/connectors/bcb-pix/simulator/server";
import { PspRejectedError } from "../../worker/lib/acquirer";
import type { RecurrenceRequest } from "../../worker/lib/pix-automatico";

let sim: PspSimulator;
let hooks: Awaited<ReturnType<typeof startHooks>>;

/** A callback receiver: each POST is kept, and `next()` resolves with the next one to arrive. */
async function startHooks() {
  const arrived: { path: string; body: unknown }[] = [];
  const waiting: ((v: { path: string; body: unknown }) => void)[] = [];
  let read = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      arrived.push({ path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      res.writeHead(200).end();
      while (waiting.length && read < arrived.length) waiting.shift()!(arrived[read++]!);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/psp`;
  return {
    url,
    arrived,
    next: () => new Promise<{ path: string; body: unknown }>((resolve) => (read < arrived.length ? resolve(arrived[read++]!) : waiting.push(resolve))),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const config = () => ({ baseUrl: sim.url, tokenUrl: sim.tokenUrl, clientId: sim.clientId, clientSecret: sim.clientSecret, transport: fetchTransport() });
const connect = () => createBcbPixAutomatico(config());
const apiCalls = () => sim.control.received().filter((r) => r.path !== "/oauth/token");
/** A control call as a test or the gateway's sandbox would make it: over HTTP, awaited. */
async function control(path: string, body: unknown = {}) {
  const res = await fetch(`${sim.controlUrl}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, any>;
}
/** A date `days` from today in Brasília. */
const inDays = (days: number) => new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function recurrence(overrides: Partial<RecurrenceRequest> = {}): RecurrenceRequest {
  return {
    contract: "sub_8f2a91c4",
    object: "Plano Pro mensal",
    debtor: { document: "123.456.789-09", documentType: "CPF", name: "Maria da Silva" },
    startDate: inDays(5),
    periodicity: "MENSAL",
    amount: { kind: "FIXED", amount: 4990 },
    retryPolicy: "PERMITE_3R_7D",
    ...overrides,
  };
}
const ACCOUNT = { branch: "0001", number: "123456", type: "CORRENTE" as const };

/** An approved recurrence (journey 2, its callback consumed). */
async function approved(overrides: Partial<RecurrenceRequest> = {}) {
  const psp = connect();
  const loc = await psp.createLocation();
  const rec = await psp.createRecurrence(recurrence({ locationId: loc.id, ...overrides }));
  await control(`/rec/${rec.id}/approve`);
  await hooks.next();
  return { psp, rec };
}

beforeAll(async () => {
  sim = await startPspSimulator();
  hooks = await startHooks();
});
afterAll(async () => {
  await sim.close();
  await hooks.close();
});
beforeEach(async () => {
  sim.control.reset();
  await connect().registerWebhooks({ recurrences: hooks.url, charges: hooks.url });
});
afterEach(() => expect(sim.control.bugs()).toEqual([]));

describe("recurrences", () => {
  it("journey 3: a cob and a recurrence on a location make one composite QR; the payer's approval pays the cob and arrives as APPROVED", async () => {
    const pix = createBcbPixPsp(config());
    const automatico = connect();
    const cob = await pix.createCharge({ txid: txidFor(crypto.randomUUID()), amount: 4990, receiverKey: sim.receiverKey, expiresInSeconds: 3600 });
    const loc = await automatico.createLocation();
    expect(loc.location).toMatch(/^127\.0\.0\.1:\d+\/qr\/v2\/rec\/[0-9a-f]{32}$/);
    const rec = await automatico.createRecurrence(recurrence({ locationId: loc.id, firstChargeTxid: cob.txid }));
    expect(rec).toMatchObject({ status: "CREATED", journey: null, location: loc });
    expect(rec.id).toMatch(/^RR12345678\d{8}[a-zA-Z0-9]{11}$/);
    expect(apiCalls().find((r) => r.path === "/rec")!.body).toEqual({
      vinculo: { contrato: "sub_8f2a91c4", devedor: { cpf: "12345678909", nome: "Maria da Silva" }, objeto: "Plano Pro mensal" },
      calendario: { dataInicial: inDays(5), periodicidade: "MENSAL" },
      politicaRetentativa: "PERMITE_3R_7D",
      valor: { valorRec: "49.90" },
      loc: loc.id,
      ativacao: { dadosJornada: { txid: cob.txid } },
    });

    const shown = await automatico.getRecurrence(rec.id, cob.txid);
    expect(shown!.compositeBrCode).toContain(cob.location);
    expect(shown!.compositeBrCode).toContain(loc.location);

    const { rec: after } = await control(`/rec/${rec.id}/approve`);
    expect(after.status).toBe("APROVADA");
    const callback = await hooks.next();
    expect(callback.path).toBe("/psp/rec");
    expect(parseRecCallback(callback.body)).toEqual([{ id: rec.id, status: "APPROVED", journey: "JORNADA_3", firstChargeTxid: cob.txid }]);
    expect((await pix.getCharge(cob.txid))!.status).toBe("CONCLUIDA"); // the composite QR paid the first period
    expect(await automatico.getRecurrence(rec.id)).toMatchObject({ status: "APPROVED", journey: "JORNADA_3" });
  });

  it("the payer's rejection, silence (EXPIRADA) and cancellation arrive with their codes and who cancelled; the receiver's cancel is RECEIVER", async () => {
    const psp = connect();
    const rejected = await psp.createRecurrence(recurrence({ amount: { kind: "VARIABLE", minimum: 1000 } }));
    await control(`/rec/${rejected.id}/reject`);
    expect(parseRecCallback((await hooks.next()).body)[0]).toMatchObject({ status: "REJECTED", ending: { code: "AP13" } });

    const unanswered = await psp.createRecurrence(recurrence());
    await control(`/rec/${unanswered.id}/expire`);
    expect(parseRecCallback((await hooks.next()).body)).toEqual([{ id: unanswered.id, status: "EXPIRED", journey: null }]);

    const { rec } = await approved();
    await control(`/rec/${rec.id}/cancel`);
    expect(parseRecCallback((await hooks.next()).body)[0]).toMatchObject({ id: rec.id, status: "CANCELLED", ending: { by: "PAYER", code: "SLDB" } });

    const mine = await psp.createRecurrence(recurrence());
    expect(await psp.cancelRecurrence(mine.id)).toMatchObject({ status: "CANCELLED", ending: { by: "RECEIVER" } });
    await expect(psp.cancelRecurrence(mine.id)).rejects.toMatchObject({ status: 400 });
    expect(await psp.getRecurrence("RR1234567820990101abcdefghijk")).toBeNull();
  });

  it("journey 1: a push request to the payer's bank names the recurrence and the payer's account", async () => {
    const psp = connect();
    const rec = await psp.createRecurrence(recurrence());
    const push = await psp.requestAuthorization({ recurrenceId: rec.id, payer: { documentType: "CPF", document: "12345678909" }, account: { ispb: "87654321", branch: "0001", number: "998877" }, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(push).toMatchObject({ recurrenceId: rec.id, status: "CREATED" });
    expect(push.id).toMatch(/^SC12345678\d{8}[a-zA-Z0-9]{11}$/);
  });
});

describe("charge instructions", () => {
  it("a cobr sent 3 days before its due date, paid by the payer's bank, arrives as PAID", async () => {
    const { psp, rec } = await approved();
    const txid = txidFor(crypto.randomUUID());
    const due = inDays(3);
    const cobr = await psp.createCharge({ txid, recurrenceId: rec.id, amount: 4990, dueDate: due, adjustToBusinessDay: true, receiverAccount: ACCOUNT, info: "Fatura de dezembro" });
    expect(cobr).toMatchObject({ txid, recurrenceId: rec.id, status: "CREATED", amount: 4990, dueDate: due });
    expect(await psp.getCharge(txid)).toMatchObject({ status: "ACTIVE", attempts: [{ kind: "SCHEDULED", status: "SCHEDULED", settlementDate: nextBusinessDay(due) }] });

    const { callback } = await control(`/cobr/${txid}/settle`, { outcome: "paid" });
    expect(callback.status).toBe(200);
    const arrived = await hooks.next();
    expect(arrived.path).toBe("/psp/cobr");
    expect(parseCobrCallback(arrived.body)).toEqual([{ txid, recurrenceId: rec.id, status: "PAID", attempts: [expect.objectContaining({ kind: "SCHEDULED", status: "PAID" })] }]);
    // A retry of the same instruction (a lost answer) is answered with the one there, not refused.
    expect(await psp.createCharge({ txid, recurrenceId: rec.id, amount: 4990, dueDate: due, adjustToBusinessDay: true, receiverAccount: ACCOUNT, info: "Fatura de dezembro" })).toMatchObject({ txid });
  });

  it("a txid the PSP already holds: read back and answered when it is the same instruction, refused when it is another", async () => {
    const { psp, rec } = await approved();
    const txid = txidFor(crypto.randomUUID());
    const asked = { txid, recurrenceId: rec.id, amount: 4990, dueDate: inDays(3), adjustToBusinessDay: true, receiverAccount: ACCOUNT };
    sim.control.failNext("/cobr/", 1, 503, { afterProcessing: true });
    await expect(psp.createCharge(asked)).rejects.toMatchObject({ name: "PspUnavailableError" });
    // The retry differs only in its infoAdicional: the PSP refuses the PUT (400), the connector reads the cobr back.
    expect(await psp.createCharge({ ...asked, info: "Fatura 12" })).toMatchObject({ txid, status: "ACTIVE", amount: 4990 });
    await expect(psp.createCharge({ ...asked, amount: 5990 })).rejects.toMatchObject({ status: 400, title: "txid already used" });
    expect(apiCalls().filter((r) => r.path === `/cobr/${txid}`).map((r) => `${r.method} ${r.status}`)).toEqual(["PUT 503", "PUT 400", "GET 200", "PUT 400", "GET 200"]);
  });

  it("ajusteDiaUtil moves a Saturday due date's settlement to Monday", async () => {
    const { psp, rec } = await approved();
    const saturday = [2, 3, 4, 5, 6, 7, 8].map(inDays).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6)!;
    const txid = txidFor(crypto.randomUUID());
    await psp.createCharge({ txid, recurrenceId: rec.id, amount: 4990, dueDate: saturday, adjustToBusinessDay: true, receiverAccount: ACCOUNT });
    expect((await psp.getCharge(txid))!.attempts[0]!.settlementDate).toBe(addDays(saturday, 2));
  });

  it("a failed attempt, then a retentativa under PERMITE_3R_7D that the payer's bank pays", async () => {
    const { psp, rec } = await approved();
    const txid = txidFor(crypto.randomUUID());
    await psp.createCharge({ txid, recurrenceId: rec.id, amount: 4990, dueDate: inDays(4), adjustToBusinessDay: false, receiverAccount: ACCOUNT });
    await control(`/cobr/${txid}/settle`, { outcome: "retried-then-paid" });
    const [failed] = parseCobrCallback((await hooks.next()).body);
    expect(failed).toMatchObject({ status: "ACTIVE", attempts: [{ status: "FAILED", failure: { code: "AM02" } }] });

    const retried = await psp.retryCharge(txid, inDays(5));
    expect(retried.attempts.map((a) => [a.kind, a.status, a.settlementDate])).toEqual([["SCHEDULED", "FAILED", inDays(4)], ["RETRY", "SCHEDULED", inDays(5)]]);
    const [paid] = parseCobrCallback((await hooks.next()).body);
    expect(paid).toMatchObject({ status: "PAID", attempts: [{ status: "FAILED" }, { kind: "RETRY", status: "PAID" }] });
  });

  it("under NAO_PERMITE a failed attempt ends the cobr REJECTED and a retentativa is refused", async () => {
    const { psp, rec } = await approved({ retryPolicy: "NAO_PERMITE" });
    expect(rec.id.startsWith("RN")).toBe(true);
    const txid = txidFor(crypto.randomUUID());
    await psp.createCharge({ txid, recurrenceId: rec.id, amount: 4990, dueDate: inDays(3), adjustToBusinessDay: false, receiverAccount: ACCOUNT });
    await control(`/cobr/${txid}/settle`, { outcome: "insufficient-funds" });
    expect(parseCobrCallback((await hooks.next()).body)[0]).toMatchObject({ status: "REJECTED", ending: { code: "AM02" } });
    const refused = await psp.retryCharge(txid, inDays(4)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PspRejectedError);
    expect((refused as PspRejectedError).detail).toContain("não permite retentativa");
  });

  it("the PSP refuses a cobr outside the 2-10 day window or on a recurrence not approved; the receiver may cancel one", async () => {
    const { psp, rec } = await approved();
    const ask = (dueDate: string, recurrenceId = rec.id) => psp.createCharge({ txid: txidFor(crypto.randomUUID()), recurrenceId, amount: 100, dueDate, adjustToBusinessDay: false, receiverAccount: ACCOUNT });
    await expect(ask(inDays(1))).rejects.toMatchObject({ status: 400, detail: expect.stringContaining("cobr.calendario.dataDeVencimento") });
    await expect(ask(inDays(11))).rejects.toMatchObject({ status: 400 });
    const pending = await psp.createRecurrence(recurrence());
    await expect(ask(inDays(3), pending.id)).rejects.toMatchObject({ status: 400, detail: expect.stringContaining("CRIADA") });
    const ok = await ask(inDays(3));
    expect(await psp.cancelCharge(ok.txid)).toMatchObject({ status: "CANCELLED" });
  });
});

describe("refused before anything is sent", () => {
  it("an objeto over 35 characters, an unknown periodicidade, a contract too long: a clear 400 and no request", async () => {
    const psp = connect();
    sim.control.reset();
    const objeto = await psp.createRecurrence(recurrence({ object: "Assinatura anual do Plano Pro Plus+!" })).catch((e: unknown) => e);
    expect(objeto).toBeInstanceOf(PspRejectedError);
    expect((objeto as PspRejectedError).detail).toBe("vinculo.objeto must be at most 35 characters (it has 36)");
    await expect(psp.createRecurrence(recurrence({ periodicity: "QUINZENAL" as never }))).rejects.toMatchObject({ status: 400, detail: expect.stringContaining('calendario.periodicidade must be one of SEMANAL, MENSAL, TRIMESTRAL, SEMESTRAL, ANUAL (not "QUINZENAL")') });
    await expect(psp.createRecurrence(recurrence({ contract: "c".repeat(36) }))).rejects.toMatchObject({ detail: expect.stringContaining("vinculo.contrato") });
    await expect(psp.getRecurrence("short")).rejects.toMatchObject({ status: 400 });
    expect(sim.control.received()).toEqual([]);
  });
});

describe("the simulator holds requests to the document", () => {
  async function token() {
    const res = await fetch(sim.tokenUrl, { method: "POST", headers: { Authorization: `Basic ${btoa(`${sim.clientId}:${sim.clientSecret}`)}`, "Content-Type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials" });
    return ((await res.json()) as { access_token: string }).access_token;
  }
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${sim.url}${path}`, { method: "POST", headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return { status: res.status, type: res.headers.get("content-type"), body: (await res.json()) as { type: string; violacoes?: { propriedade?: string }[] } };
  };
  const valid = { vinculo: { contrato: "c1", devedor: { cpf: "12345678909", nome: "Maria" } }, calendario: { dataInicial: inDays(3), periodicidade: "MENSAL" }, politicaRetentativa: "NAO_PERMITE" };

  it("a rec with a 36-character objeto, an unknown periodicidade and a field the document does not define is a 400 naming each", async () => {
    expect((await post("/rec", valid)).status).toBe(201); // the same body, valid, passes
    const bad = await post("/rec", { ...valid, vinculo: { ...valid.vinculo, objeto: "x".repeat(36) }, calendario: { ...valid.calendario, periodicidade: "QUINZENAL" }, desconto: "10.00" });
    expect(bad.status).toBe(400);
    expect(bad.type).toContain("application/problem+json");
    expect(bad.body.type).toBe("https://pix.bcb.gov.br/api/v2/error/RecOperacaoInvalida");
    expect(bad.body.violacoes!.map((v) => v.propriedade).sort()).toEqual(["rec.calendario.periodicidade", "rec.desconto", "rec.vinculo.objeto"]);
  });

  it("a cobr without ajusteDiaUtil or recebedor breaks CobRSolicitada", async () => {
    const res = await fetch(`${sim.url}/cobr/${txidFor(crypto.randomUUID())}`, { method: "PUT", headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json" }, body: JSON.stringify({ idRec: "RR1234567820990101abcdefghijk", calendario: { dataDeVencimento: inDays(3) }, valor: { original: "1.00" } }) });
    const body = (await res.json()) as { type: string; violacoes: { propriedade: string }[] };
    expect([res.status, body.type]).toEqual([400, "https://pix.bcb.gov.br/api/v2/error/CobROperacaoInvalida"]);
    expect(body.violacoes.map((v) => v.propriedade).sort()).toEqual(["cobr.ajusteDiaUtil", "cobr.recebedor"]);
  });
});
