/**
 * `<dashboard-webhook-form>`: registers a webhook (`POST /dashboard/api/webhooks`): its URL (https
 * for live data; a test mode webhook may use http and localhost), an optional description, and the
 * event types it receives (every type, present and future, or a chosen few). The answer's signing
 * secret is shown once, in a `<dashboard-once-dialog>` with a copy button. The server's refusals
 * are shown under the field they name.
 *
 * Properties: `mode`.
 *
 * @event dashboard-webhooks-changed - The webhook was registered.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart base - The form's section.
 * @csspart register-button - Register.
 * @csspart dialog - The `<dashboard-once-dialog>` with the secret.
 */
import { html, nothing } from "lit";
import { property, query, state } from "lit/decorators.js";
import { ALL_EVENTS, EVENT_TYPES } from "../../../shared/events";
import { DashboardApiError } from "../api/client";
import { createWebhook } from "../api/developers";
import type { WebhookDraft } from "../api/developers-types";
import type { Mode } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { field, type FieldErrors } from "../forms/field";
import type { DashboardOnceDialog } from "../once-dialog/dashboard-once-dialog";
import { webhookFormStyles } from "./dashboard-webhook-form.styles";

/** The webhook form, `<dashboard-webhook-form>`. */
export class DashboardWebhookForm extends DashboardElement {
  static override styles = webhookFormStyles;

  @property({ attribute: false }) mode: Mode = "test";

  @state() private busy = false;
  @state() private all = true;
  @state() private errors: FieldErrors = {};
  @state() private alert?: string;
  @query("dashboard-once-dialog") private dialog!: DashboardOnceDialog;

  private submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (this.busy) return;
    const w = this.s.webhooks;
    const form = e.target as HTMLFormElement;
    const data = new FormData(form);
    const url = String(data.get("url") ?? "").trim();
    const description = String(data.get("description") ?? "").trim();
    const draft: WebhookDraft = { url, eventTypes: this.all ? [ALL_EVENTS] : data.getAll("types").map(String), ...(description ? { description } : {}) };
    this.errors = { ...(URL.canParse(url) ? {} : { url: w.urlInvalid }), ...(draft.eventTypes.length ? {} : { eventTypes: w.typesRequired }) };
    this.alert = undefined;
    if (Object.keys(this.errors).length > 0) return;
    this.busy = true;
    try {
      const created = await createWebhook(this.mode, draft);
      form.reset();
      this.all = true;
      emit(this, "dashboard-webhooks-changed", {});
      await this.dialog.show(created.secret);
    } catch (err) {
      const fields = err instanceof DashboardApiError ? err.errors : [];
      this.errors = Object.fromEntries(fields.map((f) => [f.path.split(".")[0]!, this.fieldMessageOf(f)]));
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  };

  override render() {
    const s = this.s;
    const w = s.webhooks;
    const e = this.errors;
    return html`<section part="base" aria-labelledby="webhook-form-title" class="stack">
      <h3 id="webhook-form-title">${w.registerTitle}</h3>
      <form novalidate @submit=${this.submit}>
        ${field("url", w.url, html`<input id="url" name="url" type="url" inputmode="url" autocomplete="off" required aria-invalid=${e.url ? "true" : "false"} aria-describedby="url-hint url-error" />`, e, this.mode === "live" ? w.urlHintLive : w.urlHintTest)}
        ${field("description", w.description, html`<input id="description" name="description" maxlength="255" autocomplete="off" aria-describedby="description-error" />`, e)}
        <fieldset class="choices" aria-describedby="eventTypes-error">
          <legend>${w.eventTypes}</legend>
          <label><input type="checkbox" name="all" .checked=${this.all} @change=${(ev: Event) => (this.all = (ev.target as HTMLInputElement).checked)} /> ${w.allTypes}</label>
          ${this.all ? nothing : EVENT_TYPES.map((t) => html`<label><input type="checkbox" name="types" value=${t} /> ${s.eventTypes[t] ?? t}</label>`)}
          <p id="eventTypes-error" class="error">${e.eventTypes ?? nothing}</p>
        </fieldset>
        <button part="register-button" type="submit" ?disabled=${this.busy}>${w.register}</button>
      </form>
      ${this.alert ? html`<p class="alert" role="alert">${this.alert}</p>` : nothing}
      <dashboard-once-dialog part="dialog" heading=${w.secretTitle} label=${w.secret} note=${w.secretNote}></dashboard-once-dialog>
    </section>`;
  }
}
