/** Defines `<dashboard-audit-log>` (dashboard-audit-log.component.ts). */
import { DashboardAuditLog } from "./dashboard-audit-log.component";

export { DashboardAuditLog };

customElements.define("dashboard-audit-log", DashboardAuditLog);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-audit-log": DashboardAuditLog;
  }
}
