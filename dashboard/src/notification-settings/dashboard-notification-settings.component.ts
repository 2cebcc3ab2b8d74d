/**
 * `<dashboard-notification-settings>`: which event types the mode's webhooks are sent
 * (`GET /dashboard/api/notification-settings`): one switch per type, on unless turned off. For
 * `webhooks.manage`, "Save" sends every switch (`PUT`); without it the switches are read-only.
 *
 * Properties: `mode` (a change reads again), `canManage` (`webhooks.manage`).
 *
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart switches - The switches' group.
 * @csspart save-button - Save.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { EVENT_TYPES } from "../../../shared/events";
import { readNotificationSettings, saveNotificationSettings } from "../api/developers";
import type { NotificationSettings } from "../api/developers-types";
import type { Mode } from "../api/types";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { notificationSettingsStyles } from "./dashboard-notification-settings.styles";

/** The notification settings, `<dashboard-notification-settings>`. */
export class DashboardNotificationSettings extends DashboardElement {
  static override styles = notificationSettingsStyles;

  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) canManage = false;

  @state() private settings?: NotificationSettings;
  @state() private alert?: string;
  @state() private notice?: string;
  @state() private busy = false;
  private loads = 0;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("mode")) void this.load();
  }

  private async load(): Promise<void> {
    const load = ++this.loads;
    try {
      const settings = await readNotificationSettings(this.mode);
      if (load === this.loads) [this.settings, this.alert] = [settings, undefined];
    } catch (err) {
      if (load === this.loads) this.alert = this.messageOf(err) || undefined;
    }
  }

  private save = async (e: SubmitEvent) => {
    e.preventDefault();
    if (this.busy) return;
    const form = e.target as HTMLFormElement;
    const webhook = Object.fromEntries(EVENT_TYPES.map((t) => [t, (form.elements.namedItem(t) as HTMLInputElement).checked])) as NotificationSettings["webhook"];
    this.busy = true;
    this.alert = this.notice = undefined;
    try {
      this.settings = await saveNotificationSettings(this.mode, webhook);
      this.notice = this.s.notifications.saved;
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  };

  override render() {
    const s = this.s;
    const n = s.notifications;
    const on = this.settings?.webhook;
    return html`<section aria-labelledby="settings-title" class="section">
      <h2 id="settings-title">${n.title}</h2>
      <p class="muted">${n.lead}</p>
      ${!on && !this.alert ? html`<p role="status">${s.loading}</p>` : nothing}
      ${on
        ? html`<form @submit=${this.save}>
            <fieldset part="switches" class="choices">
              <legend>${n.legend}</legend>
              ${EVENT_TYPES.map(
                (t) => html`<label><input type="checkbox" role="switch" name=${t} .checked=${on[t] !== false} ?disabled=${!this.canManage} /> ${s.eventTypes[t] ?? t}</label>`,
              )}
            </fieldset>
            ${this.canManage ? html`<button part="save-button" type="submit" ?disabled=${this.busy}>${n.save}</button>` : nothing}
          </form>`
        : nothing}
      <div aria-live="polite">${this.notice ? html`<p class="notice">${this.notice}</p>` : nothing}</div>
      ${readAlert(this.alert, this.s, this.settings ? undefined : () => void this.load())}
    </section>`;
  }
}
