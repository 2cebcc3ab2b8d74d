/**
 * `<dashboard-sign-in>`: `/dashboard/sign-in`. One button: it asks for a challenge
 * (`POST /dashboard/api/sign-in/options`), lets the browser offer the service's passkeys
 * (`startAuthentication`; no list of credentials, the passkey names its member) and sends the
 * signed answer (`POST /dashboard/api/sign-in`). A passkey the service does not know
 * (400 PASSKEY_INVALID) and a closed prompt each say what to do.
 *
 * @event dashboard-signed-in - The member is signed in.
 *
 * @csspart base - The page's section.
 * @csspart sign-in-button - Sign in.
 * @csspart alert - What went wrong.
 */
import { html, nothing } from "lit";
import { state } from "lit/decorators.js";
import { DashboardApiError } from "../api/client";
import { ceremonyFailure, signInWithPasskey } from "../api/passkeys";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { signInStyles } from "./dashboard-sign-in.styles";

/** The sign-in page, `<dashboard-sign-in>`. */
export class DashboardSignIn extends DashboardElement {
  static override styles = signInStyles;

  @state() private busy = false;
  @state() private alert?: string;

  private signIn = async () => {
    this.busy = true;
    this.alert = undefined;
    try {
      const member = await signInWithPasskey();
      emit(this, "dashboard-signed-in", { member });
    } catch (err) {
      this.alert = this.reason(err);
    } finally {
      this.busy = false;
    }
  };

  private reason(err: unknown): string {
    if (err instanceof DashboardApiError && err.code === "PASSKEY_INVALID") return this.s.signInFailed;
    const ceremony = ceremonyFailure(err);
    if (ceremony === "cancelled") return this.s.signInCancelled;
    if (ceremony === "unsupported") return this.s.passkeyUnsupported;
    if (ceremony === "other") return this.s.signInFailed;
    return this.messageOf(err) || this.s.failed;
  }

  override render() {
    const s = this.s;
    return html`<section part="base" class="card stack" aria-labelledby="title">
      <h1 id="title">${s.signInTitle}</h1>
      <p>${s.signInLead}</p>
      ${this.alert ? html`<p part="alert" class="alert" role="alert">${this.alert}</p>` : nothing}
      <button part="sign-in-button" type="button" ?disabled=${this.busy} @click=${this.signIn}>${s.signIn}</button>
      ${this.busy ? html`<p role="status">${s.signingIn}</p>` : nothing}
    </section>`;
  }
}
