/** Defines `<dashboard-once-dialog>` (dashboard-once-dialog.component.ts). */
import { DashboardOnceDialog } from "./dashboard-once-dialog.component";

export { DashboardOnceDialog };

customElements.define("dashboard-once-dialog", DashboardOnceDialog);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-once-dialog": DashboardOnceDialog;
  }
}
