/**
 * `<dashboard-subscriptions>`: `/dashboard/subscriptions`, for members with `subscriptions.read`.
 * The mode's subscriptions, newest first, 20 a page (`GET /dashboard/api/subscriptions`): each
 * one's buyer (the link to its page), plan, amount per interval, status, method and the date of
 * its next charge (a date alone: the time of day does not matter to it). It fits 1280 px; on a
 * phone the table scrolls sideways inside its own region.
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
import type { NamedSubscription, SubscriptionsPage } from "../api/selling-types";
import type { Mode } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { date, money } from "../format";
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

  private row(sub: NamedSubscription) {
    const s = this.s;
    const t = s.subscriptions;
    const plan = sub.plan;
    return html`<tr data-subscription=${sub.id}>
      <td><a href=${PATHS.subscription(sub.id)} @click=${this.follow}>${sub.buyer.name}</a></td>
      <td>${plan.name}</td>
      <td class="num" data-amount>${money(plan.amount, plan.currency)}<span class="muted">${s.subscriptionList.every(plan.billingInterval, plan.intervalCount)}</span></td>
      <td><span class="badge ${sub.status}">${t.statuses[sub.status] ?? sub.status}</span>${sub.cancelAtPeriodEnd ? html` <span class="muted">${t.endsAtPeriodEnd}</span>` : nothing}</td>
      <td class="nowrap">${s.methods[sub.paymentMethod] ?? sub.paymentMethod}</td>
      <td class="nowrap" data-next-charge>${date(sub.nextChargeAt)}</td>
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
                  <th scope="col">${s.subscriptionList.subscriber}</th><th scope="col">${t.plan}</th><th scope="col" class="num">${s.subscriptionList.amount}</th>
                  <th scope="col">${s.status}</th><th scope="col">${s.method}</th><th scope="col">${s.subscriptionList.nextCharge}</th>
                </tr>
              </thead>
              <tbody>${page.items.map((sub) => this.row(sub))}</tbody>
            </table>
          </div>`
        : nothing}
      ${pager(this.pages, s)}`;
  }
}
