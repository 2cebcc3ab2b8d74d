/** Defines `<dashboard-api-keys>` (dashboard-api-keys.component.ts). */
import { DashboardApiKeys } from "./dashboard-api-keys.component";

export { DashboardApiKeys };

customElements.define("dashboard-api-keys", DashboardApiKeys);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-api-keys": DashboardApiKeys;
  }
}
