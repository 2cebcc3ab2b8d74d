/**
 * `<dashboard-sub-sellers>`: `/dashboard/sub-sellers`, for a company's members with
 * `sellers.read`. The company's sub-sellers of the mode, newest first, 20 a page
 * (`GET /dashboard/api/sub-sellers`): name, document (masked by the API), e-mail and status; for
 * `sellers.manage`, suspend an ACTIVE one or reactivate a SUSPENDED one, after confirming. A
 * sub-seller's own member is told the server's refusal (403: only a company has sub-sellers).
 *
 * Properties: `mode` (a change reads the first page again), `canManage` (`sellers.manage`).
 *
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart table - The table's region.
 * @csspart pager - Previous and next page.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, query, state } from "lit/decorators.js";
import { listSubSellers, moveSubSeller } from "../api/selling";
import type { Seller, SubSellersPage } from "../api/selling-types";
import type { Mode } from "../api/types";
import type { DashboardConfirmDialog } from "../confirm-dialog/dashboard-confirm-dialog";
import { DashboardElement } from "../dashboard-element";
import { dateTime } from "../format";
import { alertOf, PagedLoader, pager } from "../paging/paged-loader";
import { subSellersStyles } from "./dashboard-sub-sellers.styles";

/** The sub-sellers page, `<dashboard-sub-sellers>`. */
export class DashboardSubSellers extends DashboardElement {
  static override styles = subSellersStyles;

  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) canManage = false;

  /** The company's sub-sellers, a page at a time; `busy` also while one is suspended or reactivated. */
  private pages = new PagedLoader<SubSellersPage>(this, {
    read: (cursor) => listSubSellers(this.mode, cursor),
    failed: (err) => this.messageOf(err) || undefined,
  });
  @state() private notice?: string;
  @query("dashboard-confirm-dialog") private confirm!: DashboardConfirmDialog;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("mode")) this.pages.first();
  }

  private move = async (seller: Seller, move: "suspend" | "reactivate") => {
    const t = this.s.subSellers;
    const name = seller.fantasyName ?? seller.legalName;
    if (!(await this.confirm.ask(move === "suspend" ? t.confirmSuspend(name) : t.confirmReactivate(name), move === "suspend" ? t.suspend : t.reactivate))) return;
    const pages = this.pages;
    pages.busy = true;
    pages.alert = this.notice = undefined;
    try {
      const moved = await moveSubSeller(this.mode, seller.id, move);
      if (pages.page) pages.page = { ...pages.page, items: pages.page.items.map((x) => (x.id === moved.id ? moved : x)) };
      this.notice = (move === "suspend" ? t.suspended : t.reactivated)(name);
    } catch (err) {
      pages.alert = this.messageOf(err) || undefined;
    } finally {
      pages.busy = false;
    }
  };

  private row(seller: Seller) {
    const t = this.s.subSellers;
    const name = seller.fantasyName ?? seller.legalName;
    const move = seller.status === "ACTIVE" ? "suspend" : seller.status === "SUSPENDED" ? "reactivate" : null;
    return html`<tr>
      <td>${name}${seller.fantasyName ? html`<br /><span class="muted">${seller.legalName}</span>` : nothing}</td>
      <td class="nowrap">${seller.documentNumber ?? "—"}</td>
      <td>${seller.email}</td>
      <td><span class="badge ${seller.status}">${t.statuses[seller.status] ?? seller.status}</span></td>
      <td class="nowrap">${dateTime(seller.createdAt)}</td>
      ${this.canManage
        ? html`<td>${move
            ? html`<button class="secondary" type="button" ?disabled=${this.pages.busy} @click=${() => this.move(seller, move)}>
                ${move === "suspend" ? t.suspend : t.reactivate}<span class="visually-hidden"> ${name}</span></button>`
            : nothing}</td>`
        : nothing}
    </tr>`;
  }

  override render() {
    const s = this.s;
    const t = s.subSellers;
    const { page, busy } = this.pages;
    return html`<h1>${s.nav.subSellers}</h1>
      <p class="muted" role="status">${busy && !page ? s.loading : page ? t.count(page.totalItems) : ""}</p>
      <div aria-live="polite">${this.notice ? html`<p class="notice">${this.notice}</p>` : nothing}</div>
      ${alertOf(this.pages, s)}
      ${page && page.items.length === 0 ? html`<p>${t.none}</p>` : nothing}
      ${page && page.items.length > 0
        ? html`<div part="table" class="table-region" role="region" aria-label=${s.tableRegion(t.caption)} tabindex="0">
            <table>
              <caption class="visually-hidden">${t.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">${t.name}</th><th scope="col">${s.fields.document}</th><th scope="col">${s.email}</th>
                  <th scope="col">${s.status}</th><th scope="col">${s.fields.createdAt}</th>${this.canManage ? html`<th scope="col">${t.actions}</th>` : nothing}
                </tr>
              </thead>
              <tbody>${page.items.map((seller) => this.row(seller))}</tbody>
            </table>
          </div>`
        : nothing}
      ${pager(this.pages, s)}
      <dashboard-confirm-dialog></dashboard-confirm-dialog>`;
  }
}
