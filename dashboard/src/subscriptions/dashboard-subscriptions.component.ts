/**
 * `<dashboard-subscriptions>`: `/dashboard/subscriptions`, for members with `subscriptions.read`.
 * The mode's subscriptions, newest first, 20 a page (`GET /dashboard/api/subscriptions`): each
 * one's link to its page, status, method, current period and next billing. The table scrolls
 * sideways inside its own region on a narrow screen.
 *
 * Properties: `mode` (a change reads the first page again).
 *
 * @event dashboard-navigate - A subscription's link was followed.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart table - The table's region.
 * @csspart pager - Previous and next page.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property } from "lit/decorators.js";
import { listSubscriptions } from "../api/selling";
import type { Subscription, SubscriptionsPage } from "../api/selling-types";
import type { Mode } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { dateTime } from "../format";
import { alertOf, PagedLoader, pager } from "../paging/paged-loader";
import { PATHS } from "../routing/routes";
import { subscriptionsStyles } from "./dashboard-subscriptions.styles";

/** The subscriptions list, `<dashboard-subscriptions>`. */
export class DashboardSubscriptions extends DashboardElement {
  static override styles = subscriptionsStyles;

  @property({ attribute: false }) mode: Mode = "test";

  /** The mode's subscriptions, a page at a time. */
  private pages = new PagedLoader<SubscriptionsPage>(this, {
    read: (cursor) => listSubscriptions(this.mode, cursor),
    failed: (err) => this.messageOf(err) || undefined,
  });

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("mode")) this.pages.first();
  }

  private row(sub: Subscription) {
    const s = this.s;
    const t = s.subscriptions;
    return html`<tr>
      <td><a href=${PATHS.subscription(sub.id)} @click=${this.follow}>${t.label(sub.id)}</a></td>
      <td><span class="badge ${sub.status}">${t.statuses[sub.status] ?? sub.status}</span>${sub.cancelAtPeriodEnd ? html` <span class="muted">${t.endsAtPeriodEnd}</span>` : nothing}</td>
      <td class="nowrap">${s.methods[sub.paymentMethod] ?? sub.paymentMethod}</td>
      <td class="nowrap">${t.period(dateTime(sub.currentPeriodStart), dateTime(sub.currentPeriodEnd))}</td>
      <td class="nowrap">${dateTime(sub.nextBillingAt)}</td>
      <td class="nowrap">${dateTime(sub.createdAt)}</td>
    </tr>`;
  }

  override render() {
    const s = this.s;
    const t = s.subscriptions;
    const { page, busy } = this.pages;
    const caption = t.caption(this.mode === "live");
    return html`<h1>${s.nav.subscriptions}</h1>
      <p class="muted" role="status">${busy ? s.loading : page ? t.count(page.totalItems) : ""}</p>
      ${alertOf(this.pages, s)}
      ${page && page.items.length === 0 ? html`<p>${t.none}</p>` : nothing}
      ${page && page.items.length > 0
        ? html`<div part="table" class="table-region" role="region" aria-label=${s.tableRegion(caption)} tabindex="0">
            <table>
              <caption class="visually-hidden">${caption}</caption>
              <thead>
                <tr>
                  <th scope="col">${t.one}</th><th scope="col">${s.status}</th><th scope="col">${s.method}</th>
                  <th scope="col">${t.currentPeriod}</th><th scope="col">${t.nextBilling}</th><th scope="col">${s.fields.createdAt}</th>
                </tr>
              </thead>
              <tbody>${page.items.map((sub) => this.row(sub))}</tbody>
            </table>
          </div>`
        : nothing}
      ${pager(this.pages, s)}`;
  }
}
