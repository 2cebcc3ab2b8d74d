/**
 * What a page shows when something went wrong: the alert (role `alert`, said at once), and, when
 * what failed was a read (a list, a payment, the sessions), a "Try again" button beside it that
 * reads again. A failed change (a refund, a suspension) gets the alert alone: repeating a change
 * is the member's choice, made with the change's own button.
 */
import { html, nothing } from "lit";
import type { DashboardStrings } from "../i18n/locale";

/** The alert `message` (nothing when there is none), with a retry button when `retry` is given. */
export function readAlert(message: string | undefined, s: DashboardStrings, retry?: () => void) {
  if (!message) return nothing;
  return html`<div class="alert read-alert" role="alert">
    <p>${message}</p>
    ${retry ? html`<button type="button" class="secondary" @click=${retry}>${s.retry}</button>` : nothing}
  </div>`;
}
