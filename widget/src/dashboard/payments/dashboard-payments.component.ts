/**
 * `<dashboard-payments>`: the mode's payments, newest first, 20 a page
 * (`GET /dashboard/api/payments`, the envelope of `GET /v1/transactions`). Filters by status (a
 * change reads the first page again). The method shows in its column; the server takes no method
 * filter (its query is strict: `paymentMethod` is a 400), so none is offered. "Next page" follows
 * the page's `nextCursor`, "Previous page" goes back to the cursor before it. Each payment's
 * description (or short id) links to its page. The table scrolls sideways inside its own region
 * on a narrow screen; the page never does.
 *
 * Properties: `mode` (`test` or `live`; a change reads the first page again).
 *
 * @event dashboard-navigate - A payment's link was followed.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart filters - The status filter.
 * @csspart table - The payments' table region.
 * @csspart pager - Previous and next page.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { TRANSACTION_STATUSES } from "../../../../shared/payments";
import { listPayments } from "../api/endpoints";
import type { Mode, PaymentsPage, PaymentsQuery } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { paymentRows } from "./payment-rows";
import { paymentsStyles } from "./dashboard-payments.styles";

/** The payments list, `<dashboard-payments>`. */
export class DashboardPayments extends DashboardElement {
  static override styles = paymentsStyles;

  @property({ attribute: false }) mode: Mode = "test";

  @state() private status: PaymentsQuery["status"] = "";
  /** The cursors of the pages before this one (null: the first page); the last is this page's. */
  @state() private cursors: (string | null)[] = [null];
  @state() private page?: PaymentsPage;
  @state() private alert?: string;
  @state() private busy = true;
  private loads = 0;

  protected override willUpdate(changed: PropertyValues): void {
    // Another mode is another list: back to its first page.
    if (changed.has("mode") && changed.get("mode") !== undefined) this.cursors = [null];
    if (changed.has("mode") || changed.has("status") || changed.has("cursors")) void this.load();
  }

  private async load(): Promise<void> {
    const load = ++this.loads;
    this.busy = true;
    this.alert = undefined;
    const query = { mode: this.mode, status: this.status, cursor: this.cursors[this.cursors.length - 1] ?? null };
    try {
      const page = await listPayments(query);
      if (load === this.loads) this.page = page;
    } catch (err) {
      if (load === this.loads) this.alert = this.messageOf(err) || undefined;
    } finally {
      if (load === this.loads) this.busy = false;
    }
  }

  private filter = (e: Event) => {
    this.status = (e.target as HTMLSelectElement).value as PaymentsQuery["status"];
    this.cursors = [null];
  };

  private next = () => {
    if (this.page?.nextCursor) this.cursors = [...this.cursors, this.page.nextCursor];
  };

  private previous = () => {
    if (this.cursors.length > 1) this.cursors = this.cursors.slice(0, -1);
  };

  private renderFilters() {
    const s = this.s;
    const option = (value: string, label: string, chosen: string) => html`<option value=${value} ?selected=${value === chosen}>${label}</option>`;
    return html`<fieldset part="filters" class="filters">
      <legend class="visually-hidden">${s.filters}</legend>
      <label>${s.status}
        <select name="status" @change=${this.filter}>
          ${option("", s.allStatuses, this.status)}${TRANSACTION_STATUSES.map((v) => option(v, s.statuses[v] ?? v, this.status))}
        </select>
      </label>
    </fieldset>`;
  }

  override render() {
    const s = this.s;
    const page = this.page;
    const caption = s.paymentsCaption(this.mode === "live");
    const pageNumber = this.cursors.length;
    return html`<h1>${s.payments}</h1>
      ${this.renderFilters()}
      <p class="muted" role="status">${this.busy ? s.loading : page ? `${s.pageNumber(pageNumber)} · ${s.paymentsCount(page.totalItems)}` : ""}</p>
      ${this.alert ? html`<p class="alert" role="alert">${this.alert}</p>` : nothing}
      ${page && page.items.length === 0 ? html`<p>${s.noPayments}</p>` : nothing}
      ${page && page.items.length > 0
        ? html`<div part="table" class="table-region" role="region" aria-label=${s.tableRegion(caption)} tabindex="0">
            <table>
              <caption class="visually-hidden">${caption}</caption>
              <thead>
                <tr>
                  <th scope="col">${s.payment}</th><th scope="col" class="num">${s.amount}</th><th scope="col">${s.status}</th>
                  <th scope="col">${s.date}</th><th scope="col">${s.customer}</th><th scope="col">${s.method}</th>
                </tr>
              </thead>
              <tbody>${paymentRows(page.items, s, this.follow)}</tbody>
            </table>
          </div>`
        : nothing}
      <div part="pager" class="pager">
        <button class="secondary" type="button" ?disabled=${this.busy || pageNumber === 1} @click=${this.previous}>${s.previousPage}</button>
        <button class="secondary" type="button" ?disabled=${this.busy || !page?.nextCursor} @click=${this.next}>${s.nextPage}</button>
      </div>`;
  }
}
