// How the shop's page shows a webhook event: its time as people read it (a date and time in the
// shop's language, in the reader's own time zone, not an ISO string), then the event's type and
// the transaction's status. Imported by shop.js; test/demo/shop.test.ts checks it in Node.

/**
 * `iso` (an event's occurredAt) as a reader reads it, e.g. "22/11/2026, 09:00:00".
 * @param {string} iso
 * @param {string} [timeZone] the reader's (default: the browser's own)
 * @returns {string}
 */
export function readableTime(iso, timeZone) {
  return new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "medium", timeZone }).format(new Date(iso));
}

/**
 * One line of the events list: a <time> element (its `datetime` the exact instant, its text the
 * readable time) and what happened, e.g. "TRANSACTION_PAID → PAID".
 * @param {{ occurredAt: string, type: string, status: string | null }} event
 * @param {Document} document
 * @param {string} [timeZone]
 * @returns {HTMLLIElement}
 */
export function eventItem(event, document, timeZone) {
  const li = document.createElement("li");
  const time = document.createElement("time");
  time.dateTime = event.occurredAt;
  time.textContent = readableTime(event.occurredAt, timeZone);
  li.append(time, ` ${event.type}${event.status ? ` → ${event.status}` : ""}`);
  return li;
}
