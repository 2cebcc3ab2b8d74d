/** Defines `<dashboard-sign-in>` (dashboard-sign-in.component.ts). */
import { DashboardSignIn } from "./dashboard-sign-in.component";

export { DashboardSignIn };

customElements.define("dashboard-sign-in", DashboardSignIn);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-sign-in": DashboardSignIn;
  }
}
