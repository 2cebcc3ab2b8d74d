/** Defines `<dashboard-deliveries>` (dashboard-deliveries.component.ts). */
import { DashboardDeliveries } from "./dashboard-deliveries.component";

export { DashboardDeliveries };

customElements.define("dashboard-deliveries", DashboardDeliveries);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-deliveries": DashboardDeliveries;
  }
}
