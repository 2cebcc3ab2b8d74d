/**
 * `<dashboard-deliveries>`: the delivery log, the mode's latest 50 webhook deliveries, newest
 * first (`GET /dashboard/api/webhooks/deliveries`): each one's event, status, attempts and last
 * answer, and every attempt in a disclosure (delivery-parts.ts). For `webhooks.manage`, "Retry"
 * on a FAILED delivery (`POST …/deliveries/{id}/retry`: PENDING again, five more attempts, the
 * first at once). While a delivery is due within seconds (after a retry or a test), the log reads
 * itself again every 2 seconds, at most 15 times; "Refresh" reads it at any time.
 *
 * Properties: `mode` (a change reads again), `canRetry` (`webhooks.manage`). Method: `reload()`.
 *
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart list - The deliveries' list.
 * @csspart refresh-button - Refresh.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { listDeliveries, retryDelivery } from "../api/developers";
import type { Delivery } from "../api/developers-types";
import type { Mode } from "../api/types";
import { readAlert } from "../alerts/read-alert";
import { DashboardElement } from "../dashboard-element";
import { dateTime } from "../format";
import { deliveriesStyles } from "./dashboard-deliveries.styles";
import { attemptsDetails, deliveryBadge, deliveryLine } from "./delivery-parts";

const POLL_MS = 2_000;
const POLLS = 15;
/** A PENDING delivery due within this is waited for. */
const DUE_SOON_MS = 10_000;

/** The delivery log, `<dashboard-deliveries>`. */
export class DashboardDeliveries extends DashboardElement {
  static override styles = deliveriesStyles;

  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) canRetry = false;

  @state() private deliveries?: Delivery[];
  @state() private alert?: string;
  @state() private notice?: string;
  @state() private busy = false;
  @state() private busyId: string | null = null;
  private loads = 0;
  private polls = 0;
  private timer?: ReturnType<typeof setTimeout>;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("mode")) void this.reload();
  }

  /** Reads the log again, and keeps reading while a delivery is due soon. */
  reload = async (): Promise<void> => {
    this.polls = 0;
    await this.load();
  };

  private async load(): Promise<void> {
    const load = ++this.loads;
    clearTimeout(this.timer);
    this.busy = true;
    try {
      const { items } = await listDeliveries(this.mode);
      if (load !== this.loads) return;
      [this.deliveries, this.alert] = [items, undefined];
      const dueSoon = items.some((d) => d.status === "PENDING" && (!d.nextAttemptAt || Date.parse(d.nextAttemptAt) - Date.now() < DUE_SOON_MS));
      if (dueSoon && this.polls++ < POLLS) this.timer = setTimeout(() => void this.load(), POLL_MS);
    } catch (err) {
      if (load === this.loads) this.alert = this.messageOf(err) || undefined;
    } finally {
      if (load === this.loads) this.busy = false;
    }
  }

  private retry = async (d: Delivery) => {
    this.busyId = d.id;
    this.alert = this.notice = undefined;
    try {
      await retryDelivery(this.mode, d.id);
      this.notice = this.s.deliveries.retried(this.s.eventTypes[d.eventType] ?? d.eventType);
      await this.reload();
    } catch (err) {
      this.alert = this.messageOf(err) || undefined;
    } finally {
      this.busyId = null;
    }
  };

  private item(d: Delivery) {
    const s = this.s;
    const type = s.eventTypes[d.eventType] ?? d.eventType;
    return html`<li class="delivery">
      <p class="head"><strong>${type}</strong> ${deliveryBadge(d, s)} <span class="muted">${dateTime(d.createdAt)}</span></p>
      <p class="muted">${s.webhookLabel(d.webhookId)} · ${deliveryLine(d, s)}</p>
      ${attemptsDetails(d, s)}
      ${this.canRetry && d.status === "FAILED"
        ? html`<div><button class="secondary" type="button" ?disabled=${this.busyId === d.id} @click=${() => this.retry(d)}>
            ${s.deliveries.retry}<span class="visually-hidden"> ${s.deliveries.retryOf(type, dateTime(d.createdAt))}</span></button></div>`
        : nothing}
    </li>`;
  }

  override render() {
    const s = this.s;
    const t = s.deliveries;
    const list = this.deliveries;
    return html`<section aria-labelledby="deliveries-title" class="section">
      <div class="toolbar">
        <h2 id="deliveries-title">${t.title}</h2>
        <button part="refresh-button" class="secondary" type="button" ?disabled=${this.busy} @click=${this.reload}>${t.refresh}</button>
      </div>
      <p class="muted" role="status">${this.busy && !list ? s.loading : list ? t.count(list.length) : ""}</p>
      <div aria-live="polite">${this.notice ? html`<p class="notice">${this.notice}</p>` : nothing}</div>
      ${readAlert(this.alert, this.s, this.deliveries ? undefined : () => void this.load())}
      ${list?.length === 0 ? html`<p>${t.none}</p>` : nothing}
      ${list?.length ? html`<ul part="list" class="deliveries">${list.map((d) => this.item(d))}</ul>` : nothing}
    </section>`;
  }
}
