/**
 * A webhook delivery as the dashboard shows it (the payment's timeline and the delivery log): its
 * status, how many attempts of how many, the last answer, and each attempt in a table inside a
 * disclosure (`<details>`), so a long log stays short until opened.
 */
import { html, nothing } from "lit";
import type { Delivery } from "../api/developers-types";
import { dateTime } from "../format";
import type { DashboardStrings } from "../i18n/locale";

/** The delivery's status badge. */
export const deliveryBadge = (d: Pick<Delivery, "status">, s: DashboardStrings) => html`<span class="badge ${d.status}">${s.deliveryStatuses[d.status] ?? d.status}</span>`;

/** "2 of 5 attempts · last answer HTTP 500 · next at 12:07". */
export function deliveryLine(d: Delivery, s: DashboardStrings): string {
  const parts = [s.attemptsOf(d.attempts, d.attemptLimit)];
  if (d.lastHttpStatus !== null) parts.push(s.lastAnswer(`HTTP ${d.lastHttpStatus}`));
  else if (d.lastError) parts.push(s.lastAnswer(d.lastError));
  if (d.nextAttemptAt) parts.push(s.nextAttempt(dateTime(d.nextAttemptAt)));
  return parts.join(" · ");
}

/** Each attempt: when, how long, the HTTP status or the error, and the start of the answer. */
export function attemptsTable(d: Delivery, s: DashboardStrings) {
  if (d.attemptsLog.length === 0) return html`<p class="muted">${s.noAttempts}</p>`;
  return html`<div class="table-region" role="region" aria-label=${s.tableRegion(s.attemptsCaption(d.eventType))} tabindex="0">
    <table>
      <caption class="visually-hidden">${s.attemptsCaption(d.eventType)}</caption>
      <thead>
        <tr><th scope="col" class="num">#</th><th scope="col">${s.when}</th><th scope="col" class="num">${s.duration}</th><th scope="col">${s.answer}</th></tr>
      </thead>
      <tbody>
        ${d.attemptsLog.map(
          (a) => html`<tr>
            <td class="num">${a.attempt}</td>
            <td class="nowrap">${dateTime(a.startedAt)}</td>
            <td class="num">${a.durationMs} ms</td>
            <td class="answer">${a.httpStatus !== null ? `HTTP ${a.httpStatus}` : (a.error ?? "—")}${a.responseExcerpt ? html`<br /><code>${a.responseExcerpt}</code>` : nothing}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The attempts' disclosure. */
export const attemptsDetails = (d: Delivery, s: DashboardStrings) =>
  html`<details class="attempts"><summary>${s.showAttempts(d.attemptsLog.length)}</summary>${attemptsTable(d, s)}</details>`;
