/**
 * `<dashboard-developers>`: `/dashboard/developers`, for members with `developers.read` or
 * `webhooks.read`. Its sections, each shown by its permission: API keys (`developers.read`; roll
 * with `keys.manage`), webhooks, the delivery log and the notification settings (`webhooks.read`;
 * changes with `webhooks.manage`), and the events feed (`developers.read`). A webhook registered,
 * tested or deleted has the delivery log read again.
 *
 * Properties: `mode`, `permissions` (the member's).
 *
 * @event dashboard-session-ended - The API answered 401 (from any section).
 *
 * @csspart keys - `<dashboard-api-keys>`.
 * @csspart webhooks - `<dashboard-webhooks>`.
 * @csspart deliveries - `<dashboard-deliveries>`.
 * @csspart settings - `<dashboard-notification-settings>`.
 * @csspart events - `<dashboard-events-feed>`.
 */
import { html, nothing } from "lit";
import { property, query } from "lit/decorators.js";
import type { Mode } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import type { DashboardDeliveries } from "../deliveries/dashboard-deliveries";
import { developersStyles } from "./dashboard-developers.styles";

/** The developers page, `<dashboard-developers>`. */
export class DashboardDevelopers extends DashboardElement {
  static override styles = developersStyles;

  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) permissions: readonly string[] = [];
  @query("dashboard-deliveries") private deliveries?: DashboardDeliveries;

  private changed = () => void this.deliveries?.reload();

  override render() {
    const can = (p: string) => this.permissions.includes(p);
    const mode = this.mode;
    const developer = can("developers.read");
    const hooks = can("webhooks.read");
    const manage = can("webhooks.manage");
    return html`<h1>${this.s.nav.developers}</h1>
      ${developer ? html`<dashboard-api-keys part="keys" .mode=${mode} .canRoll=${can("keys.manage")}></dashboard-api-keys>` : nothing}
      ${hooks
        ? html`<dashboard-webhooks part="webhooks" .mode=${mode} .canManage=${manage} @dashboard-webhooks-changed=${this.changed}></dashboard-webhooks>
            <dashboard-deliveries part="deliveries" .mode=${mode} .canRetry=${manage}></dashboard-deliveries>
            <dashboard-notification-settings part="settings" .mode=${mode} .canManage=${manage}></dashboard-notification-settings>`
        : nothing}
      ${developer ? html`<dashboard-events-feed part="events" .mode=${mode}></dashboard-events-feed>` : nothing}`;
  }
}
