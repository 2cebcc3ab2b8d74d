/**
 * The Rede simulator's ledger: its sales and their refunds, and e.Rede's operations on them (a
 * sale, its capture, a refund, the queries), answered in e.Rede's shapes (views.ts) after e.Rede's
 * checks (rules.ts). No HTTP here: server.ts authenticates, parses, fails on command and writes.
 */
import { randomUUID } from "node:crypto";
import { boolOf, intOf, issuerAnswer, MESSAGES, validateSale } from "./rules";
import { authorizationAnswer, brasiliaNow, digits, queryAnswer, refundList, type SimSale } from "./views";

type Json = Record<string, unknown>;

/** An answer: status, JSON body, extra headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** An error answer, thrown where it is found. */
export class Refused extends Error {
  constructor(readonly answer: Answer) {
    super(`HTTP ${answer.status}`);
  }
}

/** e.Rede's error body, `{returnCode, returnMessage}`. */
const fail = (status: number, returnCode: string, returnMessage = MESSAGES[returnCode] ?? ""): Refused => new Refused({ status, body: { returnCode, returnMessage } });

/** The ledger of one simulator: `apiUrl` for its answers' links, `pv` as their affiliation. */
export function createLedger(apiUrl: string, pv: string) {
  const sales = new Map<string, SimSale>();
  const byReference = new Map<string, string>();

  function create(body: Json, brandOpen: boolean): Answer {
    const refusal = validateSale(body);
    if (refusal) throw new Refused({ status: 400, body: refusal });
    const reference = body.reference as string;
    if (byReference.has(reference)) throw fail(400, "122");
    const pan = body.cardNumber as string;
    const threeDs = (body.threeDSecure as Json | undefined) ?? null;
    const redirect = threeDs !== null && threeDs.embedded !== false; // Rede's own MPI: the buyer must be sent to it
    const code = redirect ? "220" : issuerAnswer(pan, intOf(body.expirationMonth), intOf(body.expirationYear));
    const approved = code === "00";
    const sale: SimSale = {
      tid: digits(20),
      reference,
      amount: intOf(body.amount),
      installments: body.installments === undefined ? 1 : intOf(body.installments),
      kind: body.kind === "debit" ? "debit" : "credit",
      status: approved ? "Approved" : redirect ? "Pending" : "Denied",
      returnCode: code,
      nsu: digits(9),
      authorizationCode: approved ? digits(6) : null,
      cardBin: pan.slice(0, 6),
      last4: pan.slice(-4),
      panLength: pan.length,
      cardHolderName: typeof body.cardHolderName === "string" ? body.cardHolderName : null,
      subscription: boolOf(body.subscription) ?? false,
      storageCard: body.storageCard === undefined ? null : intOf(body.storageCard),
      threeDSecure: threeDs,
      dateTime: brasiliaNow(),
      capture: null,
      refunds: [],
    };
    // capture defaults to true (the SDK's default); debit is always captured.
    if (approved && (boolOf(body.capture) ?? true)) sale.capture = { dateTime: sale.dateTime, nsu: sale.nsu, amount: sale.amount };
    sales.set(sale.tid, sale);
    byReference.set(reference, sale.tid);
    const answer = authorizationAnswer(sale, apiUrl, brandOpen);
    if (redirect) return { status: 200, body: { ...answer, threeDSecure: { embedded: true, url: `${apiUrl.replace(/\/v1$/, "")}/3ds/${sale.tid}` } } };
    // Declines answer 402 (e.Rede's status for them is unconfirmed; the connector reads the returnCode).
    return { status: approved ? 200 : 402, body: answer };
  }

  function saleOf(tid: string, notFound = "117"): SimSale {
    const sale = sales.get(tid);
    if (!sale) throw fail(404, notFound);
    return sale;
  }

  function capture(tid: string, body: Json): Answer {
    const sale = saleOf(tid);
    if (sale.status !== "Approved") throw fail(400, "117");
    if (sale.capture) throw fail(400, "172");
    const amount = body.amount === undefined ? sale.amount : intOf(body.amount);
    if (!(amount > 0 && amount <= sale.amount)) throw fail(400, "52", "amount: Invalid parameter format.");
    sale.capture = { dateTime: brasiliaNow(), nsu: digits(9), amount };
    return { status: 200, body: { reference: sale.reference, tid, nsu: sale.capture.nsu, dateTime: sale.capture.dateTime, authorizationCode: sale.authorizationCode, returnCode: "00", returnMessage: MESSAGES["00"] } };
  }

  function refund(tid: string, body: Json): Answer {
    const sale = saleOf(tid, "353");
    if (sale.status !== "Approved") throw fail(400, "356");
    if (body.amount === undefined) throw fail(400, "51", "amount: Required parameter missing.");
    const amount = intOf(body.amount);
    if (!(amount > 0)) throw fail(400, "52", "amount: Invalid parameter format.");
    const balance = sale.amount - sale.refunds.reduce((sum, r) => sum + r.amount, 0);
    if (balance === 0) throw fail(400, "355");
    if (amount > balance) throw fail(400, "357");
    const done = { refundId: randomUUID(), amount, status: "Done" as const, refundDateTime: brasiliaNow(), cancelId: digits(20), nsu: digits(9) };
    sale.refunds.push(done);
    return { status: 200, body: { refundId: done.refundId, tid, nsu: done.nsu, refundDateTime: done.refundDateTime, cancelId: done.cancelId, returnCode: "359", returnMessage: MESSAGES["359"] } };
  }

  /** Routes one `/v1` request (authenticated, its body parsed); throws Refused for the error answers. */
  function route(method: string, path: string, search: URLSearchParams, body: Json, brandOpen: boolean): Answer {
    const tidPath = /^\/v1\/transactions\/([^/]+)(\/refunds)?$/.exec(path);
    if (path === "/v1/transactions" && method === "POST") return create(body, brandOpen);
    if (path === "/v1/transactions" && method === "GET") {
      const tid = byReference.get(search.get("reference") ?? "");
      return { status: 200, body: queryAnswer(saleOf(tid ?? ""), apiUrl, brandOpen, pv) };
    }
    if (tidPath && !tidPath[2] && method === "GET") return { status: 200, body: queryAnswer(saleOf(tidPath[1]!), apiUrl, brandOpen, pv) };
    if (tidPath && !tidPath[2] && method === "PUT") return capture(tidPath[1]!, body);
    if (tidPath?.[2] && method === "POST") return refund(tidPath[1]!, body);
    if (tidPath?.[2] && method === "GET") return { status: 200, body: { refunds: refundList(saleOf(tidPath[1]!, "353")) } };
    throw new Refused({ status: 404, body: { returnMessage: `No route ${method} ${path}.` } });
  }


  return {
    route,
    /** Every sale, oldest first. */
    sales: () => [...sales.values()],
  };
}

/** A simulator's ledger. */
export type Ledger = ReturnType<typeof createLedger>;
