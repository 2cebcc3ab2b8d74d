/** Defines `<dashboard-payment>` (dashboard-payment.component.ts). */
import { DashboardPayment } from "./dashboard-payment.component";

export { DashboardPayment };

customElements.define("dashboard-payment", DashboardPayment);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-payment": DashboardPayment;
  }
}
