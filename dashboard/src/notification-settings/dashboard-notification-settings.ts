/** Defines `<dashboard-notification-settings>` (dashboard-notification-settings.component.ts). */
import { DashboardNotificationSettings } from "./dashboard-notification-settings.component";

export { DashboardNotificationSettings };

customElements.define("dashboard-notification-settings", DashboardNotificationSettings);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-notification-settings": DashboardNotificationSettings;
  }
}
