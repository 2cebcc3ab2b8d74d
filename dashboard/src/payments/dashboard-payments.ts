/** Defines `<dashboard-payments>` (dashboard-payments.component.ts). */
import { DashboardPayments } from "./dashboard-payments.component";

export { DashboardPayments };

customElements.define("dashboard-payments", DashboardPayments);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-payments": DashboardPayments;
  }
}
