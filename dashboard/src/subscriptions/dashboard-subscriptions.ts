/** Defines `<dashboard-subscriptions>` (dashboard-subscriptions.component.ts). */
import { DashboardSubscriptions } from "./dashboard-subscriptions.component";

export { DashboardSubscriptions };

customElements.define("dashboard-subscriptions", DashboardSubscriptions);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-subscriptions": DashboardSubscriptions;
  }
}
