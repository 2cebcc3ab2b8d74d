/** Defines `<dashboard-app>` (the page's root: dashboard-app.component.ts). */
import { DashboardApp } from "./dashboard-app.component";

export { DashboardApp };

customElements.define("dashboard-app", DashboardApp);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-app": DashboardApp;
  }
}
