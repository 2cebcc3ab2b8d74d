/** Defines `<dashboard-payout>` (dashboard-payout.component.ts). */
import { DashboardPayout } from "./dashboard-payout.component";

export { DashboardPayout };

customElements.define("dashboard-payout", DashboardPayout);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-payout": DashboardPayout;
  }
}
