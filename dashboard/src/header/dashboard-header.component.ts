/**
 * `<dashboard-header>`: the signed-in member's bar. The seller's name, the member's name and
 * profile, the sections they may open (each only with its permission: app/app-pages.ts's
 * PAGE_PERMISSIONS), the test/live switch (a checkbox with the `switch` role: on is live data)
 * with a badge saying which data shows, the link to the member's own sessions (every member's), and
 * the sign-out button (`POST /dashboard/api/sign-out`).
 *
 * Live mode (docs/dashboard.md, "Test and live"): the switch is there only for a member who holds
 * live access (`me.member.liveAccess`); a test-only member sees the test badge and a note that live
 * mode needs live access, granted by an owner. In live mode, a seller not approved for live
 * (`me.seller.liveApprovedAt` null) gets a note that nothing can be changed there (the app hides
 * the change buttons too). The note describes the switch (`aria-describedby`).
 *
 * Sub-sellers are a company's only: `GET /me`'s seller names its `parentId` (null for a company),
 * so a sub-seller's member never sees the section (asking the list to find out would write a
 * denied audit row for such a member on every visit).
 *
 * On a phone (styles/phone.styles.ts) the sections, the mode and the member's links fold into a
 * menu behind a "Menu" button (`aria-expanded`, `aria-controls`): opening it moves the focus to
 * its first link; following a link, or Escape, closes it (Escape gives the focus back to the
 * button). On a wider screen the button is not there and everything shows.
 *
 * Properties: `me` (GET /dashboard/api/me's answer), `mode`, `current` (the section shown, its
 * page's name, marked `aria-current="page"`).
 *
 * @event dashboard-navigate - A section's link (or the sessions' link) was followed.
 * @event dashboard-mode-change - The switch moved: `detail.mode` is `test` or `live`.
 * @event dashboard-signed-out - The session ended on the server.
 * @event dashboard-session-ended - Signing out found the session already gone.
 *
 * @csspart base - The header.
 * @csspart menu-button - The menu's button (on a phone only).
 * @csspart menu - The sections and the controls (folded on a phone).
 * @csspart nav - The sections' navigation.
 * @csspart mode-switch - The live mode switch (only for a member with live access).
 * @csspart mode-note - Why live mode is closed or read-only, when it is.
 * @csspart sessions-link - The member's sessions.
 * @csspart sign-out-button - Sign out.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, query, state } from "lit/decorators.js";
import { signOut } from "../api/endpoints";
import type { Me, Mode } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { mayOpen } from "../app/app-pages";
import { PATHS, type Route } from "../routing/routes";
import { headerStyles } from "./dashboard-header.styles";

/** The signed-in member's bar, `<dashboard-header>`. */
export class DashboardHeader extends DashboardElement {
  static override styles = headerStyles;

  @property({ attribute: false }) me?: Me;
  @property({ attribute: false }) mode: Mode = "test";
  @property() current = "payments";

  @state() private busy = false;
  @state() private error?: string;
  /** Whether the menu is open (on a phone; on a wider screen it always shows). */
  @state() private menuOpen = false;
  @query(".menu-toggle") private menuButton!: HTMLButtonElement;

  protected override willUpdate(changed: PropertyValues): void {
    // Another page shown (a link followed, the browser's back): the menu has done its job.
    if (changed.has("current")) this.menuOpen = false;
  }

  private toggleMenu = async () => {
    this.menuOpen = !this.menuOpen;
    if (!this.menuOpen) return;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>("#menu a, #menu input, #menu button")?.focus();
  };

  /** Escape closes the open menu and gives the focus back to its button. */
  private onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !this.menuOpen) return;
    this.menuOpen = false;
    this.menuButton.focus();
  };

  /** A link in the menu: the menu closes as the page changes. */
  private followFromMenu = (e: MouseEvent) => {
    this.menuOpen = false;
    this.follow(e);
  };

  private switchMode = (e: Event) => {
    emit(this, "dashboard-mode-change", { mode: (e.target as HTMLInputElement).checked ? "live" : "test" });
  };

  private signOut = async () => {
    this.busy = true;
    this.error = undefined;
    try {
      await signOut();
      emit(this, "dashboard-signed-out", {});
    } catch (err) {
      // A 401 (the session had already ended) sends the member to sign in; anything else is said.
      this.error = this.messageOf(err) ? this.s.signOutFailed : undefined;
    } finally {
      this.busy = false;
    }
  };

  private link(path: string, section: Route["page"], label: string) {
    if (!this.me || !mayOpen(section, this.me.permissions)) return nothing;
    if (section === "sub-sellers" && this.me.seller.parentId) return nothing;
    return html`<li><a href=${path} aria-current=${this.current === section ? "page" : nothing} @click=${this.followFromMenu}>${label}</a></li>`;
  }

  override render() {
    const me = this.me;
    if (!me) return nothing;
    const s = this.s;
    const live = this.mode === "live";
    const name = [me.member.firstName, me.member.lastName].filter(Boolean).join(" ");
    const liveAccess = me.member.liveAccess;
    const note = !liveAccess ? s.access.testOnlyNote : live && me.seller.liveApprovedAt === null ? s.access.notApprovedNote : "";
    return html`<header part="base" @keydown=${this.onKeyDown}>
        <div class="who">
          <p class="seller">${me.seller.name}</p>
          <p class="member">${name} · ${s.profiles[me.member.profile] ?? me.member.profile}</p>
        </div>
        <button part="menu-button" class="menu-toggle secondary" type="button" aria-expanded=${this.menuOpen ? "true" : "false"} aria-controls="menu" @click=${this.toggleMenu}>
          <span class="bars" aria-hidden="true"></span>${s.shell.menu}
        </button>
        <div part="menu" id="menu" class=${this.menuOpen ? "menu open" : "menu"}>
        <nav part="nav" aria-label=${s.sections}>
          <ul>
            ${this.link(PATHS.overview, "overview", s.nav.overview)} ${this.link(PATHS.payments, "payments", s.payments)}
            ${this.link(PATHS.payouts, "payouts", s.payouts.title)}
            ${this.link(PATHS.paymentLinks, "payment-links", s.nav.paymentLinks)} ${this.link(PATHS.subscriptions, "subscriptions", s.nav.subscriptions)}
            ${this.link(PATHS.developers, "developers", s.nav.developers)} ${this.link(PATHS.team, "team", s.nav.team)}
            ${this.link(PATHS.subSellers, "sub-sellers", s.nav.subSellers)} ${this.link(PATHS.auditLog, "audit-log", s.auditLog)}
          </ul>
        </nav>
        <div class="controls">
          ${liveAccess
            ? html`<label class="switch" part="mode-switch">
                <input type="checkbox" role="switch" .checked=${live} aria-describedby=${note ? "mode-note" : nothing} @change=${this.switchMode} />
                ${s.liveMode}
              </label>`
            : nothing}
          <span class="badge mode ${this.mode}">${live ? s.liveData : s.testData}</span>
          <a part="sessions-link" class="sessions" href=${PATHS.sessions} aria-current=${this.current === "sessions" ? "page" : nothing} @click=${this.followFromMenu}>${s.sessions.title}</a>
          <button part="sign-out-button" class="secondary" type="button" ?disabled=${this.busy} @click=${this.signOut}>${s.signOut}</button>
        </div>
        ${note ? html`<p id="mode-note" part="mode-note" class="mode-note">${note}</p>` : nothing}
        </div>
      </header>
      ${this.error ? html`<p class="alert" role="alert">${this.error}</p>` : nothing}`;
  }
}
