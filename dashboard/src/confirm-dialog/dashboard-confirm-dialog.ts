/** Defines `<dashboard-confirm-dialog>` (dashboard-confirm-dialog.component.ts). */
import { DashboardConfirmDialog } from "./dashboard-confirm-dialog.component";

export { DashboardConfirmDialog };

customElements.define("dashboard-confirm-dialog", DashboardConfirmDialog);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-confirm-dialog": DashboardConfirmDialog;
  }
}
