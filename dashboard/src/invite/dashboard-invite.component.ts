/**
 * `<dashboard-invite>`: the page of an invite link, `/dashboard/invite#token=…` (the token rides in
 * the fragment, so it never reaches a server's log). It asks for the registration options, which
 * say who is invited (name, e-mail, profile, seller), and on "Create passkey" has the browser create
 * a discoverable passkey (`startRegistration`) and registers it (`POST /dashboard/api/invites/register`).
 * Registered, the member is signed in. An invalid, spent or expired invite (404 INVITE_INVALID)
 * and a link without its token say so instead of offering the button.
 *
 * A challenge verifies once and lives 5 minutes: a second attempt, or one made more than 4 minutes
 * after the page asked, asks for new options first.
 *
 * @event dashboard-signed-in - The passkey is registered and the member signed in.
 * @event dashboard-navigate - The sign-in link was followed.
 *
 * @csspart base - The page's section.
 * @csspart create-button - Create passkey.
 * @csspart alert - Why the invite cannot be used, or what went wrong.
 */
import { html, nothing } from "lit";
import { state } from "lit/decorators.js";
import { DashboardApiError } from "../api/client";
import { registrationOptions } from "../api/endpoints";
import { ceremonyFailure, createPasskey } from "../api/passkeys";
import type { RegistrationOptions } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { PATHS } from "../routing/routes";
import { inviteStyles } from "./dashboard-invite.styles";

type Phase = "loading" | "ready" | "creating" | "invalid" | "error";

/** How long options are used before new ones are asked for (their challenge lives 5 minutes). */
const CHALLENGE_REUSE_MS = 4 * 60_000;

/** The invite's token, from the page's fragment (`#token=…`). */
export const inviteToken = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";

/** The invite page, `<dashboard-invite>`: who is invited, and their passkey created. */
export class DashboardInvite extends DashboardElement {
  static override styles = inviteStyles;

  @state() private phase: Phase = "loading";
  @state() private invite?: RegistrationOptions;
  @state() private alert?: string;
  private token = inviteToken(location.hash);
  /** Whether `invite`'s challenge was sent once already (it is spent then). */
  private spent = false;
  /** When `invite` was read. */
  private loadedAt = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  /** Fresh registration options (who is invited, and a new challenge). */
  private async load(): Promise<RegistrationOptions | null> {
    if (!this.token) {
      this.phase = "invalid";
      this.alert = this.s.inviteMissing;
      return null;
    }
    try {
      this.invite = await registrationOptions(this.token);
      this.spent = false;
      this.loadedAt = Date.now();
      if (this.phase === "loading") this.phase = "ready";
      return this.invite;
    } catch (err) {
      this.fail(err);
      return null;
    }
  }

  private fail(err: unknown): void {
    const invalid = err instanceof DashboardApiError && (err.code === "INVITE_INVALID" || err.status === 404);
    this.phase = invalid ? "invalid" : this.invite ? "ready" : "error";
    const ceremony = ceremonyFailure(err);
    if (invalid) this.alert = this.s.inviteInvalid;
    else if (ceremony) this.alert = ceremony === "cancelled" ? this.s.passkeyCancelled : ceremony === "unsupported" ? this.s.passkeyUnsupported : this.s.passkeyFailed;
    else this.alert = this.messageOf(err) || this.s.failed;
  }

  private create = async () => {
    this.phase = "creating";
    this.alert = undefined;
    const fresh = this.invite && !this.spent && Date.now() - this.loadedAt < CHALLENGE_REUSE_MS;
    const options = fresh ? this.invite! : await this.load();
    if (!options) return;
    this.spent = true;
    try {
      const member = await createPasskey(this.token, options);
      emit(this, "dashboard-signed-in", { member });
    } catch (err) {
      this.fail(err);
    }
  };

  private renderInvite(invite: RegistrationOptions) {
    const s = this.s;
    const creating = this.phase === "creating";
    return html`<p class="lead">${s.inviteLead(invite.member.firstName, invite.seller.name)}</p>
      <dl>
        <dt>${s.email}</dt>
        <dd>${invite.member.email}</dd>
        <dt>${s.profile}</dt>
        <dd>${s.profiles[invite.member.profile] ?? invite.member.profile}</dd>
      </dl>
      <p>${s.inviteExplain}</p>
      <button part="create-button" type="button" ?disabled=${creating} @click=${this.create}>${s.createPasskey}</button>
      ${creating ? html`<p role="status">${s.creatingPasskey}</p>` : nothing}`;
  }

  override render() {
    const s = this.s;
    const usable = this.invite && (this.phase === "ready" || this.phase === "creating");
    return html`<section part="base" class="card stack" aria-labelledby="title">
      <h1 id="title">${s.inviteTitle}</h1>
      ${this.phase === "loading" ? html`<p role="status">${s.loading}</p>` : nothing}
      ${this.alert ? html`<p part="alert" class="alert" role="alert">${this.alert}</p>` : nothing}
      ${usable ? this.renderInvite(this.invite!) : nothing}
      ${this.phase === "error" ? html`<button type="button" @click=${() => this.load()}>${s.retry}</button>` : nothing}
      <p class="muted">${s.haveAccount} <a href=${PATHS.signIn} @click=${this.follow}>${s.signIn}</a></p>
    </section>`;
  }
}
