/** Defines `<dashboard-copy-button>` (dashboard-copy-button.component.ts). */
import { DashboardCopyButton } from "./dashboard-copy-button.component";

export { DashboardCopyButton };

customElements.define("dashboard-copy-button", DashboardCopyButton);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-copy-button": DashboardCopyButton;
  }
}
