/**
 * The PIX Automático callbacks a PSP posts to the URLs registered with `PUT /webhookrec` and
 * `PUT /webhookcobr` (BCB API Pix 2.9.0: `{webhookUrl}/rec` with `{"recs": [RecNotification…]}`,
 * `{webhookUrl}/cobr` with `{"cobsr": [CobRNotification…]}`), read into the port's words.
 *
 * Fields the document may add later, or a PSP adds of its own, are ignored; a body that lacks
 * what the gateway needs (the list, an id, a status the document defines) is refused whole with
 * CallbackBodyError naming what is wrong, so the route answers 400 and the PSP sends it again.
 * A callback is a hint, never proof: the domain reads the rec or cobr back before acting on it.
 */
import type { PspRecurrence, PspRecurringCharge } from "../../lib/pix-automatico";
import { recurrenceFromAnswer, recurringChargeFromAnswer } from "./automatico-mapping";
import { MalformedAnswerError } from "./mapping";

/** A callback body that does not follow the document; `message` names the field. */
export class CallbackBodyError extends Error {
  override name = "CallbackBodyError";
}

/** The recurrences a `webhookrec` callback reports (body parsed from JSON). */
export function parseRecCallback(body: unknown): PspRecurrence[] {
  return entriesOf(body, "recs").map((entry, i) => read(() => recurrenceFromAnswer(entry), `recs[${i}]`));
}

/** The charge instructions a `webhookcobr` callback reports (body parsed from JSON). */
export function parseCobrCallback(body: unknown): PspRecurringCharge[] {
  return entriesOf(body, "cobsr").map((entry, i) => read(() => recurringChargeFromAnswer(entry), `cobsr[${i}]`));
}

function entriesOf(body: unknown, list: "recs" | "cobsr"): unknown[] {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new CallbackBodyError("the callback body must be a JSON object");
  const entries = (body as Record<string, unknown>)[list];
  if (!Array.isArray(entries)) throw new CallbackBodyError(`the callback body must carry a list "${list}"`);
  return entries;
}

function read<T>(parse: () => T, where: string): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof MalformedAnswerError) throw new CallbackBodyError(`${where}: ${err.message}`);
    throw err;
  }
}
