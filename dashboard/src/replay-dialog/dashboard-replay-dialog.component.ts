/**
 * `<dashboard-replay-dialog>`: sends a webhook, again, the mode's events of a period that it
 * subscribes to (`POST /dashboard/api/webhooks/{id}/replay`), in a modal `<dialog>`: the start
 * and an optional end (date and time in the browser's zone, sent as ISO instants; the end left
 * empty is now). The answer (202) says how many deliveries were queued and how many events were
 * skipped as already pending; a period with more than a call's 1,000 events offers to replay the
 * next ones from where this call stopped. The server's refusals (`errors[].path` `from`, `to`) are
 * shown under their field; anything else in an alert.
 *
 * Properties: `mode`. Method: `open(webhook)`.
 *
 * @event dashboard-webhooks-changed - Deliveries were queued (the delivery log reads again).
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart dialog - The `<dialog>`.
 * @csspart replay-button - Replay.
 * @csspart close-button - Close.
 */
import { html, nothing } from "lit";
import { property, query, state } from "lit/decorators.js";
import { DashboardApiError } from "../api/client";
import { replayWebhook } from "../api/developers";
import type { ReplayRange, ReplayResult, Webhook } from "../api/developers-types";
import type { Mode } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { dateTime } from "../format";
import { field, type FieldErrors } from "../forms/field";
import { replayDialogStyles } from "./dashboard-replay-dialog.styles";

/** A `datetime-local` value (the browser's zone) as an ISO instant; null when it is none. */
const instant = (value: string) => {
  const at = value ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
};

/** The replay of a webhook's events, `<dashboard-replay-dialog>`. */
export class DashboardReplayDialog extends DashboardElement {
  static override styles = replayDialogStyles;

  @property({ attribute: false }) mode: Mode = "test";

  @state() private hook?: Webhook;
  @state() private busy = false;
  @state() private errors: FieldErrors = {};
  @state() private alert?: string;
  @state() private result?: ReplayResult;
  @query("dialog") private dialog!: HTMLDialogElement;
  @query("form") private form!: HTMLFormElement;

  /** Opens the dialog for `hook`, its form empty. */
  async open(hook: Webhook): Promise<void> {
    this.hook = hook;
    this.errors = {};
    this.alert = this.result = undefined;
    await this.updateComplete;
    this.form.reset();
    if (!this.dialog.open) this.dialog.showModal();
  }

  private close = () => this.dialog.close();

  private submit = (e: SubmitEvent) => {
    e.preventDefault();
    const r = this.s.replay;
    const data = new FormData(this.form);
    const fromText = String(data.get("from") ?? "");
    const toText = String(data.get("to") ?? "");
    const from = instant(fromText);
    const to = instant(toText);
    const errors: FieldErrors = {};
    if (!from) errors.from = fromText ? r.invalid : r.fromRequired;
    if (toText && !to) errors.to = r.invalid;
    else if (from && to && to <= from) errors.to = r.order;
    this.errors = errors;
    this.alert = undefined;
    if (from && !errors.to) void this.replay({ from, ...(to ? { to } : {}) });
  };

  /** Replays the rest of the period, from where the last call stopped. */
  private next = () => {
    const done = this.result;
    if (done?.nextFrom) void this.replay({ from: done.nextFrom, to: done.to });
  };

  private async replay(range: ReplayRange): Promise<void> {
    const hook = this.hook;
    if (!hook || this.busy) return;
    this.busy = true;
    this.result = undefined;
    try {
      this.result = await replayWebhook(this.mode, hook.id, range);
      emit(this, "dashboard-webhooks-changed", {});
    } catch (err) {
      const fields = err instanceof DashboardApiError ? err.errors : [];
      this.errors = Object.fromEntries(fields.map((f) => [f.path.split(".")[0]!, this.fieldMessageOf(f)]));
      this.alert = fields.length ? undefined : this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  }

  private answer(result: ReplayResult) {
    const r = this.s.replay;
    return html`<p class="notice">
        ${r.queued(result.deliveries)} ${result.alreadyPending ? r.pending(result.alreadyPending) : nothing}
        ${result.hasMore && result.nextFrom ? r.more(dateTime(result.nextFrom)) : nothing}
      </p>
      ${result.hasMore && result.nextFrom ? html`<button class="secondary" type="button" ?disabled=${this.busy} @click=${this.next}>${r.next}</button>` : nothing}`;
  }

  override render() {
    const r = this.s.replay;
    const e = this.errors;
    const input = (name: string, describedBy: string) =>
      html`<input id=${name} name=${name} type="datetime-local" ?required=${name === "from"} aria-invalid=${e[name] ? "true" : "false"} aria-describedby=${describedBy} />`;
    return html`<dialog part="dialog" aria-labelledby="replay-title" aria-describedby="replay-lead" @close=${() => (this.hook = undefined)}>
      <h2 id="replay-title">${r.title}</h2>
      <p id="replay-lead">${this.hook ? r.lead(this.hook.url) : nothing}</p>
      <form novalidate @submit=${this.submit}>
        ${field("from", r.from, input("from", "from-hint from-error"), e, r.fromHint)}
        ${field("to", r.to, input("to", "to-hint to-error"), e, r.toHint)}
        <div class="answer" aria-live="polite">${this.result ? this.answer(this.result) : nothing}</div>
        ${this.alert ? html`<p class="alert" role="alert">${this.alert}</p>` : nothing}
        <div class="actions">
          <button part="close-button" class="secondary" type="button" @click=${this.close}>${r.close}</button>
          <button part="replay-button" type="submit" ?disabled=${this.busy}>${r.submit}</button>
        </div>
      </form>
    </dialog>`;
  }
}
