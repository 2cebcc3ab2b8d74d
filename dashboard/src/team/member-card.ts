/**
 * One team member as the team page shows them: name and e-mail, the API's own labels for their
 * profile, status and last access (in the page's language), and whether they hold live access.
 * For `team.manage`, and unless they are the OWNER or removed: another profile, a new invite link
 * (only while INVITED: a registered member adds devices themselves), remove, and, for a viewer who
 * holds live access, granting or removing it. A test-only viewer gets no control on a member who
 * holds live access (the server refuses each: docs/dashboard.md, "Test and live"). What the server
 * refused is shown on the member's card, where the action was. Every control names the member for
 * a screen reader.
 */
import { html, nothing } from "lit";
import type { MemberDraft, TeamMember } from "../api/developers-types";
import type { DashboardStrings } from "../i18n/locale";
import { ADDABLE_PROFILES } from "../api/team";

/** What a card needs beyond its member. */
export interface MemberCardContext {
  s: DashboardStrings;
  canManage: boolean;
  /** Whether the viewer holds live access (only then may they grant or remove it). */
  liveAccess: boolean;
  busyId: string | null;
  /** The server's refusal of the last action, on the member it was about. */
  failure?: { id: string; message: string };
  changeProfile: (member: TeamMember, profile: MemberDraft["profile"]) => void;
  changeLiveAccess: (member: TeamMember, liveAccess: boolean) => void;
  reinvite: (member: TeamMember) => void;
  remove: (member: TeamMember) => void;
}

/** The member's full name. */
export const nameOf = (m: Pick<TeamMember, "firstName" | "lastName">) => [m.firstName, m.lastName].filter(Boolean).join(" ");

/** One member's `<li>`. */
export function memberCard(m: TeamMember, ctx: MemberCardContext) {
  const { s } = ctx;
  const t = s.team;
  const a = s.access;
  const name = nameOf(m);
  const manageable = ctx.canManage && m.profile !== "OWNER" && m.status !== "DISABLED" && (ctx.liveAccess || !m.liveAccess);
  const busy = ctx.busyId === m.id;
  const save = (e: SubmitEvent) => {
    e.preventDefault();
    const profile = new FormData(e.target as HTMLFormElement).get("profile") as MemberDraft["profile"];
    if (profile !== m.profile) ctx.changeProfile(m, profile);
  };
  const hidden = html`<span class="visually-hidden"> ${name}</span>`;
  return html`<li class="member">
    <h3>${name}</h3>
    <p class="muted email">${m.email}</p>
    <dl>
      <div><dt>${s.profile}</dt><dd>${m.profileLabel}</dd></div>
      <div><dt>${s.status}</dt><dd><span class="badge ${m.status}">${m.statusLabel}</span></dd></div>
      <div><dt>${a.liveFact}</dt><dd><span class="badge ${m.liveAccess ? "ok" : ""}">${m.liveAccess ? a.liveYes : a.liveNo}</span></dd></div>
      <div><dt>${t.lastAccess}</dt><dd>${m.lastAccessLabel ?? "—"}</dd></div>
    </dl>
    ${manageable
      ? html`<div class="actions">
          <form class="profile" @submit=${save}>
            <label for="profile-${m.id}">${t.newProfile}${hidden}</label>
            <select id="profile-${m.id}" name="profile">${ADDABLE_PROFILES.map((p) => html`<option value=${p} ?selected=${p === m.profile}>${s.profiles[p]}</option>`)}</select>
            <button class="secondary" type="submit" ?disabled=${busy}>${t.saveProfile}${hidden}</button>
          </form>
          ${ctx.liveAccess
            ? html`<button class="secondary" type="button" ?disabled=${busy} @click=${() => ctx.changeLiveAccess(m, !m.liveAccess)}>${m.liveAccess ? a.revoke : a.grant}${hidden}</button>`
            : nothing}
          ${m.status === "INVITED" ? html`<button class="secondary" type="button" ?disabled=${busy} @click=${() => ctx.reinvite(m)}>${t.newInviteLink}${hidden}</button>` : nothing}
          <button class="secondary danger" type="button" ?disabled=${busy} @click=${() => ctx.remove(m)}>${t.remove}${hidden}</button>
        </div>`
      : nothing}
    ${ctx.failure?.id === m.id ? html`<p class="alert" role="alert">${ctx.failure.message}</p>` : nothing}
  </li>`;
}
