/**
 * `<dashboard-timeline>`: one payment's timeline, on its page
 * (`GET /dashboard/api/payments/{id}/timeline`): its events, oldest first (the seller's events are
 * kept 30 days), each with the webhook deliveries it made, their status and every attempt.
 *
 * Properties: `paymentId`, `mode`, `stamp` (the payment's `updatedAt`: a change, such as a
 * refund, reads the timeline again).
 *
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart base - The section.
 * @csspart events - The events' list.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { readTimeline } from "../api/endpoints";
import type { Mode, Timeline } from "../api/types";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { attemptsDetails, deliveryBadge, deliveryLine } from "../deliveries/delivery-parts";
import { dateTime } from "../format";
import { timelineStyles } from "./dashboard-timeline.styles";

type TimelineEvent = Timeline["events"][number];

/** A payment's timeline, `<dashboard-timeline>`. */
export class DashboardTimeline extends DashboardElement {
  static override styles = timelineStyles;

  @property({ attribute: false }) paymentId = "";
  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) stamp = "";

  @state() private timeline?: Timeline;
  @state() private alert?: string;
  @state() private busy = true;
  private loads = 0;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("paymentId") || changed.has("mode") || changed.has("stamp")) void this.load();
  }

  private async load(): Promise<void> {
    const load = ++this.loads;
    this.busy = true;
    try {
      const timeline = await readTimeline(this.paymentId, this.mode);
      if (load === this.loads) [this.timeline, this.alert] = [timeline, undefined];
    } catch (err) {
      if (load === this.loads) this.alert = this.messageOf(err) || undefined;
    } finally {
      if (load === this.loads) this.busy = false;
    }
  }

  private event(e: TimelineEvent) {
    const s = this.s;
    return html`<li class="event">
      <p class="head">
        <strong>${s.eventTypes[e.type] ?? e.type}</strong>
        ${e.status ? html`<span class="badge ${e.status}">${s.statuses[e.status] ?? e.status}</span>` : nothing}
        <span class="muted">${dateTime(e.occurredAt)}</span>
      </p>
      ${e.deliveries.length === 0
        ? html`<p class="muted">${s.noDeliveries}</p>`
        : html`<ul class="deliveries">
            ${e.deliveries.map(
              (d) => html`<li>
                <p>${s.webhookLabel(d.webhookId)} ${deliveryBadge(d, s)} <span class="muted">${deliveryLine(d, s)}</span></p>
                ${attemptsDetails(d, s)}
              </li>`,
            )}
          </ul>`}
    </li>`;
  }

  override render() {
    const s = this.s;
    const events = this.timeline?.events ?? [];
    return html`<section part="base" aria-labelledby="timeline-title">
      <h2 id="timeline-title">${s.timeline}</h2>
      ${this.busy && !this.timeline ? html`<p role="status">${s.loading}</p>` : nothing}
      ${readAlert(this.alert, s, () => void this.load())}
      ${this.timeline && events.length === 0 ? html`<p>${s.noEvents}</p>` : nothing}
      ${events.length > 0 ? html`<ol part="events" class="events">${events.map((e) => this.event(e))}</ol>` : nothing}
    </section>`;
  }
}
