/** Defines `<dashboard-payouts>` (dashboard-payouts.component.ts). */
import { DashboardPayouts } from "./dashboard-payouts.component";

export { DashboardPayouts };

customElements.define("dashboard-payouts", DashboardPayouts);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-payouts": DashboardPayouts;
  }
}
