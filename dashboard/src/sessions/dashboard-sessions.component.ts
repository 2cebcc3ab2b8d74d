/**
 * `<dashboard-sessions>`: `/dashboard/sessions`, every signed-in member's own page. Their open
 * sessions (`GET /dashboard/api/sessions`, newest first), each with its browser and system read
 * from its user agent (devices/device-name.ts, as the audit log names it; the whole string in a disclosure), when it signed in, its
 * last activity, its absolute end and its IP address; the one asking is marked "This session".
 * "Sign out everywhere" (`POST /dashboard/api/sign-out-everywhere`, after confirming) ends them
 * all, this one included, and the app goes to the sign-in page.
 *
 * "Add a passkey (new device)": the member creates another passkey of their own (options from
 * `POST /dashboard/api/passkeys/registration-options`, the browser's ceremony, then
 * `POST /dashboard/api/passkeys`): on this device, a security key or a phone, as the browser
 * offers. It is how a registered member gets another device (a new invite link is only for a
 * member who has not registered). Success and failure are said beside the button.
 *
 * @event dashboard-signed-out - Every session ended (this one too).
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart list - The sessions' list.
 * @csspart add-passkey-button - Add a passkey.
 * @csspart sign-out-everywhere-button - Sign out everywhere.
 */
import { html, nothing } from "lit";
import { query, state } from "lit/decorators.js";
import { listSessions, signOutEverywhere } from "../api/endpoints";
import { addOwnPasskey, ceremonyFailure } from "../api/passkeys";
import type { Session } from "../api/types";
import type { DashboardConfirmDialog } from "../confirm-dialog/dashboard-confirm-dialog";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { deviceName } from "../devices/device-name";
import { dateTime } from "../format";
import { sessionsStyles } from "./dashboard-sessions.styles";

/** The member's sessions, `<dashboard-sessions>`. */
export class DashboardSessions extends DashboardElement {
  static override styles = sessionsStyles;

  @state() private sessions?: Session[];
  @state() private alert?: string;
  @state() private busy = false;
  @state() private adding = false;
  @state() private passkeyNotice?: string;
  @state() private passkeyAlert?: string;
  @query("dashboard-confirm-dialog") private confirm!: DashboardConfirmDialog;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    this.alert = undefined;
    try {
      this.sessions = (await listSessions()).items;
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    }
  }

  private everywhere = async () => {
    const t = this.s.sessions;
    if (!(await this.confirm.ask(t.confirmEverywhere, t.everywhere))) return;
    this.busy = true;
    this.alert = undefined;
    try {
      await signOutEverywhere();
      emit(this, "dashboard-signed-out", {});
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  };

  private addPasskey = async () => {
    const s = this.s;
    this.adding = true;
    this.passkeyNotice = this.passkeyAlert = undefined;
    try {
      await addOwnPasskey();
      this.passkeyNotice = s.access.passkeyAdded;
    } catch (err) {
      const ceremony = ceremonyFailure(err);
      if (ceremony === "cancelled") this.passkeyAlert = s.passkeyCancelled;
      else if (ceremony === "unsupported") this.passkeyAlert = s.passkeyUnsupported;
      else if (ceremony === "registered") this.passkeyAlert = s.access.passkeyRegistered;
      else if (ceremony) this.passkeyAlert = s.passkeyFailed;
      else this.passkeyAlert = this.messageOf(err) || undefined;
    } finally {
      this.adding = false;
    }
  };

  private item(session: Session) {
    const t = this.s.sessions;
    return html`<li class="session">
      <div class="title">
        <h2>${deviceName(session.userAgent, this.s)}</h2>
        ${session.current ? html`<span class="badge ok">${t.current}</span>` : nothing}
      </div>
      <dl>
        <div><dt>${t.signedIn}</dt><dd>${dateTime(session.createdAt)}</dd></div>
        <div><dt>${t.lastSeen}</dt><dd>${dateTime(session.lastSeenAt)}</dd></div>
        <div><dt>${t.ends}</dt><dd>${dateTime(session.expiresAt)}</dd></div>
        <div><dt>${t.ip}</dt><dd>${session.ip ?? t.unknown}</dd></div>
      </dl>
      ${session.userAgent ? html`<details><summary>${t.userAgent}</summary><code>${session.userAgent}</code></details>` : nothing}
    </li>`;
  }

  override render() {
    const s = this.s;
    const t = s.sessions;
    const sessions = this.sessions;
    return html`<h1>${t.title}</h1>
      <p class="muted">${t.lead}</p>
      <p role="status">${sessions ? t.count(sessions.length) : this.alert ? "" : s.loading}</p>
      ${readAlert(this.alert, s, sessions ? undefined : () => void this.load())}
      ${sessions?.length ? html`<ul part="list" class="sessions">${sessions.map((session) => this.item(session))}</ul>` : nothing}
      <section class="box" aria-labelledby="passkey-title">
        <h2 id="passkey-title">${s.access.passkeyTitle}</h2>
        <p>${s.access.passkeyLead}</p>
        <button part="add-passkey-button" type="button" ?disabled=${this.adding} @click=${this.addPasskey}>${s.access.addPasskey}</button>
        <div aria-live="polite">${this.adding ? html`<p>${s.access.addingPasskey}</p>` : this.passkeyNotice ? html`<p class="notice">${this.passkeyNotice}</p>` : nothing}</div>
        ${this.passkeyAlert ? html`<p class="alert" role="alert">${this.passkeyAlert}</p>` : nothing}
      </section>
      <div class="box everywhere">
        <p>${t.everywhereLead}</p>
        <button part="sign-out-everywhere-button" class="secondary danger" type="button" ?disabled=${this.busy} @click=${this.everywhere}>${t.everywhere}</button>
      </div>
      <dashboard-confirm-dialog></dashboard-confirm-dialog>`;
  }
}
