/** Defines `<dashboard-refund-form>` (dashboard-refund-form.component.ts). */
import { DashboardRefundForm } from "./dashboard-refund-form.component";

export { DashboardRefundForm };

customElements.define("dashboard-refund-form", DashboardRefundForm);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-refund-form": DashboardRefundForm;
  }
}
