/** Defines `<dashboard-webhook-form>` (dashboard-webhook-form.component.ts). */
import { DashboardWebhookForm } from "./dashboard-webhook-form.component";

export { DashboardWebhookForm };

customElements.define("dashboard-webhook-form", DashboardWebhookForm);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-webhook-form": DashboardWebhookForm;
  }
}
