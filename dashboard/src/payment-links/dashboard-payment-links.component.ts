/**
 * `<dashboard-payment-links>`: `/dashboard/payment-links`, for members with `links.read`. The
 * mode's links, newest first, 20 a page (`GET /dashboard/api/payment-links`), each with its public
 * URL, a copy button and its QR code (link-card.ts); for `links.manage`, the form that creates one
 * (`<dashboard-link-form>`) and each link's activate or deactivate button
 * (`POST …/{id}/activate`, `/deactivate`), whose answer replaces the link in place. A link's held
 * uses (`GET …/{id}/holds`) are read when their disclosure opens; for `links.manage` each can be
 * released after a confirm (`POST …/{id}/holds/{transactionId}/release`).
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
import { property, query, state } from "lit/decorators.js";
import { listHeldUses, listLinks, moveLink, releaseHeldUse } from "../api/selling";
import type { HeldUse, PaymentLink, PaymentLinksPage } from "../api/selling-types";
import type { Mode } from "../api/types";
import type { DashboardConfirmDialog } from "../confirm-dialog/dashboard-confirm-dialog";
import { DashboardElement } from "../dashboard-element";
import { money } from "../format";
import { alertOf, PagedLoader, pager } from "../paging/paged-loader";
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
  /** The opened links' held uses (undefined while they load). */
  @state() private holds = new Map<string, HeldUse[] | undefined>();
  @state() private releasing: string | null = null;
  @query("dashboard-confirm-dialog") private confirm!: DashboardConfirmDialog;

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("mode")) {
      this.holds = new Map();
      this.pages.first();
    }
  }

  /** Replaces `link` in the page shown. */
  private replaceLink(link: PaymentLink): void {
    const page = this.pages.page;
    if (page) this.pages.page = { ...page, items: page.items.map((l) => (l.id === link.id ? link : l)) };
  }

  private toggleHolds = async (link: PaymentLink, open: boolean) => {
    const next = new Map(this.holds);
    if (!open) {
      next.delete(link.id);
      this.holds = next;
      return;
    }
    next.set(link.id, undefined);
    this.holds = next;
    try {
      const page = await listHeldUses(this.mode, link.id);
      if (this.holds.has(link.id)) this.holds = new Map(this.holds).set(link.id, page.items);
    } catch (err) {
      this.pages.alert = this.messageOf(err) || undefined;
      const failed = new Map(this.holds);
      failed.delete(link.id);
      this.holds = failed;
    }
  };

  private release = async (link: PaymentLink, hold: HeldUse) => {
    const l = this.s.links;
    if (!(await this.confirm.ask(l.releaseQuestion(money(hold.amount, hold.currency), link.name), l.release))) return;
    this.releasing = hold.transactionId;
    this.pages.alert = this.notice = undefined;
    try {
      const { paymentLink } = await releaseHeldUse(this.mode, link.id, hold.transactionId);
      this.replaceLink(paymentLink);
      const shown = this.holds.get(link.id);
      if (shown) this.holds = new Map(this.holds).set(link.id, shown.filter((h) => h.transactionId !== hold.transactionId));
      this.notice = l.released(link.name);
    } catch (err) {
      this.pages.alert = this.messageOf(err) || undefined;
    } finally {
      this.releasing = null;
    }
  };

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
      this.replaceLink(moved);
      this.notice = (move === "activate" ? this.s.links.activated : this.s.links.deactivated)(moved.name);
    } catch (err) {
      this.pages.alert = this.messageOf(err) || undefined;
    } finally {
      this.busyId = null;
    }
  };

  override render() {
    const s = this.s;
    const { page, busy } = this.pages;
    const ctx = {
      s,
      canManage: this.canManage,
      open: this.open,
      busyId: this.busyId,
      toggleQr: this.toggleQr,
      move: this.move,
      holds: this.holds,
      releasing: this.releasing,
      toggleHolds: this.toggleHolds,
      release: this.release,
    };
    return html`<h1>${s.nav.paymentLinks}</h1>
      ${this.canManage ? html`<dashboard-link-form part="form" .mode=${this.mode} @dashboard-link-created=${this.created}></dashboard-link-form>` : nothing}
      <section aria-labelledby="links-title" class="stack">
        <h2 id="links-title">${s.links.listTitle(this.mode === "live")}</h2>
        <p class="muted" role="status">${busy ? s.loading : page ? s.links.count(page.totalItems) : ""}</p>
        <div aria-live="polite">${this.notice ? html`<p class="notice">${this.notice}</p>` : nothing}</div>
        ${alertOf(this.pages, s)}
        ${page && page.items.length === 0 ? html`<p>${s.links.none}</p>` : nothing}
        ${page && page.items.length > 0 ? html`<ul part="list" class="links">${page.items.map((link) => linkCard(link, ctx))}</ul>` : nothing}
        ${pager(this.pages, s)}
      </section>
      <dashboard-confirm-dialog></dashboard-confirm-dialog>`;
  }
}
