/** Defines `<dashboard-events-feed>` (dashboard-events-feed.component.ts). */
import { DashboardEventsFeed } from "./dashboard-events-feed.component";

export { DashboardEventsFeed };

customElements.define("dashboard-events-feed", DashboardEventsFeed);

declare global {
  interface HTMLElementTagNameMap {
    "dashboard-events-feed": DashboardEventsFeed;
  }
}
