/**
 * `<dashboard-api-keys>`: the mode's API keys (`GET /dashboard/api/keys`), masked (a publishable
 * key, public by design, whole), with when each was made and, for a rolled one, when it stops.
 * For `keys.manage`, "Roll key" (`POST /dashboard/api/keys/roll`): a new key of the chosen kind,
 * and a window during which the keys it replaces keep working (now, 1 hour, 24 hours, 3 or 7
 * days: docs/dashboard.md, "Rolling a key"). A mode with no key yet (live, until the seller makes
 * them) offers its first pair instead (`POST /dashboard/api/keys`). A new secret key is shown
 * once, in a `<dashboard-once-dialog>` with a copy button; the dashboard keeps no copy (the
 * publishable key is public, and listed whole).
 *
 * Properties: `mode` (a change reads again), `canRoll` (`keys.manage`).
 *
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart table - The keys' table region.
 * @csspart roll-form - The roll form.
 * @csspart create-button - A mode's first key pair.
 * @csspart dialog - The `<dashboard-once-dialog>` with the new key.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, query, state } from "lit/decorators.js";
import { createKeyPair, listKeys, rollKey } from "../api/developers";
import type { ApiKey, KeyKind } from "../api/developers-types";
import type { Mode } from "../api/types";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { dateTime } from "../format";
import type { DashboardOnceDialog } from "../once-dialog/dashboard-once-dialog";
import { apiKeysStyles } from "./dashboard-api-keys.styles";

/** The windows offered, in hours (the server takes 0 to 168). */
export const ROLL_WINDOWS = [0, 1, 24, 72, 168] as const;

/** The API keys, `<dashboard-api-keys>`. */
export class DashboardApiKeys extends DashboardElement {
  static override styles = apiKeysStyles;

  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) canRoll = false;

  @state() private keys?: ApiKey[];
  @state() private alert?: string;
  @state() private busy = false;
  @state() private heading = "";
  @state() private note = "";
  @query("dashboard-once-dialog") private dialog!: DashboardOnceDialog;
  private loads = 0;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("mode")) void this.load();
  }

  private async load(): Promise<void> {
    const load = ++this.loads;
    try {
      const { items } = await listKeys(this.mode);
      if (load === this.loads) [this.keys, this.alert] = [items, undefined];
    } catch (err) {
      if (load === this.loads) this.alert = this.messageOf(err) || undefined;
    }
  }

  private roll = async (e: SubmitEvent) => {
    e.preventDefault();
    if (this.busy) return;
    const k = this.s.keys;
    const data = new FormData(e.target as HTMLFormElement);
    const kind = (data.get("kind") === "publishable" ? "publishable" : "secret") as KeyKind;
    const hours = Number(data.get("window"));
    this.busy = true;
    this.alert = undefined;
    try {
      const rolled = await rollKey(this.mode, kind, hours);
      const end = rolled.previous[0]?.expiresAt;
      this.heading = k.newKeyTitle(kind, this.mode === "live");
      this.note = rolled.previous.length === 0 ? "" : hours === 0 || !end ? k.oldStoppedNow : k.oldWorksUntil(dateTime(end));
      await this.updateComplete;
      await this.dialog.show(rolled.key);
      await this.load();
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  };

  /** The mode's first pair: the secret key shown once, the publishable one listed. */
  private createPair = async () => {
    if (this.busy) return;
    const k = this.s.keys;
    this.busy = true;
    this.alert = undefined;
    try {
      const pair = await createKeyPair(this.mode);
      this.heading = k.newKeyTitle("secret", this.mode === "live");
      this.note = k.pairNote;
      await this.updateComplete;
      await this.dialog.show(pair.secret.key);
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
      await this.load();
    }
  };

  private rollForm() {
    const k = this.s.keys;
    return html`<form part="roll-form" class="inline-form" @submit=${this.roll}>
      <label>${k.kind}
        <select name="kind"><option value="secret">${k.kinds.secret}</option><option value="publishable">${k.kinds.publishable}</option></select>
      </label>
      <label>${k.window}
        <select name="window">${ROLL_WINDOWS.map((h) => html`<option value=${h} ?selected=${h === 24}>${k.windows(h)}</option>`)}</select>
      </label>
      <button type="submit" ?disabled=${this.busy}>${k.roll}</button>
    </form>
    <p class="muted">${k.rollHint}</p>`;
  }

  override render() {
    const s = this.s;
    const k = s.keys;
    const caption = k.caption(this.mode === "live");
    return html`<section aria-labelledby="keys-title" class="section">
      <h2 id="keys-title">${k.title}</h2>
      ${!this.keys && !this.alert ? html`<p role="status">${s.loading}</p>` : nothing}
      ${this.keys?.length
        ? html`<div part="table" class="table-region" role="region" aria-label=${s.tableRegion(caption)} tabindex="0">
            <table>
              <caption class="visually-hidden">${caption}</caption>
              <thead><tr><th scope="col">${k.kind}</th><th scope="col">${k.key}</th><th scope="col">${s.fields.createdAt}</th><th scope="col">${k.expires}</th></tr></thead>
              <tbody>
                ${this.keys.map(
                  (key) => html`<tr>
                    <td class="nowrap">${k.kinds[key.kind] ?? key.kind}</td>
                    <td class=${key.publishableKey ? "key" : "nowrap"}><code>${key.publishableKey ?? key.maskedKey}</code></td>
                    <td class="nowrap">${dateTime(key.createdAt)}</td>
                    <td class="nowrap">${key.expiresAt ? k.expiresAt(dateTime(key.expiresAt)) : k.noEnd}</td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`
        : nothing}
      ${this.keys?.length === 0 ? html`<p>${k.none(this.mode === "live")}</p>` : nothing}
      ${this.canRoll && this.keys?.length ? this.rollForm() : nothing}
      ${this.canRoll && this.keys?.length === 0
        ? html`<button part="create-button" type="button" ?disabled=${this.busy} @click=${this.createPair}>${k.createPair(this.mode === "live")}</button>`
        : nothing}
      ${readAlert(this.alert, this.s, this.keys ? undefined : () => void this.load())}
      <dashboard-once-dialog part="dialog" heading=${this.heading} label=${k.newKey} note=${this.note}></dashboard-once-dialog>
    </section>`;
  }
}
