/** Defines `<dashboard-subscription>` (dashboard-subscription.component.ts). */
import { DashboardSubscription } from "./dashboard-subscription.component";

export { DashboardSubscription };

customElements.define("dashboard-subscription", DashboardSubscription);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-subscription": DashboardSubscription;
  }
}
