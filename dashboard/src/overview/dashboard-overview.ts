/** Defines `<dashboard-overview>` (dashboard-overview.component.ts). */
import { DashboardOverview } from "./dashboard-overview.component";

export { DashboardOverview };

customElements.define("dashboard-overview", DashboardOverview);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-overview": DashboardOverview;
  }
}
