/** Defines `<dashboard-sessions>` (dashboard-sessions.component.ts). */
import { DashboardSessions } from "./dashboard-sessions.component";

export { DashboardSessions };

customElements.define("dashboard-sessions", DashboardSessions);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-sessions": DashboardSessions;
  }
}
