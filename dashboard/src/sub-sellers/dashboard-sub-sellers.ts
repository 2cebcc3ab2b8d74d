/** Defines `<dashboard-sub-sellers>` (dashboard-sub-sellers.component.ts). */
import { DashboardSubSellers } from "./dashboard-sub-sellers.component";

export { DashboardSubSellers };

customElements.define("dashboard-sub-sellers", DashboardSubSellers);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-sub-sellers": DashboardSubSellers;
  }
}
