/**
 * `<dashboard-payments>`: the mode's payments, newest first, 20 a page
 * (`GET /dashboard/api/payments`, the envelope of `GET /v1/transactions`), and their search above
 * the list (payment-search.ts): the status, the method, a start and an end day, a minimum and a
 * maximum amount in reais, the buyer's e-mail, and a payment id. "Search" applies the form (a
 * status or method chosen applies it at once), "Clear" empties it and lists everything; either
 * reads the first page again, and "Next page" carries the same filters with the page's
 * `nextCursor` ("Previous page" goes back to the cursor before it). On a phone the search folds
 * behind a "Filters" button (`<dashboard-fold>`), so the list starts on the first screen. A full payment id opens that
 * payment's page (`/dashboard/payments/{id}`) without a list call. What the page can check is
 * shown under its field before any call; a 400 from the server shows its field code's sentence under the field
 * its `errors[].path` names. Each payment's description (or short id) links to its page. The form
 * wraps to a column and the table scrolls sideways inside its own region on a narrow screen; the
 * page never does.
 *
 * Properties: `mode` (`test` or `live`; a change reads the first page again, with the same filters).
 *
 * @event dashboard-navigate - A payment's link was followed, or its id searched.
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart filters - The search form.
 * @csspart table - The payments' table region.
 * @csspart pager - Previous and next page.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { PAYMENT_METHODS, TRANSACTION_STATUSES } from "../../../shared/payments";
import { DashboardApiError } from "../api/client";
import { listPayments, paymentsExportUrl } from "../api/endpoints";
import type { Mode, PaymentsFilters, PaymentsPage } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { field, type FieldErrors } from "../forms/field";
import { alertOf, PagedLoader, pager } from "../paging/paged-loader";
import { PATHS } from "../routing/routes";
import { paymentRows } from "./payment-rows";
import { readSearch, SEARCH_KEYS, searchErrors } from "./payment-search";
import { paymentsStyles } from "./dashboard-payments.styles";

/** The payments list, `<dashboard-payments>`. */
export class DashboardPayments extends DashboardElement {
  static override styles = paymentsStyles;

  @property({ attribute: false }) mode: Mode = "test";

  /** What the search text is read as (the select's choice), for its hint. */
  @state() private searchBy = "name";

  /** The search applied (the form may hold another until it is applied). */
  @state() private filters: PaymentsFilters = {};
  /** What is wrong with the form's fields, by name. */
  @state() private errors: FieldErrors = {};
  /** The payments that match the search, a page at a time. */
  private pages = new PagedLoader<PaymentsPage>(this, {
    read: (cursor) => listPayments({ mode: this.mode, ...this.filters, cursor }),
    failed: (err) => {
      // A refusal of the search: its messages under the fields they name, and no list that matches other filters.
      const fields = err instanceof DashboardApiError && err.status === 400 ? searchErrors(err.errors, this.s) : null;
      if (!fields) return this.messageOf(err) || undefined;
      this.pages.page = undefined;
      this.errors = fields;
      this.focusInvalid();
      return undefined;
    },
  });

  protected override willUpdate(changed: PropertyValues): void {
    // Another mode is another list: back to its first page.
    if (changed.has("mode")) this.pages.first();
    else if (changed.has("filters")) this.pages.reload();
  }

  /**
   * Applies the form: its filters, from the first page. `submitted` ("Search" pressed): a payment id
   * typed in opens that payment instead, and a field in error takes the focus (a select's change
   * leaves the focus where it is).
   */
  private search(form: HTMLFormElement, submitted: boolean): void {
    const asked = readSearch(new FormData(form), this.s, submitted);
    if ("errors" in asked) {
      this.errors = asked.errors;
      if (submitted) this.focusInvalid();
      return;
    }
    this.errors = {};
    if ("paymentId" in asked) return this.go(PATHS.payment(asked.paymentId));
    this.filters = asked.filters;
    this.pages.first();
  }

  private submit = (e: SubmitEvent) => {
    e.preventDefault();
    this.search(e.currentTarget as HTMLFormElement, true);
  };

  /** A status or method chosen lists at once (a payment id waits for "Search"). */
  private choose = (e: Event) => {
    const form = (e.target as HTMLSelectElement).form;
    if (form) this.search(form, false);
  };

  private keyChosen = (e: Event) => {
    this.searchBy = (e.target as HTMLSelectElement).value;
  };

  /** The form was emptied ("Clear"): every payment, from the first page. */
  private cleared = () => {
    this.errors = {};
    this.searchBy = "name";
    this.filters = {};
    this.pages.first();
  };

  private focusInvalid(): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
  }

  private renderFilters() {
    const s = this.s;
    const q = s.search;
    const e = this.errors;
    const f = this.filters;
    const invalid = (name: string) => (e[name] ? "true" : "false");
    const option = (value: string, label: string, chosen: string | undefined) => html`<option value=${value} ?selected=${value === (chosen ?? "")}>${label}</option>`;
    const text = (name: string, type: string, inputmode = "text") =>
      html`<input id=${name} name=${name} type=${type} inputmode=${inputmode} autocomplete="off" spellcheck="false" aria-invalid=${invalid(name)} aria-describedby="${name}-error" />`;
    return html`<form part="filters" class="filters" role="search" aria-label=${q.region} novalidate @submit=${this.submit} @reset=${this.cleared}>
      ${field(
        "status",
        s.status,
        html`<select id="status" name="status" aria-invalid=${invalid("status")} aria-describedby="status-error" @change=${this.choose}>
          ${option("", s.allStatuses, f.status)}${TRANSACTION_STATUSES.map((v) => option(v, s.statuses[v] ?? v, f.status))}
        </select>`,
        e,
      )}
      ${field(
        "paymentMethod",
        s.method,
        html`<select id="paymentMethod" name="paymentMethod" aria-invalid=${invalid("paymentMethod")} aria-describedby="paymentMethod-error" @change=${this.choose}>
          ${option("", q.allMethods, f.paymentMethod)}${PAYMENT_METHODS.map((v) => option(v, s.methods[v] ?? v, f.paymentMethod))}
        </select>`,
        e,
      )}
      ${field("from", q.from, html`<input id="from" name="from" type="date" aria-invalid=${invalid("from")} aria-describedby="from-error" />`, e)}
      ${field("to", q.to, html`<input id="to" name="to" type="date" aria-invalid=${invalid("to")} aria-describedby="to-error" />`, e)}
      ${field("minAmount", q.minAmount, text("minAmount", "text", "decimal"), e)}
      ${field("maxAmount", q.maxAmount, text("maxAmount", "text", "decimal"), e)}
      ${field("email", q.email, text("email", "email", "email"), e)}
      ${field(
        "searchBy",
        s.finding.searchBy,
        html`<select id="searchBy" name="searchBy" @change=${this.keyChosen}>${SEARCH_KEYS.map((k) => option(k, s.finding.keys[k] ?? k, this.searchBy))}</select>`,
        e,
      )}
      ${field("searchText", s.finding.searchText, text("searchText", "search"), e, s.finding.hints[this.searchBy])}
      ${field(
        "paymentId",
        q.paymentId,
        html`<input id="paymentId" name="paymentId" autocomplete="off" spellcheck="false" aria-invalid=${invalid("paymentId")} aria-describedby="paymentId-hint paymentId-error" />`,
        e,
        q.paymentIdHint,
      )}
      <div class="actions">
        <button type="submit">${q.submit}</button>
        <button type="reset" class="secondary">${q.clear}</button>
        <a class="export" href=${paymentsExportUrl({ mode: this.mode, ...f })} download title=${s.finding.exportHint}>${s.finding.exportCsv}</a>
      </div>
    </form>`;
  }

  /**
   * An empty list's words: none match the filters, or (no filter applied, first page) this mode has
   * no payment at all yet, which says which mode so an empty live list is not mistaken for a search.
   */
  private emptyWords(): string {
    const filtered = Object.values(this.filters).some((v) => v !== undefined && v !== "");
    if (filtered || this.pages.pageNumber > 1) return this.s.noPayments;
    return this.mode === "live" ? this.s.shell.noPaymentsLive : this.s.shell.noPaymentsTest;
  }

  override render() {
    const s = this.s;
    const { page, busy, pageNumber } = this.pages;
    const caption = s.paymentsCaption(this.mode === "live");
    return html`<h1>${s.payments}</h1>
      <dashboard-fold .label=${s.shell.filters}>${this.renderFilters()}</dashboard-fold>
      <p class="muted" role="status">${busy ? s.loading : page ? `${s.pageNumber(pageNumber)} · ${s.paymentsCount(page.totalItems)}` : ""}</p>
      ${alertOf(this.pages, s)}
      ${page && page.items.length === 0 ? html`<p>${this.emptyWords()}</p>` : nothing}
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
      ${pager(this.pages, s)}`;
  }
}
