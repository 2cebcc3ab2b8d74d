/**
 * PIX Automático's mapping and callbacks without a network: each status table walked against the
 * enum the BCB document defines (every value mapped, onto exactly the port's closed set), and the
 * webhookrec / webhookcobr bodies read as the connector reads them (unknown fields ignored, a
 * malformed body refused naming what is wrong).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CallbackBodyError, parseCobrCallback, parseRecCallback } from "../../worker/connectors/bcb-pix/automatico-callbacks";
import { ATTEMPT_KINDS, ATTEMPT_STATUSES, CANCELLERS, COBR_STATUSES, PUSH_STATUSES, REC_STATUSES } from "../../worker/connectors/bcb-pix/automatico-mapping";
import { recurrenceBody, recurringChargeBody } from "../../worker/connectors/bcb-pix/automatico-requests";
import { InvalidRequestError } from "../../worker/connectors/bcb-pix/mapping";
import { DOCUMENT_PATH } from "../../worker/connectors/bcb-pix/simulator/schema";

const schemas = parse(readFileSync(DOCUMENT_PATH, "utf8")).components.schemas;
const tentativa = schemas.CobRTentativas.properties.tentativas.items.properties;

describe("one table per machine, walked against the document", () => {
  const tables: [string, Record<string, string>, string[], string[]][] = [
    ["rec.status", REC_STATUSES, schemas.RecStatus.properties.status.enum, ["CREATED", "APPROVED", "REJECTED", "EXPIRED", "CANCELLED"]],
    ["cobr.status", COBR_STATUSES, schemas.CobRStatus.properties.status.enum, ["CREATED", "ACTIVE", "PAID", "EXPIRED", "REJECTED", "CANCELLED"]],
    ["cobr.tentativas[].status", ATTEMPT_STATUSES, tentativa.status.enum, ["REQUESTED", "SCHEDULED", "PAID", "CANCELLED", "FAILED", "EXPIRED"]],
    ["cobr.tentativas[].tipo", ATTEMPT_KINDS, tentativa.tipo.enum, ["SCHEDULED", "UNSCHEDULED", "RETRY"]],
    ["encerramento.cancelamento.solicitante", CANCELLERS, schemas.RecEncerramento.properties.encerramento.oneOf[1].properties.cancelamento.properties.solicitante.enum, ["PAYER_PSP", "PAYER", "RECEIVER_PSP", "RECEIVER"]],
    ["solicrec.status", PUSH_STATUSES, schemas.SolicRecStatus.properties.status.enum, ["CREATED", "SENT", "RECEIVED", "REJECTED", "ACCEPTED", "EXPIRED", "CANCELLED"]],
  ];
  it.each(tables)("%s: every value the document defines maps, one to one, onto the port's set", (_name, table, documented, ours) => {
    expect(Object.keys(table).sort()).toEqual([...documented].sort());
    expect(documented.map((value) => table[value])).toEqual(ours);
  });

  it("the recurrence's and the charge's statuses agree on CANCELADA's 'who' for both machines (one canceller table)", () => {
    const cobrCancel = schemas.CobRAtualizacao.properties.encerramento.oneOf[0].properties.cancelamento.properties.solicitante.enum;
    expect([...cobrCancel].sort()).toEqual(Object.keys(CANCELLERS).sort());
  });
});

describe("request bodies", () => {
  const rec = { contract: "c1", debtor: { document: "11.222.333/0001-81", documentType: "CNPJ" as const, name: "ACME" }, startDate: "2026-12-01", periodicity: "ANUAL" as const, amount: { kind: "VARIABLE" as const }, retryPolicy: "NAO_PERMITE" as const };
  it("a variable recurrence with no floor sends no valor; a floor is valorMinimoRecebedor", () => {
    expect(recurrenceBody(rec)).toEqual({ vinculo: { contrato: "c1", devedor: { cnpj: "11222333000181", nome: "ACME" } }, calendario: { dataInicial: "2026-12-01", periodicidade: "ANUAL" }, politicaRetentativa: "NAO_PERMITE" });
    expect(recurrenceBody({ ...rec, amount: { kind: "VARIABLE", minimum: 500 } }).valor).toEqual({ valorMinimoRecebedor: "5.00" });
  });
  it("refuses, naming the field: an end before the start, a bad date, an unknown retry policy, a cobr of 0", () => {
    expect(() => recurrenceBody({ ...rec, endDate: "2026-11-30" })).toThrow(new InvalidRequestError("calendario.dataFinal must not be before calendario.dataInicial"));
    expect(() => recurrenceBody({ ...rec, startDate: "01/12/2026" })).toThrow("calendario.dataInicial must be a date YYYY-MM-DD");
    expect(() => recurrenceBody({ ...rec, retryPolicy: "SEMPRE" as never })).toThrow("politicaRetentativa");
    const cobr = { txid: "a".repeat(30), recurrenceId: "R".repeat(29), amount: 0, dueDate: "2026-12-01", adjustToBusinessDay: true, receiverAccount: { number: "1", type: "CORRENTE" as const } };
    expect(() => recurringChargeBody(cobr)).toThrow("valor.original must be positive");
    expect(() => recurringChargeBody({ ...cobr, amount: 1, recurrenceId: "R1" })).toThrow("idRec is 29 letters and digits");
  });
});

describe("callbacks", () => {
  const idRec = "RR1234567820261127abcdefghijk";
  it("webhookrec: the document's example reads as APPROVED by journey 3, unknown fields ignored", () => {
    const body = { recs: [{ idRec, status: "APROVADA", atualizacao: [{ status: "APROVADA", data: "2026-11-27T10:00:00Z" }], ativacao: { tipoJornada: "JORNADA_3", dadosJornada: { txid: "r9eFIFmwcZ55Nm4RsKZAAtIvvCrlcNN6" } }, extra: { from: "a PSP" } }], versao: 2 };
    expect(parseRecCallback(body)).toEqual([{ id: idRec, status: "APPROVED", journey: "JORNADA_3", firstChargeTxid: "r9eFIFmwcZ55Nm4RsKZAAtIvvCrlcNN6" }]);
  });
  it("webhookcobr: a failed attempt keeps its refusal's code", () => {
    const body = { cobsr: [{ idRec, txid: "t".repeat(32), status: "ATIVA", atualizacao: [], tentativas: [{ dataLiquidacao: "2026-12-01", tipo: "AGND", status: "REJEITADA", endToEndId: "E".repeat(32), atualizacao: [], rejeicao: { codigo: "AM02", descricao: "sem saldo" } }] }] };
    expect(parseCobrCallback(body)).toEqual([{ txid: "t".repeat(32), recurrenceId: idRec, status: "ACTIVE", attempts: [{ kind: "SCHEDULED", settlementDate: "2026-12-01", status: "FAILED", endToEndId: "E".repeat(32), failure: { code: "AM02", description: "sem saldo" } }] }]);
  });
  it("the document's own callback examples read, though the cobr one breaks its schema (no attempt atualizacao, a date 2024-20-08)", () => {
    const examples = parse(readFileSync(DOCUMENT_PATH, "utf8")).components.examples;
    expect(parseRecCallback(examples.recWebhookNotification1.value)).toEqual([{ id: "RR1026652320240821lab77511abf", status: "APPROVED", journey: "JORNADA_3", firstChargeTxid: "r9eFIFmwcZ55Nm4RsKZAAtIvvCrlcNN6" }]);
    expect(parseCobrCallback(examples.cobRWebhookNotification1.value)).toEqual([
      { txid: "3136957d93134f2184b369e8f1c0729d", recurrenceId: "RR1234567820240115abcdefghijk", status: "ACTIVE", attempts: [{ kind: "SCHEDULED", settlementDate: "2024-20-08", status: "REQUESTED", endToEndId: "E12345678202406201221abcdef12345" }] },
    ]);
  });

  it("a malformed body is refused whole, naming what is wrong", () => {
    expect(() => parseRecCallback([])).toThrow(new CallbackBodyError("the callback body must be a JSON object"));
    expect(() => parseRecCallback({ pix: [] })).toThrow('the callback body must carry a list "recs"');
    expect(() => parseRecCallback({ recs: [{ idRec, status: "APROVADA" }, { idRec, status: "ATIVA" }] })).toThrow('recs[1]: a recurrence\'s status "ATIVA" is not one of the document\'s');
    expect(() => parseCobrCallback({ cobsr: [{ idRec, status: "ATIVA" }] })).toThrow("cobsr[0]: a charge instruction lacks txid or idRec");
    expect(() => parseCobrCallback({ cobsr: [{ idRec, txid: "t".repeat(32), status: "ATIVA", tentativas: [{ dataLiquidacao: "2026-12-01", tipo: "XXXX", status: "PAGA", endToEndId: "E" }] }] })).toThrow("cobsr[0]: an attempt's tipo");
  });
});
