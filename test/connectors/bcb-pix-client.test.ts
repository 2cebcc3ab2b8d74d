/**
 * The API Pix connector (worker/connectors/bcb-pix/) against the PSP simulator over real HTTP: the
 * simulator checks every request against the BCB document (a request it refuses fails the call),
 * issues real OAuth2 tokens and can expire them, lose answers, fail calls and settle devoluções.
 * One case runs over mTLS with throwaway certificates through the Node host's transport
 * (worker/node/psp-transport.ts); the rest over plain http with the global fetch.
 */
import { createServer, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBcbPixPsp, type BcbPixClientConfig } from "../../worker/connectors/bcb-pix/client";
import { fetchTransport, type FetchLike } from "../../worker/connectors/http/fetch-transport";
import { devolucaoIdFor, txidFor } from "../../worker/connectors/bcb-pix/txid";
import { makeThrowawayCerts } from "../../worker/connectors/bcb-pix/simulator/certs";
import { startPspSimulator, type PspSimulator } from "../../worker/connectors/bcb-pix/simulator/server";
import { PspRejectedError, PspUnavailableError, type PixChargeRequest, type PixPsp } from "../../worker/lib/acquirer";
import { createNodePspTransport } from "../../worker/node/psp-transport";
import type { LogLine } from "../../worker/platform";

const CPF = "12345678909";
const SECRET = "sim-client-secret-9f8e7d6c5b4a";

let sim: PspSimulator;

/** Every request the connector sent, as it left it (the simulator keeps no Authorization header). */
interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A client on the simulator over plain fetch, recording what it sends and logs. */
function connect(overrides: Partial<BcbPixClientConfig> = {}) {
  const sent: Sent[] = [];
  const logs: LogLine[] = [];
  const transport = fetchTransport((url, init) => {
    sent.push({ url, method: init.method ?? "GET", headers: Object.fromEntries(new Headers(init.headers).entries()), body: String(init.body ?? "") });
    return fetch(url, init);
  });
  const psp = createBcbPixPsp({
    baseUrl: sim.url,
    tokenUrl: sim.tokenUrl,
    clientId: sim.clientId,
    clientSecret: sim.clientSecret,
    transport,
    log: (line) => logs.push(line),
    ...overrides,
  });
  return { psp, sent, logs };
}

function cob(overrides: Partial<PixChargeRequest> = {}): PixChargeRequest {
  return { txid: txidFor(crypto.randomUUID()), amount: 1234, receiverKey: sim.receiverKey, expiresInSeconds: 3600, description: "Pedido 42 na Loja Exemplo", ...overrides };
}

/** A date `days` from today in Brasília, as a cobv's dataDeVencimento. */
function dueIn(days: number): string {
  return new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A port nothing listens on (one just freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const apiCalls = () => sim.control.received().filter((r) => r.path !== "/oauth/token");
const tokenCalls = () => sim.control.received().filter((r) => r.path === "/oauth/token");

beforeAll(async () => {
  sim = await startPspSimulator({ clientSecret: SECRET });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.control.reset());
afterEach(() => {
  // An answer off the document would be the simulator's bug; a request off it is a 400 the test sees.
  expect(sim.control.bugs()).toEqual([]);
});

describe("charges", () => {
  it("creates a cob the document accepts, and its BR Code and location are the PSP's", async () => {
    const { psp } = connect();
    const request = cob({ debtor: { document: "123.456.789-09", documentType: "CPF", name: "Maria da Silva" } });
    const charge = await psp.createCharge(request);
    const [put] = apiCalls();
    expect(put).toMatchObject({ method: "PUT", path: `/cob/${request.txid}`, status: 201, hasBearer: true });
    expect(put!.body).toEqual({
      calendario: { expiracao: 3600 },
      devedor: { cpf: CPF, nome: "Maria da Silva" },
      valor: { original: "12.34" },
      chave: sim.receiverKey,
      solicitacaoPagador: "Pedido 42 na Loja Exemplo",
    });
    expect(charge).toMatchObject({ txid: request.txid, status: "ATIVA", amount: 1234, payments: [] });
    expect(charge.location).toMatch(/^127\.0\.0\.1:\d+\/qr\/v2\/[0-9a-f]{32}$/);
    expect(charge.brCode.startsWith("000201")).toBe(true);
    expect(charge.brCode).toContain(charge.location);
    expect(await psp.getCharge(request.txid)).toEqual(charge);
  });

  it("creates a cobv with its due date, days of validity and debtor (CNPJ)", async () => {
    const { psp } = connect();
    const request = cob({ amount: 990, due: { date: dueIn(10), validDaysAfter: 5 }, debtor: { document: "11.222.333/0001-81", documentType: "CNPJ", name: "ACME Ltda" } });
    const charge = await psp.createCharge(request);
    expect(apiCalls()[0]).toMatchObject({ method: "PUT", path: `/cobv/${request.txid}`, status: 201 });
    expect(apiCalls()[0]!.body).toMatchObject({ calendario: { dataDeVencimento: dueIn(10), validadeAposVencimento: 5 }, devedor: { cnpj: "11222333000181", nome: "ACME Ltda" }, valor: { original: "9.90" } });
    expect(charge).toMatchObject({ status: "ATIVA", amount: 990 });
    expect(charge.location).toContain("/qr/v2/cobv/");
    expect(await psp.getCharge(request.txid, "cobv")).toEqual(charge);
    expect(await psp.getCharge(request.txid, "cob")).toBeNull();
  });

  it("a retry after a lost answer re-sends the same txid and gets the charge the first attempt made", async () => {
    const { psp } = connect();
    const request = cob();
    sim.control.failNext("/cob/", 1, 503, { afterProcessing: true });
    await expect(psp.createCharge(request)).rejects.toBeInstanceOf(PspUnavailableError);
    const made = await psp.getCharge(request.txid);
    expect(made?.status).toBe("ATIVA"); // the PSP did create it; only the answer was lost

    const retried = await psp.createCharge(request);
    expect(retried).toEqual(made); // same location: the same charge, not a second one
    const puts = apiCalls().filter((r) => r.method === "PUT");
    expect(puts.map((r) => [r.path, r.status])).toEqual([
      [`/cob/${request.txid}`, 503],
      [`/cob/${request.txid}`, 201],
    ]);
  });

  it("a PUT the PSP refuses for a charge already paid answers that charge when it is the one asked; another under the txid is refused", async () => {
    const { psp } = connect();
    const request = cob();
    await psp.createCharge(request);
    const { pix } = await sim.control.pay(request.txid);
    // A retry whose body differs (here the description) on a charge no longer ATIVA: the PSP answers 400.
    const again = await psp.createCharge({ ...request, description: "outra descrição" });
    expect(again).toMatchObject({ status: "CONCLUIDA", amount: 1234, payments: [{ endToEndId: pix.endToEndId, amount: 1234, txid: request.txid }] });
    const other = await psp.createCharge({ ...request, amount: 999 }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(PspRejectedError);
    expect(other).toMatchObject({ status: 400, title: "txid already used" });
  });

  it("getCharge: null when the PSP has none; removeCharge: removed, removed again is fine, a paid charge is not removable", async () => {
    const { psp } = connect();
    expect(await psp.getCharge(txidFor(crypto.randomUUID()))).toBeNull();
    const request = cob();
    await psp.createCharge(request);
    await psp.removeCharge(request.txid);
    expect(apiCalls().find((r) => r.method === "PATCH")).toMatchObject({ path: `/cob/${request.txid}`, body: { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }, status: 200 });
    expect((await psp.getCharge(request.txid))?.status).toBe("REMOVIDA_PELO_USUARIO_RECEBEDOR");
    await psp.removeCharge(request.txid); // 400 (not ATIVA), read back: already removed
    await psp.removeCharge(txidFor(crypto.randomUUID())); // 404: nothing to remove

    const cobv = cob({ due: { date: dueIn(3), validDaysAfter: 0 }, debtor: { document: CPF, documentType: "CPF", name: "Ana" } });
    await psp.createCharge(cobv);
    await psp.removeCharge(cobv.txid, "cobv");
    expect((await psp.getCharge(cobv.txid, "cobv"))?.status).toBe("REMOVIDA_PELO_USUARIO_RECEBEDOR");

    const paid = cob();
    await psp.createCharge(paid);
    await sim.control.pay(paid.txid);
    await expect(psp.removeCharge(paid.txid)).rejects.toMatchObject({ name: "PspRejectedError", detail: expect.stringContaining("CONCLUIDA") });
  });
});

describe("the PSP's errors", () => {
  it("a 503 is PspUnavailableError with the Retry-After it sent, and nothing was created", async () => {
    const { psp } = connect();
    const request = cob();
    sim.control.failNext("/cob/", 1, 503, { retryAfterSeconds: 7 });
    const err = await psp.createCharge(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PspUnavailableError);
    expect((err as PspUnavailableError).retryAfterSeconds).toBe(7);
    expect(await psp.getCharge(request.txid)).toBeNull();
  });

  it("a 4xx is PspRejectedError with the PSP's title and detail (the violation's property, never its value)", async () => {
    const { psp } = connect();
    const err = await psp.createCharge(cob({ receiverKey: "outra-chave@example.com" })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PspRejectedError);
    expect(err).toMatchObject({ status: 400, title: "Cobrança inválida." });
    expect((err as PspRejectedError).detail).toContain("cob.chave");
    expect((err as PspRejectedError).detail).not.toContain("outra-chave@example.com");
  });

  it("a timeout or an unreachable PSP is PspUnavailableError, logged without a status", async () => {
    const hanging: FetchLike = (_url, init) => new Promise((_, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason)));
    const slow = connect({ transport: fetchTransport(hanging), timeoutMs: 100 });
    await expect(slow.psp.getCharge(txidFor(crypto.randomUUID()))).rejects.toThrow(/timed out after 100 ms/);
    expect(slow.logs).toEqual([expect.objectContaining({ msg: "psp.request", method: "POST", path: "/v2/oauth/token", status: null, error: "timeout", level: "warn" })]);

    const port = await closedPort();
    const closed = connect({ baseUrl: `http://127.0.0.1:${port}/v2`, tokenUrl: `http://127.0.0.1:${port}/v2/oauth/token` });
    await expect(closed.psp.getCharge(txidFor(crypto.randomUUID()))).rejects.toBeInstanceOf(PspUnavailableError);
    expect(closed.logs[0]).toMatchObject({ status: null, errorCode: "ECONNREFUSED" });
  });

  it("a request the document would refuse is PspRejectedError before anything is sent", async () => {
    const { psp, sent } = connect();
    await expect(psp.createCharge(cob({ due: { date: dueIn(3), validDaysAfter: 1 } }))).rejects.toMatchObject({ status: 400, title: "Invalid request (not sent)" });
    await expect(psp.createCharge(cob({ txid: "short" }))).rejects.toBeInstanceOf(PspRejectedError);
    expect(sent).toEqual([]);
  });
});

describe("the access token", () => {
  it("one token for concurrent first calls; replaced once shortly before it expires, without a 401", async () => {
    let clock = Date.now();
    const { psp } = connect({ now: () => clock });
    const requests = [cob(), cob(), cob()];
    await Promise.all(requests.map((r) => psp.createCharge(r)));
    expect(tokenCalls()).toHaveLength(1);
    clock += 3540_000; // 60 s before the simulator's 3600 s
    await Promise.all(requests.map((r) => psp.getCharge(r.txid)));
    expect(tokenCalls()).toHaveLength(2);
    expect(sim.control.received().map((r) => r.status)).not.toContain(401);
  });

  it("a token the PSP expired mid-run: each call's 401 is answered by one refresh, and each call retried once", async () => {
    const { psp } = connect();
    const request = cob();
    await psp.createCharge(request);
    sim.control.expireTokens();
    const charges = await Promise.all([psp.getCharge(request.txid), psp.getCharge(request.txid), psp.getCharge(request.txid)]);
    expect(charges.every((c) => c?.txid === request.txid)).toBe(true);
    expect(tokenCalls()).toHaveLength(2);
    const gets = apiCalls().filter((r) => r.method === "GET");
    expect(gets.map((r) => r.status).sort()).toEqual([200, 200, 200, 401, 401, 401]);
  });

  it("a second 401 is not retried again: PspRejectedError", async () => {
    const { psp } = connect();
    sim.control.failNext("/cob/", 2, 401);
    await expect(psp.getCharge(txidFor(crypto.randomUUID()))).rejects.toMatchObject({ name: "PspRejectedError", status: 401 });
    expect(apiCalls()).toHaveLength(2);
    expect(tokenCalls()).toHaveLength(2);
  });

  it("a wrong client secret is PspRejectedError from the token URL, naming neither secret", async () => {
    const { psp } = connect({ clientSecret: "not-the-secret-123" });
    const err = (await psp.getCharge(txidFor(crypto.randomUUID())).catch((e: unknown) => e)) as Error;
    expect(err).toMatchObject({ name: "PspRejectedError", status: 401, title: "OAuth token refused" });
    expect(err.message).toContain("invalid_client");
    expect(err.message).not.toContain("not-the-secret-123");
    expect(err.message).not.toContain(SECRET);
  });
});

describe("devoluções", () => {
  async function paidCharge(psp: PixPsp, amount = 5000) {
    const request = cob({ amount });
    await psp.createCharge(request);
    const { pix } = await sim.control.pay(request.txid);
    return { request, endToEndId: String(pix.endToEndId) };
  }

  it("EM_PROCESSAMENTO, then DEVOLVIDO; a retry with the same refund id is the same devolução", async () => {
    const { psp } = connect();
    const { endToEndId } = await paidCharge(psp);
    const refundId = crypto.randomUUID();
    const asked = await psp.refund(endToEndId, refundId, 1500);
    expect(asked).toEqual({ id: devolucaoIdFor(refundId), endToEndId, amount: 1500, status: "EM_PROCESSAMENTO" });
    expect(apiCalls().at(-1)).toMatchObject({ method: "PUT", path: `/pix/${endToEndId}/devolucao/${devolucaoIdFor(refundId)}`, body: { valor: "15.00" }, status: 201 });
    expect(await psp.refund(endToEndId, refundId, 1500)).toEqual(asked); // 400 (id used), read back: the same

    await sim.control.settleRefund(endToEndId, devolucaoIdFor(refundId), "DEVOLVIDO");
    expect(await psp.getRefund(endToEndId, refundId)).toEqual({ ...asked, status: "DEVOLVIDO" });
  });

  it("NAO_REALIZADO with the PSP's motivo; more than the PIX left is refused with the PSP's words", async () => {
    const { psp } = connect();
    const { endToEndId } = await paidCharge(psp, 1000);
    const refundId = crypto.randomUUID();
    await psp.refund(endToEndId, refundId, 1000);
    await sim.control.settleRefund(endToEndId, devolucaoIdFor(refundId), "NAO_REALIZADO", "Conta do pagador encerrada");
    expect(await psp.getRefund(endToEndId, refundId)).toMatchObject({ status: "NAO_REALIZADO", reason: "Conta do pagador encerrada" });

    await psp.refund(endToEndId, crypto.randomUUID(), 600);
    const err = await psp.refund(endToEndId, crypto.randomUUID(), 600).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "PspRejectedError", status: 400, title: "Devolução inválida." });
    expect((err as PspRejectedError).detail).toContain("excederia o valor do pix originário");
    await expect(psp.getRefund(endToEndId, crypto.randomUUID())).rejects.toMatchObject({ status: 404 });
  });
});

describe("PIX received and the callback", () => {
  it("listReceived reads every page of GET /pix", async () => {
    const { psp } = connect({ pageSize: 2 });
    const from = new Date(Date.now() - 60_000).toISOString();
    const paid: string[] = [];
    for (let i = 0; i < 5; i++) {
      const request = cob({ amount: 100 + i });
      await psp.createCharge(request);
      paid.push(String((await sim.control.pay(request.txid)).pix.endToEndId));
    }
    const received = await psp.listReceived(from, new Date(Date.now() + 60_000).toISOString());
    expect(received.map((p) => p.endToEndId).sort()).toEqual([...paid].sort());
    expect(received.map((p) => p.amount).sort()).toEqual([100, 101, 102, 103, 104]);
    const lists = apiCalls().filter((r) => r.path === "/pix");
    expect(lists.map((r) => r.query["paginacao.paginaAtual"])).toEqual(["0", "1", "2"]);
    expect(lists.every((r) => r.status === 200 && r.query["paginacao.itensPorPagina"] === "2")).toBe(true);
  });

  it("registers the callback URL for the receiver key and reads it back; none is null", async () => {
    const { psp } = connect();
    expect(await psp.getWebhook(sim.receiverKey)).toBeNull();
    const url = "https://pay.example.com/pix/psp-callback/3b7f9c2e8d1a4f6b";
    await psp.registerWebhook(sim.receiverKey, url);
    expect(apiCalls().find((r) => r.method === "PUT")).toMatchObject({ path: `/webhook/${sim.receiverKey}`, body: { webhookUrl: url }, status: 200 });
    expect(await psp.getWebhook(sim.receiverKey)).toBe(url);
    await expect(psp.registerWebhook("outra@example.com", url)).rejects.toMatchObject({ name: "PspRejectedError", status: 400 });
  });
});

describe("what travels and what is logged", () => {
  it("the secret only in the token call's Basic header, the token only in Authorization; no log line carries either or the CPF", async () => {
    const { psp, sent, logs } = connect();
    const request = cob({ debtor: { document: CPF, documentType: "CPF", name: "Maria" } });
    await psp.createCharge(request);
    const { pix } = await sim.control.pay(request.txid);
    sim.control.expireTokens();
    await psp.getCharge(request.txid);
    await psp.refund(String(pix.endToEndId), crypto.randomUUID(), 100);
    await psp.registerWebhook(sim.receiverKey, "https://pay.example.com/cb/x");
    await psp.listReceived(new Date(Date.now() - 60_000).toISOString(), new Date().toISOString());
    await psp.createCharge(cob({ receiverKey: "wrong@example.com", debtor: { document: CPF, documentType: "CPF", name: "Maria" } })).catch(() => {});

    const basic = `Basic ${btoa(`${sim.clientId}:${SECRET}`)}`;
    const tokenRequests = sent.filter((s) => s.url === sim.tokenUrl);
    expect(tokenRequests).toHaveLength(2);
    for (const s of tokenRequests) expect(s).toMatchObject({ method: "POST", body: "grant_type=client_credentials", headers: { authorization: basic } });
    const bearers = new Set<string>();
    for (const s of sent.filter((s) => s.url !== sim.tokenUrl)) {
      expect(s.headers.authorization).toMatch(/^Bearer \S+$/);
      bearers.add(s.headers.authorization!.slice("Bearer ".length));
      expect(JSON.stringify({ ...s, headers: { ...s.headers, authorization: "" } })).not.toContain(SECRET);
    }
    expect(bearers.size).toBe(2); // the token before and after the PSP expired it
    for (const s of sent) {
      expect(s.url).not.toContain(SECRET);
      expect(s.body).not.toContain(SECRET);
      for (const token of bearers) expect(s.url + s.body).not.toContain(token);
    }

    expect(logs.length).toBe(sent.length); // one line per exchange
    for (const line of logs) {
      expect(line).toMatchObject({ msg: "psp.request", requestId: expect.any(String), method: expect.any(String), host: new URL(sim.url).host, path: expect.any(String), durationMs: expect.any(Number) });
      const text = JSON.stringify(line);
      for (const needle of [SECRET, btoa(`${sim.clientId}:${SECRET}`), CPF, ...bearers]) expect(text).not.toContain(needle);
    }
    // Each exchange's request id went to the PSP as X-Request-Id.
    expect(sent.map((s) => s.headers["x-request-id"])).toEqual(logs.map((l) => l.requestId));
    expect(sim.control.received().map((r) => r.headers["x-request-id"])).toEqual(logs.map((l) => l.requestId));
  });
});

describe("mTLS (worker/node/psp-transport.ts)", () => {
  const certs = makeThrowawayCerts();
  let secure: PspSimulator;
  const transports: { close(): void }[] = [];
  beforeAll(async () => {
    secure = await startPspSimulator({ tls: { cert: certs.serverCert, key: certs.serverKey, ca: certs.ca } });
  });
  afterAll(async () => {
    for (const t of transports) t.close();
    await secure.close();
  });
  const client = (tls: Parameters<typeof createNodePspTransport>[0]) => {
    const node = createNodePspTransport(tls);
    transports.push(node);
    return createBcbPixPsp({ baseUrl: secure.url, tokenUrl: secure.tokenUrl, clientId: secure.clientId, clientSecret: secure.clientSecret, transport: node.transport });
  };

  it("with the client certificate and the PSP's CA: a charge made and read back over https", async () => {
    const psp = client({ cert: certs.clientCert, key: certs.clientKey, ca: certs.ca });
    const request = { ...cob(), receiverKey: secure.receiverKey };
    const charge = await psp.createCharge(request);
    expect(charge).toMatchObject({ status: "ATIVA", amount: 1234 });
    expect(await psp.getCharge(request.txid)).toEqual(charge);
    expect(secure.url.startsWith("https://")).toBe(true);
    expect(secure.control.bugs()).toEqual([]);
  });

  it("without the client certificate, or without trusting the PSP's CA: PspUnavailableError, nothing sent", async () => {
    secure.control.reset();
    await expect(client({ ca: certs.ca }).getCharge(txidFor(crypto.randomUUID()))).rejects.toBeInstanceOf(PspUnavailableError);
    await expect(client({ cert: certs.clientCert, key: certs.clientKey }).getCharge(txidFor(crypto.randomUUID()))).rejects.toBeInstanceOf(PspUnavailableError);
    expect(secure.control.received()).toEqual([]);
  });
});
