/** Defines `<dashboard-webhooks>` (dashboard-webhooks.component.ts). */
import { DashboardWebhooks } from "./dashboard-webhooks.component";

export { DashboardWebhooks };

customElements.define("dashboard-webhooks", DashboardWebhooks);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-webhooks": DashboardWebhooks;
  }
}
