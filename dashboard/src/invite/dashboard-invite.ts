/** Defines `<dashboard-invite>` (dashboard-invite.component.ts). */
import { DashboardInvite } from "./dashboard-invite.component";

export { DashboardInvite };

customElements.define("dashboard-invite", DashboardInvite);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-invite": DashboardInvite;
  }
}
