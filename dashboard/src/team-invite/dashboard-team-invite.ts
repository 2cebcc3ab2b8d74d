/** Defines `<dashboard-team-invite>` (dashboard-team-invite.component.ts). */
import { DashboardTeamInvite } from "./dashboard-team-invite.component";

export { DashboardTeamInvite };

customElements.define("dashboard-team-invite", DashboardTeamInvite);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-team-invite": DashboardTeamInvite;
  }
}
