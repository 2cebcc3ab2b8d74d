/**
 * `<pay-checkout>`: the checkout a seller embeds with one script tag (`{base}/pay.js`) for a
 * transaction its server created:
 *
 * ```html
 * <pay-checkout publishable-key="pk_…" transaction-id="…" client-secret="…" locale="pt-BR"></pay-checkout>
 * ```
 *
 * It reads the buyer-safe checkout view (publishable key + client secret) and shows the merchant
 * and the amount, then what the transaction needs: for a PENDING PIX the QR code, the code to copy,
 * a countdown and live status (`<pay-pix>`); for a PENDING card transaction the card form
 * (`<pay-card-form>`, whose card fields live in the gateway's own frame), then 3DS (`<pay-3ds>`);
 * otherwise the final state (paid, not approved with the buyer-safe reason, cancelled, expired,
 * refunded). Until the three attributes are set it shows only its region and the slotted content;
 * a wrong secret or a network failure shows a clear message with a Try again button.
 * Every status (and every error) is announced in a polite live region (`part="status"`).
 *
 * Attributes / properties:
 * - `publishable-key`, `transaction-id`, `client-secret` — from the seller's server; changing
 *   any of them loads that transaction afresh.
 * - `payment-link` — link mode: the id of a payment link to pay, with no transaction beforehand
 *   (`<pay-link>`, widget/src/link/pay-link.ts, loaded as its own chunk `{base}/pay-link.js`).
 * - `locale` — `pt-BR` or `en` (any `pt…`/`en…` tag); unset or unknown: the page's
 *   `<html lang>`, else `en`. Changes take effect at once.
 *
 * @slot - The seller's own content, shown at the top (an order summary, a logo).
 *
 * @event pay-ready - The transaction was read and is shown (once per transaction). `detail`: `{transactionId, status}`.
 * @event pay-status - Every status seen, the first included (fired after `pay-ready`). `detail`: `{transactionId, status}`.
 * @event pay-success - The transaction is PAID. `detail`: `{transactionId, status}`.
 * @event pay-failed - It is FAILED or CANCELLED (expired PIX included). `detail`: `{transactionId,
 *   status, failureCode, failureMessage}` (the checkout view's buyer-safe code and message; null
 *   for a cancellation).
 * All bubble and are composed (they leave shadow roots); typed in widget/src/events.ts.
 *
 * @csspart base - The checkout's region.
 * @csspart summary - Merchant, amount and description.
 * @csspart merchant - The merchant's name.
 * @csspart amount - The amount.
 * @csspart description - The transaction's description.
 * @csspart status - The live region: the status (or error) and, when final, what it means.
 * @csspart retry-button - Try again, after an error.
 * @csspart pix - `<pay-pix>`'s block; also its parts `qr`, `code-label`, `code`, `copy-button`, `countdown`, `expired`.
 * @csspart card-form - The `<pay-card-form>` element.
 * @csspart threeds - The `<pay-3ds>` element.
 * @csspart link - Link mode: the `<pay-link>` element (its parts are exported too: `link-base`,
 *   `link-summary`, `form`, `submit-button`, `cancel-link`, `alert`, `checkout`, `seller`, `test-notice`).
 *
 * @cssprop --pay-color-primary - Buttons, focus ring, the paid state's accent. Default #0b57d0.
 * @cssprop --pay-color-text - Text. Default #1f1f1f.
 * @cssprop --pay-color-background - The checkout's background (and button text). Default #ffffff.
 * @cssprop --pay-color-error - Failures and errors. Default #b3261e.
 * @cssprop --pay-radius - Corner radius. Default 8px.
 * @cssprop --pay-font-family - The font. Default: inherited from the page.
 * @cssprop --pay-font-size - The base size. Default 1rem.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { GatewayError, readCheckout, type CheckoutView, type PaymentContext, type SetupResult } from "./gateway";
import { formatAmount, stringsFor, type Strings } from "./locale";
import { PayElement } from "./pay-element";
import { checkoutStyles } from "./pay-checkout.styles";

/** What `<pay-card-form>` and `<pay-3ds>` offer the checkout (their contracts: notes in docs/widget.md). */
type CardForm = HTMLElement & { submit(): Promise<SetupResult> };
type ThreeDs = HTMLElement & { installments?: number; run(setup?: SetupResult): Promise<CheckoutView> };

type LoadError = "notFound" | "network" | "loadFailed";

const PIX_PARTS = "pix, qr, code-label, code, copy-button, countdown, expired";

export class PayCheckout extends PayElement {
  static override styles = checkoutStyles;

  @property({ attribute: "publishable-key" }) publishableKey?: string;
  @property({ attribute: "transaction-id" }) transactionId?: string;
  @property({ attribute: "client-secret" }) clientSecret?: string;
  /** Link mode: the payment link to pay (no transaction beforehand); the other three are then unused. */
  @property({ attribute: "payment-link" }) paymentLink?: string;

  @state() private view?: CheckoutView;
  @state() private error?: LoadError;
  /** The PIX countdown reached zero before the server said so. */
  @state() private pixExpired = false;
  /** A card payment is under way (card form submitted, 3DS running). */
  @state() private paying = false;

  private context?: PaymentContext;
  /** Counts loads, so an answer for an older transaction is dropped. */
  private loads = 0;
  private readyFor?: string;
  private announcedStatus?: string;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("publishableKey") || changed.has("transactionId") || changed.has("clientSecret")) {
      const { publishableKey, transactionId, clientSecret } = this;
      this.context = publishableKey && transactionId && clientSecret ? { publishableKey, transactionId, clientSecret } : undefined;
      this.view = undefined;
      this.readyFor = this.announcedStatus = undefined;
      this.pixExpired = this.paying = false;
      void this.load();
    }
  }

  /** Reads the checkout view (again, after an error). */
  private async load(): Promise<void> {
    const ctx = this.context;
    const load = ++this.loads;
    this.error = undefined;
    if (!ctx) return;
    try {
      const view = await readCheckout(ctx);
      if (load === this.loads) this.view = view;
    } catch (err) {
      if (load !== this.loads) return;
      console.warn("[pay-checkout] could not read the transaction:", err);
      this.error = err instanceof GatewayError ? (err.status === 404 ? "notFound" : "loadFailed") : err instanceof TypeError ? "network" : "loadFailed";
    }
  }

  /** The public events, once the DOM shows the view they describe. */
  protected override updated(): void {
    const view = this.view;
    if (!view) return;
    const detail = { transactionId: view.id, status: view.status };
    if (this.readyFor !== view.id) {
      this.readyFor = view.id;
      this.emit("pay-ready", detail);
    }
    if (this.announcedStatus === view.status) return;
    this.announcedStatus = view.status;
    this.emit("pay-status", detail);
    if (view.status === "PAID") this.emit("pay-success", detail);
    if (view.status === "FAILED" || view.status === "CANCELLED") {
      this.emit("pay-failed", { ...detail, failureCode: view.failureCode, failureMessage: view.failureMessage });
    }
  }

  /**
   * The card payment: the form sends the card from the gateway's frame to 3DS setup (this page
   * never sees it) and hands back setup's answer; `<pay-3ds>` runs device data, authentication,
   * a challenge if the bank asks, and the confirmation, and resolves with the final view.
   * When either stops, it shows why itself (the form at the field, <pay-3ds> in its status line),
   * so the checkout adds no message of its own: it reads the view again (a decline is final) and,
   * while the transaction is still PENDING, the form stays for another try.
   */
  private async payByCard(event: CustomEvent<{ installments: number }>): Promise<void> {
    const form = this.renderRoot.querySelector<CardForm>("pay-card-form");
    const threeds = this.renderRoot.querySelector<ThreeDs>("pay-3ds");
    if (this.paying || !form || !threeds || !this.context) return;
    this.paying = true;
    // The buyer's choice of installments travels with the confirmation (a credit card only).
    threeds.installments = this.view?.paymentMethod === "CREDIT_CARD" ? event.detail?.installments : undefined;
    try {
      this.view = await threeds.run(await form.submit());
      // The result replaces the form and its button: focus goes to it (the status line).
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('[part="status"]')?.focus();
    } catch (err) {
      console.warn("[pay-checkout] the card payment stopped:", err);
      await this.load();
    } finally {
      this.paying = false;
    }
  }


  /** The live region's words: a title, and what it means for a final state or an error. */
  private statusText(s: Strings): { title?: string; detail?: string; tone?: "done" | "failed" } {
    if (this.error) return { title: s.unavailable, detail: s[this.error], tone: "failed" };
    const view = this.view;
    if (!view) return { title: s.loading };
    const amount = formatAmount(view.amount, view.currency, this.resolvedLocale);
    switch (view.status) {
      case "PENDING":
        if (view.paymentMethod === "PIX") return { title: this.pixExpired ? s.expired : s.pending };
        return this.paying ? { title: s.processing } : {};
      case "PAID":
        return { title: s.paid, detail: s.paidText(view.merchant.name, amount), tone: "done" };
      case "FAILED":
        return { title: s.failed, detail: (view.failureCode && s.failures[view.failureCode]) || view.failureMessage || s.cardPaymentFailed, tone: "failed" };
      case "CANCELLED":
        return view.cancellationReason === "EXPIRED" ? { title: s.expired, detail: s.expiredText, tone: "failed" } : { title: s.cancelled, detail: s.cancelledText, tone: "failed" };
      case "REFUNDED":
        return { title: s.refunded, detail: s.refundedText(formatAmount(view.refundedAmount || view.amount, view.currency, this.resolvedLocale)), tone: "done" };
      case "REFUND_PENDING":
        return { title: s.refundPending, detail: s.refundPendingText, tone: "done" };
    }
  }

  private renderBody(view: CheckoutView | undefined, s: Strings) {
    if (this.error) return html`<button part="retry-button" type="button" @click=${this.load}>${s.retry}</button>`;
    if (view?.status !== "PENDING") return nothing;
    if (view.paymentMethod === "PIX") {
      return html`<pay-pix
        exportparts=${PIX_PARTS}
        .view=${view}
        .context=${this.context}
        .locale=${this.resolvedLocale}
        @pay-pix-update=${(e: CustomEvent<CheckoutView>) => (this.view = e.detail)}
        @pay-pix-expired=${() => (this.pixExpired = true)}
      ></pay-pix>`;
    }
    if (!view.nextAction) return nothing;
    const ctx = this.context!;
    return html`<pay-card-form
        part="card-form"
        .publishableKey=${ctx.publishableKey}
        .transactionId=${ctx.transactionId}
        .clientSecret=${ctx.clientSecret}
        .paymentMethod=${view.paymentMethod}
        .amount=${view.amount}
        .currency=${view.currency}
        .installments=${view.installments ?? 1}
        .maxInstallments=${view.maxInstallments ?? view.installments ?? 1}
        .locale=${this.resolvedLocale}
        .disabled=${this.paying}
        @pay-card-submit=${this.payByCard}
      ></pay-card-form>
      <pay-3ds
        part="threeds"
        .publishableKey=${ctx.publishableKey}
        .transactionId=${ctx.transactionId}
        .clientSecret=${ctx.clientSecret}
        .paymentMethod=${view.paymentMethod}
        .amount=${view.amount}
        .currency=${view.currency}
        .locale=${this.resolvedLocale}
      ></pay-3ds>`;
  }

  override render() {
    // Link mode lives in its own chunk (widget/src/link/), loaded the first time it is needed.
    if (this.paymentLink) {
      void import("./link/define");
      return html`<slot></slot><pay-link part="link" exportparts="base: link-base, summary: link-summary, form, submit-button, cancel-link, alert, checkout, seller, test-notice"
        payment-link=${this.paymentLink} locale=${this.locale ?? nothing}></pay-link>`;
    }
    const locale = this.resolvedLocale;
    const s = stringsFor(locale);
    const view = this.view;
    // Nothing to load yet: the named region and the seller's content only.
    const status = this.context || this.error ? this.statusText(s) : undefined;
    // A <section> with an accessible name is a landmark region.
    return html`<section part="base" class="checkout" lang=${locale} aria-label=${s.checkout}>
      <slot></slot>
      ${view
        ? html`<div part="summary" class="summary">
            <p part="merchant" class="merchant">${view.merchant.name}</p>
            <p part="amount" class="amount">${formatAmount(view.amount, view.currency, locale)}</p>
            ${view.description ? html`<p part="description" class="description">${view.description}</p>` : nothing}
          </div>`
        : nothing}
      ${status
        ? html`<div part="status" class=${`status ${status.tone ?? ""}`} role="status" aria-live="polite" aria-atomic="true" tabindex="-1">${status.title
            ? html`<p class="status-title">${status.title}</p>`
            : nothing}${status.detail ? html`<p class="status-detail">${status.detail}</p>` : nothing}</div>`
        : nothing}
      ${this.renderBody(view, s)}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "pay-checkout": PayCheckout;
  }
}
