/**
 * `<dashboard-team>`: `/dashboard/team`, for members with `team.read`. The team
 * (`GET /dashboard/api/team`) with each member's profile, status, live access and last access as
 * the API labels them (member-card.ts). For `team.manage`: the invite form
 * (`<dashboard-team-invite>`), and for each member but the OWNER and the removed, another profile
 * (`PATCH …/{id}`), a new invite link for one who has not registered yet (`POST …/{id}/invite`:
 * shown once, the earlier links stop working) and remove (`DELETE …/{id}`, after confirming: the
 * member is DISABLED, their sessions and invites end). A viewer who holds live access also grants
 * it (after confirming) or removes it (`PATCH …/{id} {liveAccess}`); a test-only viewer gets no
 * control on a member who holds it. A refusal (403 LIVE_ACCESS_REQUIRED, 409) shows its `detail`
 * on the member's card.
 *
 * Properties: `canManage` (`team.manage`), `liveAccess` (the viewer holds live access).
 *
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart invite - The `<dashboard-team-invite>`.
 * @csspart list - The members' list.
 */
import { html, nothing } from "lit";
import { property, query, state } from "lit/decorators.js";
import type { MemberDraft, TeamMember } from "../api/developers-types";
import { changeLiveAccess, changeProfile, listTeam, reinviteMember, removeMember } from "../api/team";
import type { DashboardConfirmDialog } from "../confirm-dialog/dashboard-confirm-dialog";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { dateTime } from "../format";
import type { DashboardOnceDialog } from "../once-dialog/dashboard-once-dialog";
import { memberCard, nameOf, type MemberCardContext } from "./member-card";
import { teamStyles } from "./dashboard-team.styles";

/** The team page, `<dashboard-team>`. */
export class DashboardTeam extends DashboardElement {
  static override styles = teamStyles;

  @property({ attribute: false }) canManage = false;
  @property({ attribute: false }) liveAccess = false;

  @state() private members?: TeamMember[];
  @state() private alert?: string;
  @state() private notice?: string;
  @state() private failure?: { id: string; message: string };
  @state() private busy = true;
  @state() private busyId: string | null = null;
  @state() private linkNote = "";
  @state() private linkHeading = "";
  @query("dashboard-confirm-dialog") private confirm!: DashboardConfirmDialog;
  @query("dashboard-once-dialog") private linkDialog!: DashboardOnceDialog;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private load = async (): Promise<void> => {
    this.busy = true;
    this.alert = undefined;
    try {
      this.members = (await listTeam()).items;
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busy = false;
    }
  };

  /** Runs a change of `member`, saying `done` after it and reading the team again; a refusal is said on the member's card. */
  private async change(member: TeamMember, run: () => Promise<unknown>, done: string): Promise<void> {
    this.busyId = member.id;
    this.alert = this.notice = this.failure = undefined;
    try {
      await run();
      this.notice = done;
      await this.load();
    } catch (err) {
      const message = this.messageOf(err);
      this.failure = message ? { id: member.id, message } : undefined;
    } finally {
      this.busyId = null;
    }
  }

  private changeProfile = (m: TeamMember, profile: MemberDraft["profile"]) =>
    this.change(m, () => changeProfile(m.id, profile), this.s.team.profileChanged(nameOf(m), this.s.profiles[profile] ?? profile));

  private changeLiveAccess = async (m: TeamMember, liveAccess: boolean) => {
    const a = this.s.access;
    if (liveAccess && !(await this.confirm.ask(a.confirmGrant(nameOf(m)), a.grant))) return;
    await this.change(m, () => changeLiveAccess(m.id, liveAccess), liveAccess ? a.granted(nameOf(m)) : a.revoked(nameOf(m)));
  };

  private reinvite = (m: TeamMember) =>
    this.change(
      m,
      async () => {
        const invite = await reinviteMember(m.id);
        [this.linkHeading, this.linkNote] = [this.s.team.inviteFor(m.firstName), this.s.team.inviteNote(dateTime(invite.inviteExpiresAt))];
        await this.updateComplete;
        await this.linkDialog.show(invite.inviteUrl);
      },
      this.s.team.reinvited(nameOf(m)),
    );

  private removeOne = async (m: TeamMember) => {
    const t = this.s.team;
    if (await this.confirm.ask(t.confirmRemove(nameOf(m)), t.remove)) await this.change(m, () => removeMember(m.id), t.removed(nameOf(m)));
  };

  override render() {
    const s = this.s;
    const ctx: MemberCardContext = {
      s,
      canManage: this.canManage,
      liveAccess: this.liveAccess,
      busyId: this.busyId,
      failure: this.failure,
      changeProfile: this.changeProfile,
      changeLiveAccess: this.changeLiveAccess,
      reinvite: this.reinvite,
      remove: this.removeOne,
    };
    const members = this.members;
    return html`<h1>${s.nav.team}</h1>
      ${this.canManage ? html`<dashboard-team-invite part="invite" .liveAccess=${this.liveAccess} @dashboard-member-invited=${this.load}></dashboard-team-invite>` : nothing}
      <section aria-labelledby="members-title" class="stack">
        <h2 id="members-title">${s.team.members}</h2>
        <p class="muted" role="status">${this.busy && !members ? s.loading : members ? s.team.count(members.length) : ""}</p>
        <div aria-live="polite">${this.notice ? html`<p class="notice">${this.notice}</p>` : nothing}</div>
        ${readAlert(this.alert, s, members ? undefined : this.load)}
        ${members ? html`<ul part="list" class="members">${members.map((m) => memberCard(m, ctx))}</ul>` : nothing}
      </section>
      <dashboard-confirm-dialog></dashboard-confirm-dialog>
      <dashboard-once-dialog heading=${this.linkHeading} label=${s.team.inviteLink} note=${this.linkNote}></dashboard-once-dialog>`;
  }
}
