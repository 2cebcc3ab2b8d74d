/**
 * `<dashboard-team-invite>`: invites a member (`POST /dashboard/api/team`): e-mail, first and last
 * name, and a profile (Administrator, Finance or Operations; the OWNER is never invited here). The
 * answer's invite link is shown once, in a `<dashboard-once-dialog>` with a copy button: the
 * server keeps only its hash. The server's refusals (400 VALIDATION_FAILED, 409 for an e-mail
 * already in the team, 403 LIVE_ACCESS_REQUIRED) are shown under the field they name, or as an alert.
 *
 * Live access (docs/dashboard.md, "Test and live"): an inviter who holds it (`liveAccess`) gets a
 * "live access" checkbox, checked by default (the server's default is the inviter's own); a
 * test-only inviter gets none, and whom they invite is test-only.
 *
 * Properties: `liveAccess` (the inviter holds live access).
 *
 * @event dashboard-member-invited - The member was added: `detail.memberId`.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart base - The form's section.
 * @csspart invite-button - Invite.
 * @csspart dialog - The `<dashboard-once-dialog>` with the link.
 * @csspart alert - Why the invite was refused.
 */
import { html, nothing } from "lit";
import { property, query, state } from "lit/decorators.js";
import { DashboardApiError } from "../api/client";
import type { MemberDraft } from "../api/developers-types";
import { ADDABLE_PROFILES, inviteMember, type InviteDraft } from "../api/team";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { dateTime } from "../format";
import { field, type FieldErrors } from "../forms/field";
import type { DashboardOnceDialog } from "../once-dialog/dashboard-once-dialog";
import { teamInviteStyles } from "./dashboard-team-invite.styles";

/** The invite form, `<dashboard-team-invite>`. */
export class DashboardTeamInvite extends DashboardElement {
  static override styles = teamInviteStyles;

  @property({ attribute: false }) liveAccess = false;
  @state() private busy = false;
  @state() private errors: FieldErrors = {};
  @state() private alert?: string;
  @state() private heading = "";
  @state() private note = "";
  @query("dashboard-once-dialog") private dialog!: DashboardOnceDialog;

  private submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (this.busy) return;
    const t = this.s.team;
    const form = e.target as HTMLFormElement;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const draft: InviteDraft = { email: text("email"), firstName: text("firstName"), profile: text("profile") as MemberDraft["profile"] };
    if (text("lastName")) draft.lastName = text("lastName");
    if (this.liveAccess) draft.liveAccess = data.get("liveAccess") === "on";
    this.errors = { ...(draft.email.includes("@") ? {} : { email: t.emailInvalid }), ...(draft.firstName ? {} : { firstName: t.firstNameRequired }) };
    this.alert = undefined;
    if (Object.keys(this.errors).length > 0) return;
    this.busy = true;
    try {
      const member = await inviteMember(draft);
      form.reset();
      this.heading = t.inviteFor(member.firstName);
      this.note = t.inviteNote(dateTime(member.inviteExpiresAt));
      emit(this, "dashboard-member-invited", { memberId: member.id });
      await this.updateComplete;
      await this.dialog.show(member.inviteUrl);
    } catch (err) {
      const fields = err instanceof DashboardApiError ? err.errors : [];
      this.errors = Object.fromEntries(fields.map((f) => [f.path, this.fieldMessageOf(f)]));
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  };

  override render() {
    const s = this.s;
    const t = s.team;
    const e = this.errors;
    const input = (name: string, type: string, autocomplete: string) =>
      html`<input id=${name} name=${name} type=${type} autocomplete=${autocomplete} aria-invalid=${e[name] ? "true" : "false"} aria-describedby="${name}-error" />`;
    return html`<section part="base" class="panel" aria-labelledby="invite-title">
      <h2 id="invite-title">${t.inviteTitle}</h2>
      <form novalidate @submit=${this.submit}>
        ${field("email", s.email, input("email", "email", "off"), e)}
        ${field("firstName", t.firstName, input("firstName", "text", "off"), e)}
        ${field("lastName", t.lastName, input("lastName", "text", "off"), e)}
        ${field("profile", s.profile, html`<select id="profile" name="profile" aria-describedby="profile-error">${ADDABLE_PROFILES.map((p) => html`<option value=${p} ?selected=${p === "OPERATION"}>${s.profiles[p]}</option>`)}</select>`, e)}
        ${this.liveAccess
          ? html`<div class="field">
              <label class="check"><input id="liveAccess" name="liveAccess" type="checkbox" checked aria-describedby="liveAccess-hint" /> ${s.access.liveAccess}</label>
              <p id="liveAccess-hint" class="muted">${s.access.inviteLiveHint}</p>
            </div>`
          : nothing}
        <button part="invite-button" type="submit" ?disabled=${this.busy}>${t.invite}</button>
      </form>
      <div aria-live="polite">${this.busy ? html`<p>${t.inviting}</p>` : nothing}</div>
      ${this.alert ? html`<p part="alert" class="alert" role="alert">${this.alert}</p>` : nothing}
      <dashboard-once-dialog part="dialog" heading=${this.heading} label=${t.inviteLink} note=${this.note}></dashboard-once-dialog>
    </section>`;
  }
}
