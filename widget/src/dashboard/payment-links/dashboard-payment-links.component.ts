/**
 * `<dashboard-payment-links>`: `/dashboard/payment-links`, for members with `links.read`. The
 * mode's links, newest first, 20 a page (`GET /dashboard/api/payment-links`), each with its public
 * URL, a copy button and its QR code (link-card.ts); for `links.manage`, the form that creates one
 * (`<dashboard-link-form>`) and each link's activate or deactivate button
 * (`POST …/{id}/activate`, `/deactivate`), whose answer replaces the link in place.
 *
 * Properties: `mode` (a change reads the first page again), `canManage` (`links.manage`).
 *
 * @event dashboard-session-ended - The API answered 401.
 *
 * @csspart form - The `<dashboard-link-form>`.
 * @csspart list - The links' list.
 * @csspart pager - Previous and next page.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { listLinks, moveLink } from "../api/selling";
import type { PaymentLink, PaymentLinksPage } from "../api/selling-types";
import type { Mode } from "../api/types";
import { DashboardElement } from "../dashboard-element";
import { PagedLoader, pager } from "../paging/paged-loader";
import { linkCard } from "./link-card";
import { paymentLinksStyles } from "./dashboard-payment-links.styles";

/** The payment links page, `<dashboard-payment-links>`. */
export class DashboardPaymentLinks extends DashboardElement {
  static override styles = paymentLinksStyles;

  @property({ attribute: false }) mode: Mode = "test";
  @property({ attribute: false }) canManage = false;

  /** The mode's links, a page at a time. */
  private pages = new PagedLoader<PaymentLinksPage>(this, {
    read: (cursor) => listLinks(this.mode, cursor),
    failed: (err) => this.messageOf(err) || undefined,
  });
  @state() private notice?: string;
  @state() private busyId: string | null = null;
  @state() private open = new Set<string>();

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("mode")) this.pages.first();
  }

  private created = () => {
    this.pages.first();
  };

  private toggleQr = (link: PaymentLink, open: boolean) => {
    const next = new Set(this.open);
    if (open) next.add(link.id);
    else next.delete(link.id);
    this.open = next;
  };

  private move = async (link: PaymentLink, move: "activate" | "deactivate") => {
    this.busyId = link.id;
    this.pages.alert = this.notice = undefined;
    try {
      const moved = await moveLink(this.mode, link.id, move);
      const page = this.pages.page;
      if (page) this.pages.page = { ...page, items: page.items.map((l) => (l.id === moved.id ? moved : l)) };
      this.notice = (move === "activate" ? this.s.links.activated : this.s.links.deactivated)(moved.name);
    } catch (err) {
      this.pages.alert = this.messageOf(err) || undefined;
    } finally {
      this.busyId = null;
    }
  };

  override render() {
    const s = this.s;
    const { page, busy, alert } = this.pages;
    const ctx = { s, canManage: this.canManage, open: this.open, busyId: this.busyId, toggleQr: this.toggleQr, move: this.move };
    return html`<h1>${s.nav.paymentLinks}</h1>
      ${this.canManage ? html`<dashboard-link-form part="form" .mode=${this.mode} @dashboard-link-created=${this.created}></dashboard-link-form>` : nothing}
      <section aria-labelledby="links-title" class="stack">
        <h2 id="links-title">${s.links.listTitle(this.mode === "live")}</h2>
        <p class="muted" role="status">${busy ? s.loading : page ? s.links.count(page.totalItems) : ""}</p>
        <div aria-live="polite">${this.notice ? html`<p class="notice">${this.notice}</p>` : nothing}</div>
        ${alert ? html`<p class="alert" role="alert">${alert}</p>` : nothing}
        ${page && page.items.length === 0 ? html`<p>${s.links.none}</p>` : nothing}
        ${page && page.items.length > 0 ? html`<ul part="list" class="links">${page.items.map((link) => linkCard(link, ctx))}</ul>` : nothing}
        ${pager(this.pages, s)}
      </section>`;
  }
}
