/**
 * The API Pix connector's pure parts (worker/connectors/bcb-pix/): amounts between centavos and the
 * document's decimal strings, the ids derived for the PSP, the request bodies, the PSP's problems
 * as the port's errors, the settings from the environment, and the token cache's arithmetic with a
 * scripted transport. The connector against a PSP over HTTP is test/connectors/bcb-pix-client.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../worker/config-rules";
import { readBcbPixSettings } from "../../worker/connectors/bcb-pix/config";
import { chargeBody, chargeFromAnswer, fromDecimal, InvalidRequestError, MAX_CENTAVOS, refundFromAnswer, toDecimal, truncate } from "../../worker/connectors/bcb-pix/mapping";
import { basicCredentials, createAccessTokens } from "../../worker/connectors/bcb-pix/oauth";
import { errorOf, retryAfterSeconds } from "../../worker/connectors/bcb-pix/problem";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";
import { devolucaoIdFor, TXID_PATTERN, txidFor } from "../../worker/connectors/bcb-pix/txid";
import { PspRejectedError, PspUnavailableError } from "../../worker/lib/acquirer";

describe("amounts", () => {
  it("centavos ↔ the document's decimal strings, exactly, for every amount it can carry", () => {
    expect(toDecimal(1234)).toBe("12.34");
    expect(toDecimal(5)).toBe("0.05");
    expect(toDecimal(100)).toBe("1.00");
    expect(toDecimal(MAX_CENTAVOS)).toBe("9999999999.99");
    expect(fromDecimal("12.3")).toBe(1230);
    expect(fromDecimal("7")).toBe(700);
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_CENTAVOS }), (n) => /^\d{1,10}\.\d{2}$/.test(toDecimal(n)) && fromDecimal(toDecimal(n)) === n));
  });

  it("refuses what is not a whole number of centavos in range, and answers that are not amounts", () => {
    for (const bad of [-1, 1.5, MAX_CENTAVOS + 1, Number.NaN]) expect(() => toDecimal(bad)).toThrow(InvalidRequestError);
    for (const bad of ["12,34", "1.234", "", "-1.00", "1e3", 12.34, null]) expect(() => fromDecimal(bad)).toThrow(/decimal string/);
  });
});

describe("ids", () => {
  it("a transaction's txid is its UUID's 32 hex digits: valid, deterministic, distinct", () => {
    const id = "3F2C9A1E-7B4D-4C8A-9E21-0A1B2C3D4E5F";
    expect(txidFor(id)).toBe("3f2c9a1e7b4d4c8a9e210a1b2c3d4e5f");
    expect(txidFor(id)).toBe(txidFor(id.toLowerCase()));
    expect(TXID_PATTERN.test(txidFor(crypto.randomUUID()))).toBe(true);
    expect(txidFor(crypto.randomUUID())).not.toBe(txidFor(crypto.randomUUID()));
    expect(() => txidFor("tx_1")).toThrow(TypeError);
    expect(devolucaoIdFor("0a1b2c3d-0000-4000-8000-000000000001")).toBe("0a1b2c3d000040008000000000000001");
  });
});

describe("request bodies", () => {
  const base = { txid: txidFor(crypto.randomUUID()), amount: 1234, receiverKey: "pix@example.com", expiresInSeconds: 3600 };

  it("a cob: calendario.expiracao, valor.original as a string, the key, the description cut to 140 code points", () => {
    const body = chargeBody({ ...base, description: `  ${"é".repeat(150)}  `, debtor: { document: "123.456.789-09", documentType: "CPF", name: " Ana " } });
    expect(body).toEqual({
      calendario: { expiracao: 3600 },
      devedor: { cpf: "12345678909", nome: "Ana" },
      valor: { original: "12.34" },
      chave: "pix@example.com",
      solicitacaoPagador: "é".repeat(140),
    });
    expect(chargeBody(base)).not.toHaveProperty("devedor");
    expect(chargeBody({ ...base, description: "   " })).not.toHaveProperty("solicitacaoPagador");
  });

  it("a cobv: dataDeVencimento and validadeAposVencimento, and a debtor, which the document requires", () => {
    const due = { date: "2030-01-31", validDaysAfter: 5 };
    const debtor = { document: "12.345.678/0001-95", documentType: "CNPJ" as const, name: "ACME" };
    expect(chargeBody({ ...base, due, debtor })).toMatchObject({ calendario: { dataDeVencimento: "2030-01-31", validadeAposVencimento: 5 }, devedor: { cnpj: "12345678000195", nome: "ACME" } });
    expect(() => chargeBody({ ...base, due })).toThrow(/debtor/);
  });

  it("refuses before sending what the document would refuse", () => {
    expect(() => chargeBody({ ...base, amount: 0 })).toThrow(InvalidRequestError);
    expect(() => chargeBody({ ...base, expiresInSeconds: 0 })).toThrow(InvalidRequestError);
    expect(() => chargeBody({ ...base, receiverKey: "k".repeat(78) })).toThrow(InvalidRequestError);
    expect(() => chargeBody({ ...base, debtor: { document: "123", documentType: "CPF", name: "x" } })).toThrow(/11 digits/);
    expect(truncate("abc", 2)).toBe("ab");
  });
});

describe("answers", () => {
  it("a charge: status (either spelling of REMOVIDA), amount in centavos, BR Code, location, PIX received", () => {
    const charge = chargeFromAnswer({
      txid: "a".repeat(32),
      status: "REMOVIDO_PELO_USUARIO_RECEBEDOR",
      valor: { original: "10.50" },
      pixCopiaECola: "000201…",
      loc: { location: "psp.example/qr/v2/abc" },
      pix: [{ endToEndId: "E".repeat(32), txid: "a".repeat(32), valor: "10.50", horario: "2030-01-01T00:00:00Z" }],
    });
    expect(charge).toEqual({
      txid: "a".repeat(32),
      status: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
      amount: 1050,
      brCode: "000201…",
      location: "psp.example/qr/v2/abc",
      payments: [{ endToEndId: "E".repeat(32), txid: "a".repeat(32), amount: 1050, paidAt: "2030-01-01T00:00:00Z" }],
    });
    expect(() => chargeFromAnswer({ txid: "x", status: "PAGA", valor: { original: "1.00" } })).toThrow(/status/);
  });

  it("a devolução NAO_REALIZADO carries the PSP's reason, or says it gave none", () => {
    expect(refundFromAnswer({ id: "r1", rtrId: "D".repeat(32), valor: "1.00", horario: {}, status: "NAO_REALIZADO", motivo: "Conta encerrada" }, "E1")).toEqual({
      id: "r1",
      endToEndId: "E1",
      amount: 100,
      status: "NAO_REALIZADO",
      reason: "Conta encerrada",
    });
    expect(refundFromAnswer({ id: "r1", valor: "1.00", status: "NAO_REALIZADO" }, "E1").reason).toMatch(/no reason/);
  });
});

describe("the PSP's problems", () => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({ status, headers: new Headers(headers), text: JSON.stringify(body), requestId: "r" });

  it("a 4xx is PspRejectedError with title and detail, the violations' properties, never their values", () => {
    const err = errorOf(
      answer(400, {
        type: "https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida",
        title: "Cobrança inválida.",
        status: 400,
        detail: "Devedor 12345678909 não respeita o schema",
        violacoes: [{ razao: "CPF inválido", propriedade: "cob.devedor.cpf", valor: "12345678909" }],
      }),
      "PUT /cob/x",
    );
    expect(err).toBeInstanceOf(PspRejectedError);
    expect(err).toMatchObject({ status: 400, title: "Cobrança inválida." });
    expect((err as PspRejectedError).detail).toBe("Devedor *** não respeita o schema; cob.devedor.cpf: CPF inválido");
    expect(err.message).not.toContain("12345678909");
  });

  it("a 5xx or 429 is PspUnavailableError with Retry-After in seconds (delay or date)", () => {
    const err = errorOf(answer(503, { title: "Serviço Indisponível" }, { "Retry-After": "30" }), "GET /cob/x");
    expect(err).toBeInstanceOf(PspUnavailableError);
    expect((err as PspUnavailableError).retryAfterSeconds).toBe(30);
    expect(errorOf(answer(429, {}), "GET /pix")).toBeInstanceOf(PspUnavailableError);
    expect(errorOf({ status: 502, headers: new Headers(), text: "<html>bad gateway</html>", requestId: "r" }, "GET /pix").message).toContain("502");
    const now = Date.parse("2030-01-01T00:00:00Z");
    expect(retryAfterSeconds(new Headers({ "Retry-After": "Tue, 01 Jan 2030 00:01:00 GMT" }), now)).toBe(60);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "soon" }), now)).toBeUndefined();
  });
});

describe("settings", () => {
  const cert = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
  const key = "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n";
  const full = { PIX_PSP_URL: "https://pix.psp.example/v2/", PIX_PSP_CLIENT_ID: "id", PIX_PSP_CLIENT_SECRET: "s3cr3t-value", PIX_PSP_CERT: cert, PIX_PSP_KEY: key };

  it("none set: null (live PIX stays refused); all set: the settings, with the default token URL", () => {
    expect(readBcbPixSettings({})).toBeNull();
    expect(readBcbPixSettings({ PIX_PSP_URL: "  " })).toBeNull();
    expect(readBcbPixSettings(full)).toEqual({
      baseUrl: "https://pix.psp.example/v2",
      tokenUrl: "https://pix.psp.example/v2/oauth/token",
      clientId: "id",
      clientSecret: "s3cr3t-value",
      tls: { cert: cert.trim(), key: key.trim() },
    });
  });

  it("each missing or malformed variable is a ConfigError naming it, never the secret's value", () => {
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ ...full, PIX_PSP_URL: undefined }, /PIX_PSP_URL is not set/],
      [{ ...full, PIX_PSP_CLIENT_SECRET: undefined }, /PIX_PSP_CLIENT_SECRET is not set/],
      [{ ...full, PIX_PSP_URL: "http://pix.psp.example/v2" }, /PIX_PSP_URL must be an https/],
      [{ ...full, PIX_PSP_TOKEN_URL: "not a url" }, /PIX_PSP_TOKEN_URL must be an absolute URL/],
      [{ ...full, PIX_PSP_KEY: undefined }, /PIX_PSP_KEY is not set/],
      [{ ...full, PIX_PSP_CERT: undefined, PIX_PSP_KEY: undefined }, /PIX_PSP_CERT and PIX_PSP_KEY must be set/],
      [{ ...full, PIX_PSP_KEY: cert }, /PIX_PSP_KEY must be PEM/],
      [{ ...full, PIX_PSP_CLIENT_ID: "a:b" }, /colon/],
    ];
    for (const [env, message] of cases) {
      const err = (() => {
        try {
          readBcbPixSettings(env);
        } catch (e) {
          return e as Error;
        }
        throw new Error(`no error for ${message}`);
      })();
      expect(err).toBeInstanceOf(ConfigError);
      expect(err.message).toMatch(message);
      expect(err.message).not.toContain("s3cr3t-value");
    }
  });

  it("a simulator on loopback needs no client certificate; the Worker's certificate is its binding", () => {
    const loopback = { PIX_PSP_URL: "http://127.0.0.1:9000/v2", PIX_PSP_CLIENT_ID: "id", PIX_PSP_CLIENT_SECRET: "s" };
    expect(readBcbPixSettings(loopback)).toMatchObject({ baseUrl: "http://127.0.0.1:9000/v2" });
    expect(readBcbPixSettings({ ...full, PIX_PSP_CERT: undefined, PIX_PSP_KEY: undefined }, { certificateBinding: true })).not.toHaveProperty("tls");
    expect(() => readBcbPixSettings(full, { certificateBinding: true })).toThrow(/PIX_PSP_MTLS/);
    expect(() => readBcbPixSettings({ ...full, PIX_PSP_CERT: undefined, PIX_PSP_KEY: undefined }, { certificateBinding: false })).toThrow(/PIX_PSP_MTLS binding/);
  });
});

describe("the token cache (scripted transport)", () => {
  /** A token URL that answers tokens t1, t2… living `expiresIn` seconds, and counts its calls. */
  function tokenUrl(expiresIn: number) {
    const calls: RequestInit[] = [];
    const transport = fetchTransport(async (_url, init) => {
      calls.push(init);
      await new Promise((r) => setTimeout(r, 5));
      return Response.json({ access_token: `t${calls.length}`, token_type: "Bearer", expires_in: expiresIn });
    });
    return { transport, calls };
  }

  it("one request for concurrent callers; kept until 60 s before expiry; a refused token is replaced once", async () => {
    let clock = 0;
    const { transport, calls } = tokenUrl(3600);
    const tokens = createAccessTokens({ transport, timeoutMs: 1000, name: "t", tokenUrl: "https://psp.example/oauth/token", clientId: "id", clientSecret: "sec", now: () => clock });
    expect(await Promise.all([tokens.current(), tokens.current(), tokens.current()])).toEqual(["t1", "t1", "t1"]);
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]!.headers).get("authorization")).toBe(`Basic ${btoa("id:sec")}`);
    expect(calls[0]!.body).toBe("grant_type=client_credentials");
    clock = 3539_000;
    expect(await tokens.current()).toBe("t1");
    clock = 3540_000;
    expect(await tokens.current()).toBe("t2");
    tokens.refused("t1"); // stale news: t2 stays
    expect(await tokens.current()).toBe("t2");
    tokens.refused("t2");
    expect(await Promise.all([tokens.current(), tokens.current()])).toEqual(["t3", "t3"]);
    expect(calls).toHaveLength(3);
  });

  it("a short-lived token is kept for half its life; a refusal by the token URL is PspRejectedError without the secret", async () => {
    let clock = 0;
    const { transport, calls } = tokenUrl(10);
    const tokens = createAccessTokens({ transport, timeoutMs: 1000, name: "t", tokenUrl: "https://psp.example/oauth/token", clientId: "id", clientSecret: "sec", now: () => clock });
    await tokens.current();
    clock = 4_999;
    await tokens.current();
    clock = 5_000;
    await tokens.current();
    expect(calls).toHaveLength(2);

    const refusing = createAccessTokens({
      transport: fetchTransport(async () => Response.json({ error: "invalid_client", error_description: "bad secret Zq9-secret-Zq9" }, { status: 401 })),
      timeoutMs: 1000,
      name: "t",
      tokenUrl: "https://psp.example/oauth/token",
      clientId: "id",
      clientSecret: "Zq9-secret-Zq9",
    });
    const err = (await refusing.current().catch((e: unknown) => e)) as PspRejectedError;
    expect(err).toBeInstanceOf(PspRejectedError);
    expect(err.detail).toBe("invalid_client: bad secret ***");
    expect(basicCredentials("ç", "ü")).toBe(btoa("\xc3\xa7:\xc3\xbc"));
  });
});

describe("PIX_PSP_RECEIVER_ACCOUNT (PIX Automático's cobr.recebedor)", () => {
  it("reads branch/account/type, the branch optional; malformed names the variable, never the value", async () => {
    const { readReceiverAccount } = await import("../../worker/connectors/bcb-pix/automatico-config");
    expect(readReceiverAccount(undefined)).toBeNull();
    expect(readReceiverAccount("0001/1234567/CORRENTE")).toEqual({ branch: "0001", number: "1234567", type: "CORRENTE" });
    expect(readReceiverAccount("/98765-4/PAGAMENTO")).toEqual({ number: "98765-4", type: "PAGAMENTO" });
    expect(() => readReceiverAccount("0001/1234567/SALARIO")).toThrow(/^PIX_PSP_RECEIVER_ACCOUNT must be branch\/account\/type/);
  });
});
