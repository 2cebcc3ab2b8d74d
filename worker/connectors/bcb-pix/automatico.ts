/**
 * The API Pix connector's PIX Automático: the PixAutomaticoPsp port (worker/lib/pix-automatico.ts)
 * over the same call path as live PIX (api.ts: OAuth2 token, the host's mTLS transport, the
 * document's problems as the port's errors). One instance per PSP account, beside createBcbPixPsp.
 *
 * A charge instruction's txid is the gateway's (txidFor of the invoice), so `PUT /cobr/{txid}` is
 * retried safely: an id already used is read back and answered when it is the same instruction.
 * A recurrence's id is the PSP's (`POST /rec` assigns idRec): a retry after a lost answer may
 * create a second CRIADA recurrence, which the payer never sees unless its QR is shown; the
 * caller keeps the id it got and does not retry blindly (see docs/pix.md).
 */
import { PspRejectedError } from "../../lib/acquirer";
import type { PixAutomaticoPsp, PspRecurringCharge } from "../../lib/pix-automatico";
import { asPortErrors, callApi, failOn, jsonOf, pathOf, type ApiAnswer, type ApiOptions } from "./api";
import { pushFromAnswer, recurrenceFromAnswer, recurringChargeFromAnswer } from "./automatico-mapping";
import { checkRecId, pushBody, recurrenceBody, recurringChargeBody } from "./automatico-requests";
import type { BcbPixClientConfig } from "./client";
import { InvalidRequestError, MalformedAnswerError } from "./mapping";
import { createAccessTokens } from "./oauth";
import { TXID_PATTERN } from "./txid";

const NONE = new Set([404, 410]);
const ALREADY_THERE = new Set([400, 409]);

/** Builds the PIX Automático connector over `config` (the same settings as createBcbPixPsp). */
export function createBcbPixAutomatico(config: BcbPixClientConfig): PixAutomaticoPsp {
  const name = config.name ?? "bcb-pix";
  const exchangeOptions = { transport: config.transport, timeoutMs: config.timeoutMs ?? 10_000, log: config.log, name };
  const tokens = createAccessTokens({ ...exchangeOptions, tokenUrl: config.tokenUrl, clientId: config.clientId, clientSecret: config.clientSecret, scope: config.scope, now: config.now });
  const api: ApiOptions = { ...exchangeOptions, baseUrl: config.baseUrl.replace(/\/+$/, ""), tokens };
  const guarded = <T>(work: () => Promise<T>) => asPortErrors(work, config.log, name);

  /** The answer's body when it is a success, else the port's error. */
  const bodyOf = (answer: ApiAnswer): unknown => {
    failOn(answer);
    return jsonOf(answer);
  };

  const readCharge = async (txid: string): Promise<PspRecurringCharge | null> => {
    const answer = await callApi(api, "GET", pathOf("cobr", checkTxid(txid)));
    if (NONE.has(answer.status)) return null;
    return recurringChargeFromAnswer(bodyOf(answer));
  };

  return {
    name,

    createLocation: () =>
      guarded(async () => {
        const loc = bodyOf(await callApi(api, "POST", "/locrec")) as { id?: unknown; location?: unknown } | null;
        if (typeof loc?.id !== "number" || typeof loc.location !== "string") throw new MalformedAnswerError("a recurrence location lacks id or location");
        return { id: loc.id, location: loc.location };
      }),

    createRecurrence: (request) => guarded(async () => recurrenceFromAnswer(bodyOf(await callApi(api, "POST", "/rec", recurrenceBody(request))))),

    getRecurrence: (id, txid) =>
      guarded(async () => {
        const query = txid === undefined ? undefined : new URLSearchParams({ txid: checkTxid(txid) });
        const answer = await callApi(api, "GET", pathOf("rec", checkRecId(id)), undefined, query);
        if (NONE.has(answer.status)) return null;
        return recurrenceFromAnswer(bodyOf(answer));
      }),

    cancelRecurrence: (id) => guarded(async () => recurrenceFromAnswer(bodyOf(await callApi(api, "PATCH", pathOf("rec", checkRecId(id)), { status: "CANCELADA" })))),

    requestAuthorization: (request) => guarded(async () => pushFromAnswer(bodyOf(await callApi(api, "POST", "/solicrec", pushBody(request))))),

    createCharge: (request) =>
      guarded(async () => {
        const answer = await callApi(api, "PUT", pathOf("cobr", checkTxid(request.txid)), recurringChargeBody(request));
        if (answer.status < 300 || !ALREADY_THERE.has(answer.status)) return recurringChargeFromAnswer(bodyOf(answer));
        // Refused: perhaps an earlier attempt whose answer was lost created it. Ours when it is the
        // same recurrence, amount and due date; none there: the refusal stands (bodyOf throws it).
        const found = await readCharge(request.txid);
        if (!found) return recurringChargeFromAnswer(bodyOf(answer));
        if (found.recurrenceId !== request.recurrenceId || found.amount !== request.amount || found.dueDate !== request.dueDate) {
          throw new PspRejectedError(answer.status, "txid already used", "the PSP holds a different cobr under this txid (recurrence, amount or due date differ)");
        }
        return found;
      }),

    getCharge: (txid) => guarded(() => readCharge(txid)),

    cancelCharge: (txid) => guarded(async () => recurringChargeFromAnswer(bodyOf(await callApi(api, "PATCH", pathOf("cobr", checkTxid(txid)), { status: "CANCELADA" })))),

    retryCharge: (txid, date) =>
      guarded(async () => {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new InvalidRequestError("a retry's date must be YYYY-MM-DD");
        return recurringChargeFromAnswer(bodyOf(await callApi(api, "POST", pathOf("cobr", checkTxid(txid), "retentativa", date))));
      }),

    registerWebhooks: (urls) =>
      guarded(async () => {
        for (const url of [urls.recurrences, urls.charges]) if (!/^https?:\/\/\S+$/i.test(url)) throw new InvalidRequestError("a webhook URL must be http(s)");
        failOn(await callApi(api, "PUT", "/webhookrec", { webhookUrl: urls.recurrences }));
        failOn(await callApi(api, "PUT", "/webhookcobr", { webhookUrl: urls.charges }));
      }),
  };
}

function checkTxid(txid: string): string {
  if (!TXID_PATTERN.test(txid)) throw new InvalidRequestError("a txid is 26 to 35 letters and digits (txidFor makes one)");
  return txid;
}
