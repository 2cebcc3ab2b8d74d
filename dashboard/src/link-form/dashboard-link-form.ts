/** Defines `<dashboard-link-form>` (dashboard-link-form.component.ts). */
import { DashboardLinkForm } from "./dashboard-link-form.component";

export { DashboardLinkForm };

customElements.define("dashboard-link-form", DashboardLinkForm);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-link-form": DashboardLinkForm;
  }
}
