/** Defines `<dashboard-replay-dialog>` (dashboard-replay-dialog.component.ts). */
import { DashboardReplayDialog } from "./dashboard-replay-dialog.component";

export { DashboardReplayDialog };

customElements.define("dashboard-replay-dialog", DashboardReplayDialog);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-replay-dialog": DashboardReplayDialog;
  }
}
