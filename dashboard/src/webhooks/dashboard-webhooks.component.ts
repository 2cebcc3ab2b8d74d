/**
 * `<dashboard-webhooks>`: the mode's webhooks (`GET /dashboard/api/webhooks`): each one's URL, the
 * event types it receives and whether it is active. For `webhooks.manage`: the register form
 * (`<dashboard-webhook-form>`, the secret shown once), "Send test" (`POST …/{id}/test`: a sample
 * event, queued at once; the delivery log shows it), "Replay events" (the period's events sent
 * again: `<dashboard-replay-dialog>`) and delete (`DELETE …/{id}`, after confirming).
 *
 * Properties: `mode` (a change reads again), `canManage` (`webhooks.manage`).
 *
 * @event dashboard-webhooks-changed - A webhook was registered, tested, replayed or deleted.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart table - The webhooks' table region.
 * @csspart form - The `<dashboard-webhook-form>`.
 * @csspart replay-dialog - The `<dashboard-replay-dialog>`.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, query, state } from "lit/decorators.js";
import { ALL_EVENTS } from "../../../shared/events";
import { deleteWebhook, listWebhooks, testWebhook } from "../api/developers";
import type { Webhook } from "../api/developers-types";
import type { Mode } from "../api/types";
import type { DashboardConfirmDialog } from "../confirm-dialog/dashboard-confirm-dialog";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import type { DashboardReplayDialog } from "../replay-dialog/dashboard-replay-dialog";
import { webhooksStyles } from "./dashboard-webhooks.styles";

/** The webhooks, `<dashboard-webhooks>`. */
export class DashboardWebhooks extends DashboardElement {
  static override styles = webhooksStyles;

  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) canManage = false;

  @state() private webhooks?: Webhook[];
  @state() private alert?: string;
  @state() private notice?: string;
  @state() private busyId: string | null = null;
  @query("dashboard-confirm-dialog") private confirm!: DashboardConfirmDialog;
  @query("dashboard-replay-dialog") private replayDialog!: DashboardReplayDialog;
  private loads = 0;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("mode")) void this.load();
  }

  private load = async (): Promise<void> => {
    const load = ++this.loads;
    try {
      const { items } = await listWebhooks(this.mode);
      if (load === this.loads) [this.webhooks, this.alert] = [items, undefined];
    } catch (err) {
      if (load === this.loads) this.alert = this.messageOf(err) || undefined;
    }
  };

  /** Runs a change of `hook`, says `done`, and reads the list and (through the event) the log again. */
  private async change(hook: Webhook, run: () => Promise<unknown>, done: string): Promise<void> {
    this.busyId = hook.id;
    this.alert = this.notice = undefined;
    try {
      await run();
      this.notice = done;
      emit(this, "dashboard-webhooks-changed", {});
      await this.load();
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busyId = null;
    }
  }

  private test = (hook: Webhook) => this.change(hook, () => testWebhook(this.mode, hook.id), this.s.webhooks.testSent(hook.url));

  private removeOne = async (hook: Webhook) => {
    const w = this.s.webhooks;
    if (await this.confirm.ask(w.confirmDelete(hook.url), w.delete)) await this.change(hook, () => deleteWebhook(this.mode, hook.id), w.deleted(hook.url));
  };

  private row(hook: Webhook) {
    const s = this.s;
    const w = s.webhooks;
    const types = hook.eventTypes.map((t) => (t === ALL_EVENTS ? w.allTypes : (s.eventTypes[t] ?? t))).join(", ");
    const hidden = html`<span class="visually-hidden"> ${hook.url}</span>`;
    return html`<tr>
      <td class="url"><code>${hook.url}</code>${hook.description ? html`<br /><span class="muted">${hook.description}</span>` : nothing}</td>
      <td>${types}</td>
      <td><span class="badge ${hook.isActive ? "ok" : "CANCELLED"}">${hook.isActive ? w.active : w.inactive}</span></td>
      ${this.canManage
        ? html`<td><div class="row-actions">
            <button class="secondary" type="button" ?disabled=${this.busyId === hook.id} @click=${() => this.test(hook)}>${w.sendTest}${hidden}</button>
            <button class="secondary" type="button" @click=${() => this.replayDialog.open(hook)}>${w.replay}${hidden}</button>
            <button class="secondary" type="button" ?disabled=${this.busyId === hook.id} @click=${() => this.removeOne(hook)}>${w.delete}${hidden}</button>
          </div></td>`
        : nothing}
    </tr>`;
  }

  override render() {
    const s = this.s;
    const w = s.webhooks;
    return html`<section aria-labelledby="webhooks-title" class="section">
      <h2 id="webhooks-title">${w.title}</h2>
      ${!this.webhooks && !this.alert ? html`<p role="status">${s.loading}</p>` : nothing}
      <div aria-live="polite">${this.notice ? html`<p class="notice">${this.notice}</p>` : nothing}</div>
      ${readAlert(this.alert, this.s, this.webhooks ? undefined : () => void this.load())}
      ${this.webhooks?.length === 0 ? html`<p>${w.none}</p>` : nothing}
      ${this.webhooks?.length
        ? html`<div part="table" class="table-region" role="region" aria-label=${s.tableRegion(w.caption)} tabindex="0">
            <table>
              <caption class="visually-hidden">${w.caption}</caption>
              <thead><tr><th scope="col">${w.url}</th><th scope="col">${w.eventTypes}</th><th scope="col">${s.status}</th>${this.canManage ? html`<th scope="col">${w.actions}</th>` : nothing}</tr></thead>
              <tbody>${this.webhooks.map((hook) => this.row(hook))}</tbody>
            </table>
          </div>`
        : nothing}
      ${this.canManage ? html`<dashboard-webhook-form part="form" .mode=${this.mode} @dashboard-webhooks-changed=${this.load}></dashboard-webhook-form>` : nothing}
      <dashboard-confirm-dialog></dashboard-confirm-dialog>
      ${this.canManage ? html`<dashboard-replay-dialog part="replay-dialog" .mode=${this.mode}></dashboard-replay-dialog>` : nothing}
    </section>`;
  }
}
