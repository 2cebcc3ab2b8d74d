/** Defines `<dashboard-timeline>` (dashboard-timeline.component.ts). */
import { DashboardTimeline } from "./dashboard-timeline.component";

export { DashboardTimeline };

customElements.define("dashboard-timeline", DashboardTimeline);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-timeline": DashboardTimeline;
  }
}
