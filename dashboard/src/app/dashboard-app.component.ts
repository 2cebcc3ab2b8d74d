/**
 * `<dashboard-app>`: the seller dashboard (docs/dashboard.md), the one element of its page. It
 * owns the address bar (pages by `location.pathname` under `/dashboard`, history kept), the
 * signed-in member (`GET /dashboard/api/me`; without a session a member's page goes to sign in),
 * and the mode (test by default, kept for the tab in sessionStorage; always test for a member
 * without live access, and read-only in live for a seller not approved for live: app-pages.ts's
 * `permissionsIn`). Pages get what they need as
 * properties and send their wishes up as events (events.ts). After a navigation, focus moves to
 * the page's region and the document's title names the page.
 *
 * Test mode is unmistakable: on every member's page in test mode, a full-width banner above the
 * header says the data is test data. It is one live region (`role="status"`) that stays in the
 * page across navigations, so a screen reader hears it once, when test mode starts showing (after
 * sign-in, or switching from live), and not again on every page.
 *
 * @event - Sends none; listens to its pages' `dashboard-navigate`, `dashboard-mode-change`,
 *   `dashboard-signed-in`, `dashboard-signed-out` and `dashboard-session-ended`.
 *
 * @csspart test-banner - The test mode's banner (empty, and not shown, in live mode).
 * @csspart header - The member's header (`<dashboard-header>`).
 * @csspart main - The page's region.
 */
import { html, nothing, type PropertyValues } from "lit";
import { state } from "lit/decorators.js";
import { readMe } from "../api/endpoints";
import type { Me, Mode } from "../api/types";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import type { DashboardEventMap } from "../events";
import { needsSession, PATHS, routeOf, type Route } from "../routing/routes";
import { pageTitle, permissionsIn, renderPage } from "./app-pages";
import { appStyles } from "./dashboard-app.styles";

const MODE_KEY = "pay-dashboard:mode";

/** The mode this tab chose before, else test. */
const storedMode = (): Mode => (sessionStorage.getItem(MODE_KEY) === "live" ? "live" : "test");

/** The dashboard's root element, `<dashboard-app>`: routes, session and mode. */
export class DashboardApp extends DashboardElement {
  static override styles = appStyles;

  @state() private route: Route = routeOf(location.pathname);
  @state() private me?: Me;
  @state() private mode: Mode = storedMode();
  @state() private meError?: string;
  /** Whether the member moved since the page loaded (focus moves only then). */
  private navigated = false;
  /** Whether `GET /me` is on its way. */
  private loading = false;

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener("popstate", this.onPopState);
    this.addEventListener("dashboard-navigate", this.onNavigate);
    this.addEventListener("dashboard-mode-change", this.onModeChange);
    this.addEventListener("dashboard-signed-in", this.onSignedIn);
    this.addEventListener("dashboard-signed-out", this.onSessionEnded);
    this.addEventListener("dashboard-session-ended", this.onSessionEnded);
  }

  override disconnectedCallback(): void {
    window.removeEventListener("popstate", this.onPopState);
    super.disconnectedCallback();
  }

  private onPopState = () => this.show(routeOf(location.pathname));

  private onNavigate = (e: DashboardEventMap["dashboard-navigate"]) => {
    e.stopPropagation();
    const { path, replace } = e.detail;
    if (replace) history.replaceState(null, "", path);
    else if (path !== location.pathname + location.search) history.pushState(null, "", path);
    this.show(routeOf(new URL(path, location.href).pathname));
  };

  /** The mode shown: the one chosen, if the member holds live access; test otherwise. */
  private get shownMode(): Mode {
    return this.me?.member.liveAccess ? this.mode : "test";
  }

  private onModeChange = (e: DashboardEventMap["dashboard-mode-change"]) => {
    this.mode = e.detail.mode;
    sessionStorage.setItem(MODE_KEY, this.mode);
    // A payment or a subscription belongs to one mode: the other mode's list is where to go.
    if (this.route.page === "payment") this.go(PATHS.payments);
    if (this.route.page === "subscription") this.go(PATHS.subscriptions);
  };

  private onSignedIn = () => {
    this.me = this.meError = undefined;
    this.go(PATHS.payments, true);
  };

  private onSessionEnded = () => {
    this.me = this.meError = undefined;
    this.go(PATHS.signIn, true);
  };

  private show(route: Route): void {
    this.navigated = true;
    this.route = route;
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("route") || changed.has("me")) {
      if (needsSession(this.route) && !this.me && !this.meError) void this.loadMe();
      document.title = `${pageTitle(this.route, this.s)} · ${this.s.appName}`;
    }
  }

  protected override updated(changed: PropertyValues): void {
    // After a navigation (not the first load), the page's region takes focus so a screen reader starts there.
    if (changed.has("route") && this.navigated) this.renderRoot.querySelector<HTMLElement>("main")?.focus();
  }

  private async loadMe(): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    try {
      this.me = await readMe();
    } catch (err) {
      this.meError = this.messageOf(err) || undefined;
    } finally {
      this.loading = false;
    }
  }

  private retry = () => {
    this.meError = undefined;
    void this.loadMe();
  };

  /** The test mode's banner: the same element on every render, its words only while test data shows. */
  private banner(testing: boolean) {
    return html`<div part="test-banner" class="test-banner" role="status">${testing ? this.s.shell.testBanner : nothing}</div>`;
  }

  override render() {
    return html`${this.banner(!!this.me && needsSession(this.route) && this.shownMode === "test")}${this.body()}`;
  }

  /** The page under the banner: the header and the page, or what stands in for them. */
  private body() {
    const route = this.route;
    const me = this.me;
    const mode = this.shownMode;
    const page = () => renderPage(route, { mode, permissions: me ? permissionsIn(me, mode) : [], liveAccess: me?.member.liveAccess ?? false, follow: this.follow }, this.s);
    if (!needsSession(route)) return html`<main part="main" class="narrow" tabindex="-1">${page()}</main>`;
    if (!me) {
      const body = this.meError
        ? readAlert(this.meError, this.s, this.retry)
        : html`<p role="status">${this.s.loading}</p>`;
      return html`<main part="main" class="narrow" tabindex="-1">${body}</main>`;
    }
    const current = route.page === "payment" ? "payments" : route.page === "subscription" ? "subscriptions" : route.page;
    return html`<dashboard-header part="header" .me=${me} .mode=${mode} current=${current}></dashboard-header>
      <main part="main" tabindex="-1">${page()}</main>`;
  }
}
