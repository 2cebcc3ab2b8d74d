/** Defines `<dashboard-developers>` (dashboard-developers.component.ts). */
import { DashboardDevelopers } from "./dashboard-developers.component";

export { DashboardDevelopers };

customElements.define("dashboard-developers", DashboardDevelopers);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-developers": DashboardDevelopers;
  }
}
