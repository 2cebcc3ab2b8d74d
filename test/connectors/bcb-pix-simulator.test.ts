/**
 * The PSP simulator (worker/connectors/bcb-pix/simulator/, issue 29 item 5) over real HTTP: the
 * OAuth2 token flow, cob and cobv, Pix and devoluções, the webhook and its callbacks, the control
 * API (pay, fail, drop, settle) and mTLS with throwaway certificates. Every answer the simulator
 * sends is checked by the simulator itself against the BCB document (a mismatch is a bug it
 * throws, and `bugs()` must stay empty); these tests check the answers against the document's
 * schemas once more, independently of the simulator's own routing.
 */
import { readFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import type { ValidateFunction } from "ajv";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { makeThrowawayCerts, type ThrowawayCerts } from "../../worker/connectors/bcb-pix/simulator/certs";
import { apiPixSchemas, DOCUMENT_PATH, violationsOf, wholeValuePattern } from "../../worker/connectors/bcb-pix/simulator/schema";
import { startPspSimulator, type PspSimulator } from "../../worker/connectors/bcb-pix/simulator/server";
import { readBrCode } from "../support/brcode-reader";
import { startWebhookReceiver } from "../support/webhook-receiver";

const schemas = apiPixSchemas();
let sim: PspSimulator;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let token: string;

beforeAll(async () => {
  sim = await startPspSimulator({ tokenSeconds: 300 });
  receiver = await startWebhookReceiver();
  token = (await getToken()).access_token;
});
afterAll(async () => {
  await sim?.close();
  await receiver?.close();
});
beforeEach(() => {
  sim.control.reset();
  receiver.received.length = 0;
});
afterEach(() => {
  // The simulator checked each of its answers against the document: none failed.
  expect(sim.control.bugs()).toEqual([]);
});

// ---- helpers

async function getToken(body = "grant_type=client_credentials", secret = sim.clientSecret) {
  const res = await fetch(sim.tokenUrl, {
    method: "POST",
    headers: { Authorization: `Basic ${Buffer.from(`${sim.clientId}:${secret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return (await res.json()) as { access_token: string; token_type: string; expires_in: number; scope: string };
}

/** A call to the API Pix; `body` goes as JSON. Answers status, headers and parsed body. */
async function call(method: string, path: string, body?: unknown, init: { token?: string | null; headers?: Record<string, string> } = {}) {
  const bearer = init.token === undefined ? token : init.token;
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: { ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...init.headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Checks `body` against the document's answer of `operation` for `status` (independently of the simulator). */
function expectDocumentAnswer(operation: string, status: number, body: unknown) {
  const validate = schemas.operations.get(operation)!.responses.get(status)!.validator!();
  expect(validate(body) ? [] : violationsOf(validate.errors, body, "")).toEqual([]);
}

/** Asserts the document's problem: status, type, and (when given) violations naming these fields. */
function expectProblem(answer: Awaited<ReturnType<typeof call>>, status: number, tipo: string, fields: string[] = []) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(answer.body).toMatchObject({ type: `https://pix.bcb.gov.br/api/v2/error/${tipo}`, status, title: expect.any(String) });
  expect(schemas.validateProblem(answer.body)).toBe(true);
  const named = (answer.body.violacoes ?? []).map((v: { propriedade?: string }) => v.propriedade);
  for (const field of fields) expect(named, JSON.stringify(answer.body.violacoes)).toContain(field);
  return answer.body as { violacoes?: Array<{ razao: string; propriedade?: string; valor?: string }> };
}

let txidCounter = 0;
/** A fresh txid: 32 alphanumerics. */
function newTxid() {
  return `sim${String(Date.now())}${String(++txidCounter).padStart(4, "0")}`.padEnd(32, "x");
}

function cobBody(original = "10.50", extra: Record<string, unknown> = {}) {
  return { calendario: { expiracao: 3600 }, devedor: { cpf: "12345678909", nome: "Maria da Silva" }, valor: { original }, chave: sim.receiverKey, solicitacaoPagador: "Pedido 42", ...extra };
}

function tomorrow() {
  return new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
}

async function createCob(original = "10.50") {
  const txid = newTxid();
  const res = await call("PUT", `/cob/${txid}`, cobBody(original));
  expect(res.status).toBe(201);
  return { txid, cob: res.body };
}

async function registerWebhook(secretPath = "s3cr3t") {
  const res = await call("PUT", `/webhook/${encodeURIComponent(sim.receiverKey)}`, { webhookUrl: `${receiver.url}/${secretPath}` });
  expect(res.status).toBe(200);
  expect(res.body).toBeUndefined();
}

// ---- tests

describe("OAuth2 client credentials", () => {
  it("issues a bearer token by HTTP Basic, and every API call needs a live one", async () => {
    const issued = await getToken();
    expect(issued).toMatchObject({ token_type: "Bearer", expires_in: 300 });
    expect(issued.scope.split(" ")).toEqual(expect.arrayContaining(["cob.write", "cob.read", "pix.write", "webhook.write"]));

    const wrong = await fetch(sim.tokenUrl, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${sim.clientId}:nope`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic /);
    expect(await wrong.json()).toMatchObject({ error: "invalid_client" });
    // Credentials in the body instead of HTTP Basic, JSON instead of a form, another grant: refused.
    const inBody = await fetch(sim.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `grant_type=client_credentials&client_id=${sim.clientId}&client_secret=${sim.clientSecret}`,
    });
    expect(inBody.status).toBe(401);
    const basic = `Basic ${Buffer.from(`${sim.clientId}:${sim.clientSecret}`).toString("base64")}`;
    const asJson = await fetch(sim.tokenUrl, { method: "POST", headers: { Authorization: basic, "Content-Type": "application/json" }, body: '{"grant_type":"client_credentials"}' });
    expect([asJson.status, (await asJson.json()).error]).toEqual([400, "invalid_request"]);
    const password = await fetch(sim.tokenUrl, { method: "POST", headers: { Authorization: basic, "Content-Type": "application/x-www-form-urlencoded" }, body: "grant_type=password" });
    expect([password.status, (await password.json()).error]).toEqual([400, "unsupported_grant_type"]);

    const txid = newTxid();
    // 401 is not in the document: RFC 6750's challenge with an RFC 7807 body.
    const none = await call("GET", `/cob/${txid}`, undefined, { token: null });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ type: "about:blank", status: 401 });
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect((await call("GET", `/cob/${txid}`, undefined, { token: "not-a-token" })).status).toBe(401);
    expectProblem(await call("GET", `/cob/${txid}`, undefined, { token: issued.access_token }), 404, "CobNaoEncontrado");
  });

  it("a token that expires mid-run is refused with invalid_token; a new one works", async () => {
    const mine = (await getToken()).access_token;
    const { txid } = await createCob();
    expect((await call("GET", `/cob/${txid}`, undefined, { token: mine })).status).toBe(200);
    sim.control.expireTokens();
    const expired = await call("GET", `/cob/${txid}`, undefined, { token: mine });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');
    token = (await getToken()).access_token;
    expect((await call("GET", `/cob/${txid}`)).status).toBe(200);
  });

  it("a token holds the scopes it asked for: a read-only token cannot create a charge", async () => {
    const readOnly = await getToken("grant_type=client_credentials&scope=cob.read");
    expect(readOnly.scope).toBe("cob.read");
    expectProblem(await call("PUT", `/cob/${newTxid()}`, cobBody(), { token: readOnly.access_token }), 403, "AcessoNegado");
  });
});

describe("cob: immediate charges", () => {
  it("PUT creates one with the PSP's location and a real BR Code; GET reads it back", async () => {
    const txid = newTxid();
    const created = await call("PUT", `/cob/${txid}`, cobBody("10.50", { infoAdicionais: [{ nome: "Pedido", valor: "42" }] }));
    expect(created.status).toBe(201);
    expectDocumentAnswer("PUT /cob/{txid}", 201, created.body);
    expect(created.body).toMatchObject({ txid, revisao: 0, status: "ATIVA", valor: { original: "10.50" }, chave: sim.receiverKey, calendario: { expiracao: 3600 } });
    const host = new URL(sim.url).host;
    expect(created.body.location).toMatch(new RegExp(`^${host.replace(/\./g, "\\.")}/qr/v2/[0-9a-f]{32}$`));
    // A dynamic BR Code pointing at the location, CRC valid (readBrCode checks it).
    const brCode = readBrCode(created.body.pixCopiaECola);
    expect(brCode).toMatchObject({ pointOfInitiation: "12", url: created.body.location, amount: "10.50", currency: "986" });

    const read = await call("GET", `/cob/${txid}`);
    expect(read.status).toBe(200);
    expectDocumentAnswer("GET /cob/{txid}", 200, read.body);
    expect(read.body).toEqual(created.body);
  });

  it("PUT again: the same body changes nothing, another body on an ATIVA charge is a revision, on a removed one the document's violation", async () => {
    const txid = newTxid();
    const first = await call("PUT", `/cob/${txid}`, cobBody());
    const again = await call("PUT", `/cob/${txid}`, cobBody());
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);

    const revised = await call("PUT", `/cob/${txid}`, cobBody("11.00"));
    expect(revised.status).toBe(201);
    expect(revised.body).toMatchObject({ revisao: 1, valor: { original: "11.00" }, location: first.body.location });
    expect(readBrCode(revised.body.pixCopiaECola).amount).toBe("11.00");

    expect((await call("PATCH", `/cob/${txid}`, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" })).status).toBe(200);
    const refused = expectProblem(await call("PUT", `/cob/${txid}`, cobBody("12.00")), 400, "CobOperacaoInvalida", ["cob.txid"]);
    expect(refused.violacoes![0]!.razao).toBe("A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.");
    // The txid of a cob is not free for a cobv either.
    expectProblem(await call("PUT", `/cobv/${txid}`, { calendario: { dataDeVencimento: tomorrow() }, devedor: { cpf: "12345678909", nome: "Maria" }, valor: { original: "1.00" }, chave: sim.receiverKey }), 400, "CobVOperacaoInvalida", ["cobv.txid"]);
  });

  it("PATCH revises (revisao + 1, earlier revisions readable) and removes; a removed charge takes no change and no payment", async () => {
    const { txid, cob } = await createCob("10.00");
    const patched = await call("PATCH", `/cob/${txid}`, { valor: { original: "15.00" }, solicitacaoPagador: "Pedido 43" });
    expect(patched.status).toBe(200);
    expectDocumentAnswer("PATCH /cob/{txid}", 200, patched.body);
    expect(patched.body).toMatchObject({ revisao: 1, valor: { original: "15.00" }, solicitacaoPagador: "Pedido 43", devedor: cob.devedor });

    const atZero = await call("GET", `/cob/${txid}?revisao=0`);
    expect(atZero.body).toMatchObject({ revisao: 0, valor: { original: "10.00" } });
    expectProblem(await call("GET", `/cob/${txid}?revisao=7`), 400, "CobConsultaInvalida", ["revisao"]);

    // Removing and changing in one PATCH: the document's violation.
    expectProblem(await call("PATCH", `/cob/${txid}`, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR", solicitacaoPagador: "x" }), 400, "CobOperacaoInvalida", ["cob.status"]);
    const removed = await call("PATCH", `/cob/${txid}`, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
    expect(removed.body).toMatchObject({ status: "REMOVIDA_PELO_USUARIO_RECEBEDOR", revisao: 2 });
    expectProblem(await call("PATCH", `/cob/${txid}`, { solicitacaoPagador: "y" }), 400, "CobOperacaoInvalida");
    await expect(sim.control.pay(txid)).rejects.toThrow(/REMOVIDA_PELO_USUARIO_RECEBEDOR/);
    expectProblem(await call("PATCH", `/cob/${newTxid()}`, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }), 404, "CobNaoEncontrado");
  });

  it("the PSP can remove a charge (REMOVIDA_PELO_PSP)", async () => {
    const { txid } = await createCob();
    sim.control.removeByPsp(txid);
    expect((await call("GET", `/cob/${txid}`)).body.status).toBe("REMOVIDA_PELO_PSP");
  });
});

describe("cobv: charges with a due date", () => {
  it("PUT creates one (recebedor, location, BR Code), GET reads it, PATCH removes it", async () => {
    const txid = newTxid();
    const body = {
      calendario: { dataDeVencimento: tomorrow(), validadeAposVencimento: 10 },
      devedor: { cnpj: "11222333000181", nome: "Empresa de Servicos SA", cidade: "Recife", uf: "PE" },
      valor: { original: "123.45", multa: { modalidade: 2, valorPerc: "2.00" }, juros: { modalidade: 2, valorPerc: "1.00" } },
      chave: sim.receiverKey,
      solicitacaoPagador: "Mensalidade",
    };
    const created = await call("PUT", `/cobv/${txid}`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectDocumentAnswer("PUT /cobv/{txid}", 201, created.body);
    expect(created.body).toMatchObject({ txid, revisao: 0, status: "ATIVA", calendario: { dataDeVencimento: body.calendario.dataDeVencimento, validadeAposVencimento: 10 }, recebedor: { cnpj: expect.any(String) } });
    expect(created.body.location).toMatch(/\/qr\/v2\/cobv\/[0-9a-f]{32}$/);
    expect(readBrCode(created.body.pixCopiaECola).url).toBe(created.body.location);

    const read = await call("GET", `/cobv/${txid}`);
    expectDocumentAnswer("GET /cobv/{txid}", 200, read.body);
    expect(read.body).toEqual(created.body);
    // The cob routes do not know a cobv.
    expectProblem(await call("GET", `/cob/${txid}`), 404, "CobNaoEncontrado");

    const removed = await call("PATCH", `/cobv/${txid}`, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
    expect(removed.status).toBe(200);
    expectDocumentAnswer("PATCH /cobv/{txid}", 200, removed.body);
    expect(removed.body).toMatchObject({ status: "REMOVIDA_PELO_USUARIO_RECEBEDOR", revisao: 1 });
  });

  it("a cobv can be paid; a due date in the past is the document's violation", async () => {
    const txid = newTxid();
    await call("PUT", `/cobv/${txid}`, { calendario: { dataDeVencimento: tomorrow() }, devedor: { cpf: "12345678909", nome: "Maria" }, valor: { original: "50.00" }, chave: sim.receiverKey });
    const { pix } = await sim.control.pay(txid);
    expect(pix).toMatchObject({ txid, valor: "50.00" });
    expect((await call("GET", `/cobv/${txid}`)).body).toMatchObject({ status: "CONCLUIDA", pix: [{ endToEndId: pix.endToEndId }] });
    expectProblem(
      await call("PUT", `/cobv/${newTxid()}`, { calendario: { dataDeVencimento: "2020-01-01" }, devedor: { cpf: "12345678909", nome: "Maria" }, valor: { original: "1.00" }, chave: sim.receiverKey }),
      400,
      "CobVOperacaoInvalida",
      ["cobv.calendario.dataDeVencimento"],
    );
  });
});

describe("a request the document does not allow is refused with 400 and violacoes naming the field", () => {
  it("in a cob's body, path or headers; nothing is created", async () => {
    const txid = newTxid();
    expectProblem(await call("PUT", `/cob/${txid}`, cobBody(undefined, { valor: { original: 10.5 } })), 400, "CobOperacaoInvalida", ["cob.valor.original"]);
    expectProblem(await call("PUT", `/cob/${txid}`, cobBody(undefined, { valor: { original: "10.5" } })), 400, "CobOperacaoInvalida", ["cob.valor.original"]);
    const unknown = expectProblem(await call("PUT", `/cob/${txid}`, cobBody(undefined, { gatewayOrderId: "42" })), 400, "CobOperacaoInvalida", ["cob.gatewayOrderId"]);
    expect(unknown.violacoes![0]).toMatchObject({ razao: expect.stringContaining("não é definido"), valor: "42" });
    expectProblem(await call("PUT", `/cob/${txid}`, cobBody(undefined, { devedor: { cpf: "12345678909", nome: "Maria", email: "m@x.com" } })), 400, "CobOperacaoInvalida", ["cob.devedor.email"]);
    expectProblem(await call("PUT", `/cob/${txid}`, cobBody(undefined, { devedor: { cpf: "123.456.789-09", nome: "Maria" } })), 400, "CobOperacaoInvalida", ["cob.devedor.cpf"]);
    expectProblem(await call("PUT", `/cob/${txid}`, cobBody(undefined, { solicitacaoPagador: "x".repeat(141) })), 400, "CobOperacaoInvalida", ["cob.solicitacaoPagador"]);
    const { calendario, ...noCalendar } = cobBody();
    void calendario;
    expectProblem(await call("PUT", `/cob/${txid}`, noCalendar), 400, "CobOperacaoInvalida", ["cob.calendario"]);
    expectProblem(await call("PUT", `/cob/${txid}`, cobBody(undefined, { chave: "someone-else@example.com" })), 400, "CobOperacaoInvalida", ["cob.chave"]);
    expectProblem(await call("PUT", `/cob/${txid}`, cobBody(undefined, { calendario: { expiracao: 0 } })), 400, "CobOperacaoInvalida", ["cob.calendario.expiracao"]);
    // txid: 26 to 35 alphanumerics, the whole of it.
    expectProblem(await call("PUT", `/cob/tooShort123`, cobBody()), 400, "CobOperacaoInvalida", ["txid"]);
    expectProblem(await call("PUT", `/cob/${"a".repeat(36)}`, cobBody()), 400, "CobOperacaoInvalida", ["txid"]);
    expectProblem(await call("PUT", `/cob/${"a".repeat(31)}-`, cobBody()), 400, "CobOperacaoInvalida", ["txid"]);
    // Not JSON, or not said to be.
    expectProblem(await call("PUT", `/cob/${txid}`, "{not json", {}), 400, "CobOperacaoInvalida");
    expectProblem(await call("PUT", `/cob/${txid}`, JSON.stringify(cobBody()), { headers: { "Content-Type": "text/plain" } }), 400, "CobOperacaoInvalida", ["Content-Type"]);
    // A query parameter the operation does not have; a body where the operation has none.
    expectProblem(await call("GET", `/cob/${txid}?status=ATIVA`), 400, "CobConsultaInvalida", ["status"]);
    expectProblem(await call("DELETE", `/webhook/${encodeURIComponent(sim.receiverKey)}`, {}), 400, "RequisicaoInvalida");

    expectProblem(await call("GET", `/cob/${txid}`), 404, "CobNaoEncontrado");
  });

  it("in a PATCH, a devolução, a webhook and GET /pix's query", async () => {
    const { txid } = await createCob();
    expectProblem(await call("PATCH", `/cob/${txid}`, { status: "CONCLUIDA" }), 400, "CobOperacaoInvalida", ["cob.status"]);
    expectProblem(await call("PATCH", `/cob/${txid}`, { revisao: 3 }), 400, "CobOperacaoInvalida", ["cob.revisao"]);
    const { pix } = await sim.control.pay(txid);
    expectProblem(await call("PUT", `/pix/${pix.endToEndId}/devolucao/r1`, { valor: "1" }), 400, "PixDevolucaoInvalida", ["devolucao.valor"]);
    expectProblem(await call("PUT", `/pix/${pix.endToEndId}/devolucao/r1`, { valor: "1.00", natureza: "TOTAL" }), 400, "PixDevolucaoInvalida", ["devolucao.natureza"]);
    expectProblem(await call("PUT", `/pix/${pix.endToEndId}/devolucao/r_1`, { valor: "1.00" }), 400, "PixDevolucaoInvalida", ["id"]);
    expectProblem(await call("GET", `/pix/short`), 400, "RequisicaoInvalida", ["e2eid"]);
    expectProblem(await call("PUT", `/webhook/${encodeURIComponent(sim.receiverKey)}`, { webhookUrl: "not a url" }), 400, "WebhookOperacaoInvalida", ["webhook.webhookUrl"]);
    expectProblem(await call("PUT", `/webhook/${encodeURIComponent(sim.receiverKey)}`, { url: "https://x.example/h" }), 400, "WebhookOperacaoInvalida", ["webhook.webhookUrl", "webhook.url"]);
    expectProblem(await call("PUT", `/webhook/outra-chave@example.com`, { webhookUrl: "https://x.example/h" }), 400, "WebhookOperacaoInvalida", ["chave"]);
    const now = new Date().toISOString();
    expectProblem(await call("GET", `/pix?fim=${now}`), 400, "PixConsultaInvalida", ["inicio"]);
    expectProblem(await call("GET", `/pix?inicio=yesterday&fim=${now}`), 400, "PixConsultaInvalida", ["inicio"]);
    expectProblem(await call("GET", `/pix?inicio=${now}&fim=2020-01-01T00:00:00Z`), 400, "PixConsultaInvalida", ["fim"]);
    expectProblem(await call("GET", `/pix?inicio=2020-01-01T00:00:00Z&fim=${now}&paginacao.itensPorPagina=0`), 400, "PixConsultaInvalida", ["paginacao.itensPorPagina"]);
    expectProblem(await call("GET", `/pix?inicio=2020-01-01T00:00:00Z&fim=${now}&pagina=2`), 400, "PixConsultaInvalida", ["pagina"]);
  });

  it("an operation the simulator does not implement is a 404 problem", async () => {
    expectProblem(await call("POST", "/cob", cobBody()), 404, "NaoEncontrado");
    expectProblem(await call("GET", "/loc/1"), 404, "NaoEncontrado");
  });
});

describe("payments and their callbacks", () => {
  it("pay: the charge is CONCLUIDA and the callback reaches {webhookUrl}/pix with the document's body", async () => {
    await registerWebhook();
    const hook = await call("GET", `/webhook/${encodeURIComponent(sim.receiverKey)}`);
    expect(hook.status).toBe(200);
    expectDocumentAnswer("GET /webhook/{chave}", 200, hook.body);
    expect(hook.body).toMatchObject({ webhookUrl: `${receiver.url}/s3cr3t` });

    const { txid } = await createCob("25.00");
    const paid = await sim.control.pay(txid, { infoPagador: "Obrigado", payer: { name: "Joao", cpf: "98765432100" } });
    expect(paid.callback).toEqual({ outcome: "delivered", status: 200 });
    expect(paid.pix).toMatchObject({ txid, valor: "25.00", chave: sim.receiverKey, infoPagador: "Obrigado", endToEndId: expect.stringMatching(/^E\d{8}\d{12}[a-zA-Z0-9]{11}$/) });

    expect(receiver.received).toHaveLength(1);
    const callback = receiver.received[0]!;
    expect(callback.url).toBe("/hooks/s3cr3t/pix");
    expect(callback.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(callback.body);
    expect(schemas.validateCallback(body) ? [] : violationsOf(schemas.validateCallback.errors, body, "")).toEqual([]);
    expect(body).toEqual({ pix: [paid.pix] });

    const cob = await call("GET", `/cob/${txid}`);
    expectDocumentAnswer("GET /cob/{txid}", 200, cob.body);
    expect(cob.body).toMatchObject({ status: "CONCLUIDA", pix: [{ endToEndId: paid.pix.endToEndId, valor: "25.00" }] });
    const pix = await call("GET", `/pix/${paid.pix.endToEndId}`);
    expectDocumentAnswer("GET /pix/{e2eid}", 200, pix.body);
    expect(pix.body).toEqual(paid.pix);
    expectProblem(await call("GET", `/pix/${"E".padEnd(32, "0")}`), 404, "PixNaoEncontrado");
    // Paid once only; another amount can be paid (a payer's bank that got it wrong).
    await expect(sim.control.pay(txid)).rejects.toThrow(/CONCLUIDA/);
    const other = await createCob("25.00");
    expect((await sim.control.pay(other.txid, { amount: "20.00" })).pix.valor).toBe("20.00");
  });

  it("a dropped callback is never sent, and the Pix is still listed by GET /pix", async () => {
    await registerWebhook();
    const { txid } = await createCob();
    const since = new Date(Date.now() - 1000).toISOString();
    sim.control.dropNextCallback();
    const paid = await sim.control.pay(txid);
    expect(paid.callback).toEqual({ outcome: "dropped" });
    expect(receiver.received).toHaveLength(0);
    expect(sim.control.callbacks()).toMatchObject([{ outcome: "dropped", url: `${receiver.url}/s3cr3t/pix`, body: { pix: [paid.pix] } }]);
    const listed = await call("GET", `/pix?inicio=${since}&fim=${new Date(Date.now() + 1000).toISOString()}`);
    expect(listed.body.pix).toEqual([paid.pix]);
    // The next callback goes out again.
    const next = await createCob();
    expect((await sim.control.pay(next.txid)).callback.outcome).toBe("delivered");
    expect(receiver.received).toHaveLength(1);
  });

  it("a callback the receiver refuses is recorded as failed (not retried)", async () => {
    await registerWebhook();
    receiver.answerWith(500);
    try {
      const { txid } = await createCob();
      expect((await sim.control.pay(txid)).callback).toEqual({ outcome: "failed", status: 500 });
    } finally {
      receiver.answerWith(200);
    }
  });

  it("no webhook, no callback; DELETE /webhook removes it", async () => {
    const { txid } = await createCob();
    expect((await sim.control.pay(txid)).callback).toEqual({ outcome: "none" });
    const key = encodeURIComponent(sim.receiverKey);
    expectProblem(await call("GET", `/webhook/${key}`), 404, "WebhookNaoEncontrado");
    await registerWebhook();
    const deleted = await call("DELETE", `/webhook/${key}`);
    expect([deleted.status, deleted.body]).toEqual([204, undefined]);
    expectProblem(await call("DELETE", `/webhook/${key}`), 404, "WebhookNaoEncontrado");
  });

  it("GET /pix lists the Pix received in a window, paginated with the document's envelope", async () => {
    const inicio = new Date(Date.now() - 1000).toISOString();
    const paid = [];
    for (let i = 0; i < 5; i++) paid.push((await sim.control.pay((await createCob(`${i + 1}.00`)).txid)).pix);
    const fim = new Date(Date.now() + 1000).toISOString();
    const page = async (n: number, size = 2) => call("GET", `/pix?inicio=${encodeURIComponent(inicio)}&fim=${encodeURIComponent(fim)}&paginacao.paginaAtual=${n}&paginacao.itensPorPagina=${size}`);
    const first = await page(0);
    expect(first.status).toBe(200);
    expectDocumentAnswer("GET /pix", 200, first.body);
    expect(first.body.parametros).toEqual({ inicio, fim, paginacao: { paginaAtual: 0, itensPorPagina: 2, quantidadeDePaginas: 3, quantidadeTotalDeItens: 5 } });
    const all = [...first.body.pix, ...(await page(1)).body.pix, ...(await page(2)).body.pix];
    expect(all.map((p: { endToEndId: string }) => p.endToEndId).sort()).toEqual(paid.map((p) => p.endToEndId).sort());
    expect((await page(3)).body.pix).toEqual([]);
    // Defaults: page 0, 100 items.
    const whole = await call("GET", `/pix?inicio=${encodeURIComponent(inicio)}&fim=${encodeURIComponent(fim)}`);
    expect(whole.body.parametros.paginacao).toEqual({ paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: 5 });
    // A window before them: nothing (one empty page).
    const before = await call("GET", `/pix?inicio=2020-01-01T00:00:00Z&fim=${encodeURIComponent(inicio)}`);
    expectDocumentAnswer("GET /pix", 200, before.body);
    expect(before.body).toMatchObject({ pix: [], parametros: { paginacao: { quantidadeDePaginas: 1, quantidadeTotalDeItens: 0 } } });
    // Filters: by txid.
    const byTxid = await call("GET", `/pix?inicio=${encodeURIComponent(inicio)}&fim=${encodeURIComponent(fim)}&txid=${paid[2]!.txid}`);
    expect(byTxid.body.pix).toEqual([paid[2]]);
  });
});

describe("devoluções", () => {
  it("EM_PROCESSAMENTO → DEVOLVIDO, and → NAO_REALIZADO with motivo, each with its callback", async () => {
    await registerWebhook();
    const { txid } = await createCob("10.00");
    const { pix } = await sim.control.pay(txid);
    const e2e = pix.endToEndId as string;

    const asked = await call("PUT", `/pix/${e2e}/devolucao/r1`, { valor: "4.00", descricao: "Troca" });
    expect(asked.status).toBe(201);
    expectDocumentAnswer("PUT /pix/{e2eid}/devolucao/{id}", 201, asked.body);
    expect(asked.body).toMatchObject({ id: "r1", valor: "4.00", natureza: "ORIGINAL", status: "EM_PROCESSAMENTO", rtrId: expect.stringMatching(/^D[a-zA-Z0-9]{31}$/) });

    const settled = await sim.control.settleRefund(e2e, "r1", "DEVOLVIDO");
    expect(settled.callback.outcome).toBe("delivered");
    const got = await call("GET", `/pix/${e2e}/devolucao/r1`);
    expectDocumentAnswer("GET /pix/{e2eid}/devolucao/{id}", 200, got.body);
    expect(got.body).toMatchObject({ status: "DEVOLVIDO", horario: { solicitacao: asked.body.horario.solicitacao, liquidacao: expect.any(String) } });
    const callback = JSON.parse(receiver.received.at(-1)!.body);
    expect(schemas.validateCallback(callback)).toBe(true);
    expect(callback.pix[0]).toMatchObject({ endToEndId: e2e, txid, devolucoes: [{ id: "r1", status: "DEVOLVIDO" }] });

    // 4.00 returned of 10.00: 7.00 more would exceed the Pix; the same id again is the document's violation.
    const exceeds = expectProblem(await call("PUT", `/pix/${e2e}/devolucao/r2`, { valor: "7.00" }), 400, "PixDevolucaoInvalida", ["devolucao.valor"]);
    expect(exceeds.violacoes![0]!.razao).toContain("excederia o valor do pix originário");
    expectProblem(await call("PUT", `/pix/${e2e}/devolucao/r1`, { valor: "1.00" }), 400, "PixDevolucaoInvalida", ["id"]);

    expect((await call("PUT", `/pix/${e2e}/devolucao/r2`, { valor: "6.00" })).status).toBe(201);
    const refused = await sim.control.settleRefund(e2e, "r2", "NAO_REALIZADO", "Conta do pagador encerrada");
    expect(refused.devolucao).toMatchObject({ status: "NAO_REALIZADO", motivo: "Conta do pagador encerrada" });
    const r2 = await call("GET", `/pix/${e2e}/devolucao/r2`);
    expectDocumentAnswer("GET /pix/{e2eid}/devolucao/{id}", 200, r2.body);
    expect(r2.body).toMatchObject({ status: "NAO_REALIZADO", motivo: "Conta do pagador encerrada" });
    await expect(sim.control.settleRefund(e2e, "r2", "DEVOLVIDO")).rejects.toThrow(/already NAO_REALIZADO/);
    // What was not returned can be asked again.
    expect((await call("PUT", `/pix/${e2e}/devolucao/r3`, { valor: "6.00" })).status).toBe(201);

    const listed = await call("GET", `/pix/${e2e}`);
    expectDocumentAnswer("GET /pix/{e2eid}", 200, listed.body);
    expect(listed.body.devolucoes.map((d: { id: string; status: string }) => `${d.id}:${d.status}`)).toEqual(["r1:DEVOLVIDO", "r2:NAO_REALIZADO", "r3:EM_PROCESSAMENTO"]);
    expectProblem(await call("GET", `/pix/${e2e}/devolucao/r9`), 404, "PixDevolucaoNaoEncontrada");
    expectProblem(await call("PUT", `/pix/${"E".padEnd(32, "1")}/devolucao/r1`, { valor: "1.00" }), 404, "PixNaoEncontrado");
  });
});

describe("control: failures on demand", () => {
  it("failNext: the next N calls to a path answer 503 with the document's problem, then it works; nothing was created", async () => {
    const txid = newTxid();
    sim.control.failNext("/cob/", 2, 503, { retryAfterSeconds: 3 });
    const first = await call("PUT", `/cob/${txid}`, cobBody());
    expectProblem(first, 503, "ServicoIndisponivel");
    expect(first.headers.get("retry-after")).toBe("3");
    expectProblem(await call("GET", `/cob/${txid}`), 503, "ServicoIndisponivel");
    expectProblem(await call("GET", `/cob/${txid}`), 404, "CobNaoEncontrado");
    expect((await call("PUT", `/cob/${txid}`, cobBody())).status).toBe(201);
    // Other paths are not affected.
    sim.control.failNext("/pix", 1, 500);
    expect((await call("GET", `/cob/${txid}`)).status).toBe(200);
    expectProblem(await call("GET", `/pix?inicio=2020-01-01T00:00:00Z&fim=2020-01-02T00:00:00Z`), 500, "ErroInternoDoServidor");
  });

  it("failNext afterProcessing: the PSP did it but the answer is lost; the token endpoint can fail too", async () => {
    const txid = newTxid();
    sim.control.failNext("/cob/", 1, 504, { afterProcessing: true });
    expectProblem(await call("PUT", `/cob/${txid}`, cobBody()), 504, "IndisponibilidadePorTempoEsgotado");
    expect((await call("GET", `/cob/${txid}`)).body).toMatchObject({ txid, revisao: 0, status: "ATIVA" });
    // The retry of the same PUT finds the same charge.
    expect((await call("PUT", `/cob/${txid}`, cobBody())).body).toMatchObject({ txid, revisao: 0 });

    sim.control.failNext("/oauth/token", 1);
    const res = await fetch(sim.tokenUrl, { method: "POST", headers: { Authorization: `Basic ${Buffer.from(`${sim.clientId}:${sim.clientSecret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials" });
    expect(res.status).toBe(503);
    expect((await getToken()).token_type).toBe("Bearer");
  });

  it("received(): what reached the API, without any credential", async () => {
    sim.control.reset();
    await getToken();
    const { txid } = await createCob();
    const got = sim.control.received();
    expect(got.map((r) => `${r.method} ${r.path} ${r.status} ${r.hasBearer}`)).toEqual(["POST /oauth/token 200 false", `PUT /cob/${txid} 201 true`]);
    expect(got[0]!.body).toEqual({ grant_type: "client_credentials" });
    expect(got[1]!.body).toEqual(cobBody());
    for (const r of got) expect(r.headers.authorization).toBeUndefined();
    const text = JSON.stringify(got);
    expect(text).not.toContain(token);
    expect(text).not.toContain(sim.clientSecret);
    expect(text).not.toContain(Buffer.from(`${sim.clientId}:${sim.clientSecret}`).toString("base64"));
  });

  it("the control API over HTTP: pay, received, reset", async () => {
    const { txid } = await createCob("3.00");
    const paid = await fetch(`${sim.controlUrl}/cob/${txid}/pay`, { method: "POST", body: JSON.stringify({ amount: "3.00" }) });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ pix: { txid, valor: "3.00" }, callback: { outcome: "none" } });
    expect((await fetch(`${sim.controlUrl}/cob/${txid}/pay`, { method: "POST" })).status).toBe(409);
    expect((await fetch(`${sim.controlUrl}/cob/${newTxid()}/pay`, { method: "POST" })).status).toBe(404);
    const received = (await (await fetch(`${sim.controlUrl}/received`)).json()) as Array<{ path: string }>;
    expect(received.map((r) => r.path)).toContain(`/cob/${txid}`);
    expect((await fetch(`${sim.controlUrl}/reset`, { method: "POST" })).status).toBe(200);
    expectProblem(await call("GET", `/cob/${txid}`), 404, "CobNaoEncontrado");
  });
});

describe("the BCB document as the simulator reads it", () => {
  it("patterns are whole-value, and the CPF's regex-literal slashes are dropped", () => {
    expect(wholeValuePattern("[a-zA-Z0-9]{26,35}")).toBe("^(?:[a-zA-Z0-9]{26,35})$");
    expect(wholeValuePattern("/^\\d{11}$/")).toBe("^(?:\\d{11})$");
    expect(wholeValuePattern("^[0-9A-Z]{14}$")).toBe("^(?:[0-9A-Z]{14})$");
  });

  it("an answer the document does not allow is caught (what makes the simulator's own check worth something)", () => {
    const validate = schemas.operations.get("PUT /cob/{txid}")!.responses.get(201)!.validator!();
    const good = { calendario: { criacao: "2026-01-15T12:00:00.000Z", expiracao: 3600 }, txid: "a".repeat(32), revisao: 0, status: "ATIVA", valor: { original: "1.00" }, chave: "k", location: "psp.example/qr/v2/1", pixCopiaECola: "000201" };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, valor: { original: 1 } })).toBe(false);
    expect(validate({ ...good, gatewayField: 1 })).toBe(false);
    expect(validate({ ...good, location: "https://psp.example/qr/v2/1" })).toBe(false);
    expect(validate({ ...good, status: "PAGA" })).toBe(false);
    const { txid, ...noTxid } = good;
    void txid;
    expect(validate(noTxid)).toBe(false);
    expect(schemas.validateCallback({ pix: [{ endToEndId: "E".padEnd(32, "0"), valor: "1.00", horario: "2026-01-15T12:00:00.000Z", pagador: "x" }] })).toBe(false);
  });
});

describe("mTLS", () => {
  let certs: ThrowawayCerts;
  let other: ThrowawayCerts;
  let secure: PspSimulator;
  beforeAll(async () => {
    certs = makeThrowawayCerts();
    other = makeThrowawayCerts();
    secure = await startPspSimulator({ tls: { cert: certs.serverCert, key: certs.serverKey, ca: certs.ca } });
  });
  afterAll(async () => {
    await secure?.close();
  });

  /** A token request over https, with or without a client certificate. */
  function tokenRequest(client?: { cert: string; key: string }): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        secure.tokenUrl,
        {
          method: "POST",
          ca: certs.ca,
          ...client,
          headers: { Authorization: `Basic ${Buffer.from(`${secure.clientId}:${secure.clientSecret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end("grant_type=client_credentials");
    });
  }

  it("serves https; a client without a certificate, or with one another CA signed, is refused; the CA's client certificate works", async () => {
    expect(secure.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v2$/);
    await expect(tokenRequest()).rejects.toThrow();
    await expect(tokenRequest({ cert: other.clientCert, key: other.clientKey })).rejects.toThrow();
    expect(await tokenRequest({ cert: certs.clientCert, key: certs.clientKey })).toBe(200);
    expect(secure.control.received().map((r) => r.status)).toEqual([200]);
    expect(secure.control.bugs()).toEqual([]);
  });
});

describe("the document's own examples", () => {
  /** Example values by operation, request and answer, as the document pairs them. */
  function examples() {
    const doc = parse(readFileSync(DOCUMENT_PATH, "utf8"));
    const at = (ref: string) => ref.split("/").slice(1).reduce((o: any, k: string) => o[k], doc);
    // getPix1 lists other examples as {allOf: [{$ref: …/value}]}.
    const deref = (v: any): any =>
      Array.isArray(v) ? v.map(deref) : v && typeof v === "object" ? (v.allOf?.[0]?.$ref ? deref(at(v.allOf[0].$ref)) : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deref(x)]))) : v;
    const out: Array<{ where: string; validate: ValidateFunction; value: unknown }> = [];
    for (const [key, op] of schemas.operations) {
      if (!/^(PUT|GET|PATCH|DELETE) \/(cob|cobv|pix|webhook)\b/.test(key) || key === "GET /cob" || key === "GET /cobv" || key === "GET /webhook" || key.includes("pixUrlAccessToken")) continue;
      const raw = doc.paths[op.template][op.method.toLowerCase()];
      const body = raw.requestBody?.$ref ? at(raw.requestBody.$ref) : raw.requestBody;
      for (const e of Object.values<any>(body?.content?.["application/json"]?.examples ?? {})) out.push({ where: `${key} ${e.$ref.split("/").pop()}`, validate: op.body!.validator(), value: deref(at(e.$ref).value) });
      for (const [status, r] of Object.entries<any>(raw.responses)) {
        const answer = r.$ref ? at(r.$ref) : r;
        for (const content of Object.values<any>(answer.content ?? {})) {
          for (const e of Object.values<any>(content.examples ?? {})) out.push({ where: `${key} ${status} ${e.$ref.split("/").pop()}`, validate: op.responses.get(Number(status))!.validator!(), value: deref(at(e.$ref).value) });
        }
      }
    }
    return out;
  }

  it("validate against its schemas as the simulator reads them, but for the examples' own mistakes", () => {
    const failing: Record<string, string[]> = {};
    const all = examples();
    for (const { where, validate, value } of all) {
      if (!validate(value)) failing[where] = [...new Set(violationsOf(validate.errors, value, "").map((v) => v.propriedade!))].sort();
    }
    expect(all.length).toBeGreaterThan(60);
    // Each is the example's mistake, not the schema's: the simulator follows the schemas.
    const loc = ["loc.criacao", "loc.txid"]; // loc requires txid, which PayloadLocation does not declare (the simulator sends no loc)
    const e2e = ["endToEndId"]; // 34 characters; the document's EndToEndId has 32
    expect(failing).toEqual({
      ...Object.fromEntries(["cobBody6", "cobBody8", "cobBody9"].map((e) => [`PUT /cob/{txid} ${e}`, ["calendario"]])), // CobSolicitada requires calendario
      "PATCH /cob/{txid} cobBody3": ["loc.tipoCob"], // PayloadLocationCob requires tipoCob and does not declare it
      "PATCH /cobv/{txid} cobBody7": ["loc.tipoCob"],
      "PUT /cobv/{txid} cobBody1": ["loc.tipoCob", "valor.desconto.modalidade", "valor.juros.modalidade", "valor.multa.modalidade"], // modalidade "2": text, not an integer
      ...Object.fromEntries(["cobResponse1", "cobResponse5", "cobResponse6", "cobResponse7"].flatMap((e) => [[`PUT /cob/{txid} 201 ${e}`, loc], [`GET /cob/{txid} 200 ${e}`, loc]])),
      "GET /cob/{txid} 200 cobResponse2": ["loc.criacao", "loc.tipoCob", "loc.txid"],
      "PATCH /cob/{txid} 200 cobResponse3": loc,
      // cobResponse4 has no root location, which CobVGerada requires.
      ...Object.fromEntries(["PUT /cobv/{txid} 201", "GET /cobv/{txid} 200", "PATCH /cobv/{txid} 200"].map((k) => [`${k} cobResponse4`, [...loc, "location"]])),
      "GET /pix/{e2eid} 200 pixResponse2": e2e,
      "GET /pix/{e2eid} 200 pixResponse3": ["componentesValor.saque", ...e2e], // and prestadorDeServicoDeSaque where PixValorSaque says prestadorDoServicoDeSaque
      "GET /pix 200 getPix1": ["pix[1].endToEndId", "pix[2].componentesValor.saque", "pix[2].endToEndId"],
      "GET /webhook/{chave} 200 webhookResponse1": ["chave", "cnpj"], // WebhookCompleto has cnpj, not chave
    });
  });
});
