/** Defines `<dashboard-team>` (dashboard-team.component.ts). */
import { DashboardTeam } from "./dashboard-team.component";

export { DashboardTeam };

customElements.define("dashboard-team", DashboardTeam);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-team": DashboardTeam;
  }
}
