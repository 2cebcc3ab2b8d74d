/**
 * `<dashboard-events-feed>`: the mode's events of the last 7 days (`GET /dashboard/api/events`,
 * the feed of `GET /v1/events`), oldest first as the feed runs, 25 a page: when, the type, the
 * event's id, and the payment it is about (a link to its page). "Later events" continues after the
 * page's last event (`after`); "From the start" reads the first page again (new events included).
 *
 * Properties: `mode` (a change reads the first page again).
 *
 * @event dashboard-navigate - A payment's link was followed.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart table - The events' table region.
 * @csspart pager - The buttons between pages.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { listEvents } from "../api/developers";
import type { EventFeed } from "../api/developers-types";
import type { Mode } from "../api/types";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { dateTime } from "../format";
import { PATHS } from "../routing/routes";
import { eventsFeedStyles } from "./dashboard-events-feed.styles";

const WEEK_MS = 7 * 86_400_000;

/** The events feed, `<dashboard-events-feed>`. */
export class DashboardEventsFeed extends DashboardElement {
  static override styles = eventsFeedStyles;

  @property({ attribute: false }) mode: Mode = "test";

  @state() private afterId: string | null = null;
  @state() private feed?: EventFeed;
  @state() private alert?: string;
  @state() private busy = true;
  private loads = 0;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("mode") && changed.get("mode") !== undefined) this.afterId = null;
    if (changed.has("mode") || changed.has("afterId")) void this.load();
  }

  private async load(): Promise<void> {
    const load = ++this.loads;
    this.busy = true;
    try {
      const feed = await listEvents(this.mode, new Date(Date.now() - WEEK_MS).toISOString(), this.afterId);
      if (load === this.loads) [this.feed, this.alert] = [feed, undefined];
    } catch (err) {
      if (load === this.loads) this.alert = this.messageOf(err) || undefined;
    } finally {
      if (load === this.loads) this.busy = false;
    }
  }

  private first = () => {
    if (this.afterId === null) void this.load();
    else this.afterId = null;
  };

  private row(event: EventFeed["items"][number]) {
    const s = this.s;
    const tx = (event.data as { transaction?: { id?: string } }).transaction?.id;
    return html`<tr>
      <td class="nowrap">${dateTime(event.occurredAt)}</td>
      <td>${s.eventTypes[event.type] ?? event.type}</td>
      <td class="key"><code>${event.id}</code></td>
      <td>${tx ? html`<a href=${PATHS.payment(tx)} @click=${this.follow}>${s.paymentLabel(tx)}</a>` : "—"}</td>
    </tr>`;
  }

  override render() {
    const s = this.s;
    const t = s.events;
    const feed = this.feed;
    return html`<section aria-labelledby="events-title" class="section">
      <h2 id="events-title">${t.title}</h2>
      <p class="muted" role="status">${this.busy ? s.loading : t.lead}</p>
      ${readAlert(this.alert, this.s, this.feed ? undefined : () => void this.load())}
      ${feed?.items.length === 0 ? html`<p>${t.none}</p>` : nothing}
      ${feed?.items.length
        ? html`<div part="table" class="table-region" role="region" aria-label=${s.tableRegion(t.caption)} tabindex="0">
            <table>
              <caption class="visually-hidden">${t.caption}</caption>
              <thead><tr><th scope="col">${s.when}</th><th scope="col">${t.type}</th><th scope="col">${t.id}</th><th scope="col">${s.payment}</th></tr></thead>
              <tbody>${feed.items.map((e) => this.row(e))}</tbody>
            </table>
          </div>`
        : nothing}
      <div part="pager" class="row-actions">
        <button class="secondary" type="button" ?disabled=${this.busy} @click=${this.first}>${t.first}</button>
        <button class="secondary" type="button" ?disabled=${this.busy || !feed?.hasMore} @click=${() => (this.afterId = feed?.nextAfter ?? null)}>${t.later}</button>
      </div>
    </section>`;
  }
}
