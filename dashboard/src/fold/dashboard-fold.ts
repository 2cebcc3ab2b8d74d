/** Defines `<dashboard-fold>` (dashboard-fold.component.ts). */
import { DashboardFold } from "./dashboard-fold.component";

export { DashboardFold };

customElements.define("dashboard-fold", DashboardFold);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-fold": DashboardFold;
  }
}
