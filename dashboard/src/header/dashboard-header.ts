/** Defines `<dashboard-header>` (dashboard-header.component.ts). */
import { DashboardHeader } from "./dashboard-header.component";

export { DashboardHeader };

customElements.define("dashboard-header", DashboardHeader);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-header": DashboardHeader;
  }
}
