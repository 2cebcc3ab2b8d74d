/** Defines `<dashboard-payment-links>` (dashboard-payment-links.component.ts). */
import { DashboardPaymentLinks } from "./dashboard-payment-links.component";

export { DashboardPaymentLinks };

customElements.define("dashboard-payment-links", DashboardPaymentLinks);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-payment-links": DashboardPaymentLinks;
  }
}
