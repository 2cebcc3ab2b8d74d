/**
 * `<pay-link>`: the checkout of a payment link, for a buyer with no account. `<pay-checkout
 * payment-link="{id}">` shows it (this module loads as its own chunk then), and so does the
 * gateway's page `{base}/pay/{id}`. It reads the link's public view; when the link can be paid it
 * opens a checkout session (kept in sessionStorage, so a reload resumes it and its pending
 * charge instead of taking another of the link's uses), asks the buyer's name, e-mail, phone, the
 * document when the link requires it (optional otherwise), the amount for a CUSTOMER_CHOICE link
 * and the method, then pays the session and hands its charge to `<pay-checkout>` (the PIX QR, or
 * the card frame with installments and 3DS). Paid: the buyer is sent to the link's `successUrl`
 * (with `transactionId` and `paymentLinkId` in the query), or sees the receipt when there is none.
 * A link that is sold out, inactive or expired shows why instead of a form.
 *
 * Who sells is always on screen (the seller's legal name and CNPJ, as Decreto 7.962/2013 asks),
 * and a test link says that nothing is charged. A card declined on a link that takes only cards
 * opens the next charge at once, so the card form stays for another card, with why it failed.
 *
 * Attributes / properties:
 * - `payment-link` — the link's id.
 * - `locale` — `pt-BR` or `en`; else the link's `checkoutConfig.locale`, the page's `<html lang>`, en.
 *
 * Form fields (for browsers' autofill and tests): `name` (autocomplete `name`), `email`
 * (`email`), `phone` (`tel`), `document` (CPF or CNPJ, digits), `amount`, `method` (radios).
 *
 * @event pay-ready, pay-status, pay-success, pay-failed - From the `<pay-checkout>` of the charge (composed).
 *
 * @csspart base - The link checkout's region.
 * @csspart summary - Merchant, link name, description and amount.
 * @csspart form - The buyer's form.
 * @csspart submit-button - Continue to payment.
 * @csspart cancel-link - Back to the store (the link's cancelUrl).
 * @csspart alert - Why the link cannot be paid, or what went wrong.
 * @csspart seller - Who sells: legal name and CNPJ.
 * @csspart test-notice - A test link's notice.
 * @csspart checkout - The charge's `<pay-checkout>`.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { GatewayError } from "../gateway";
import { formatAmount, resolveLocale, stringsFor, type Locale } from "../locale";
import { PayElement } from "../pay-element";
import { openSession, paySession, readLink, readSession, type PayRequest, type PublicLink, type Session, type SessionTransaction } from "./api";
import { collectPayment, problemMessages, type FieldErrors } from "./form";
import { linkStyles } from "./pay-link.styles";
import { linkStringsFor, type LinkStrings } from "./strings";
import { newIdempotencyKey } from "../../../shared/idempotency-key";
import { formatDocument } from "../../../shared/documents";

type Phase = "loading" | "form" | "submitting" | "paying" | "unpayable" | "error";
type OpenSession = Session & { clientSecret: string };

/** Codes of a link that cannot take a payment now → the public view's reason. */
const REFUSALS: Record<string, PublicLink["unpayableReason"]> = {
  PAYMENT_LINK_SOLD_OUT: "SOLD_OUT",
  PAYMENT_LINK_INACTIVE: "INACTIVE",
  PAYMENT_LINK_EXPIRED: "EXPIRED",
};

/** How long the paid receipt shows before the buyer is sent to the store. */
const REDIRECT_DELAY_MS = 1200;

export class PayLink extends PayElement {
  static override styles = linkStyles;

  @property({ attribute: "payment-link" }) paymentLink?: string;

  @state() private phase: Phase = "loading";
  @state() private link?: PublicLink;
  @state() private session?: OpenSession;
  @state() private charge?: SessionTransaction;
  @state() private chargeStatus?: string;
  @state() private method?: PayRequest["paymentMethod"];
  @state() private errors: FieldErrors = {};
  @state() private alert?: string;
  @state() private redirecting = false;
  /** A card-only link's last decline, shown above the next charge's card form. */
  @state() private declined?: string;

  /** The Idempotency-Key of the last press, and what it sent: pressing again unchanged replays it. */
  private attempt?: { key: string; body: string };
  private loads = 0;

  protected override get resolvedLocale(): Locale {
    return resolveLocale(this.locale, this.link?.locale, this.ownerDocument.documentElement.lang);
  }

  private get storageKey() {
    return `pay-link:${this.paymentLink}`;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("paymentLink")) void this.load();
  }

  /** Reads the link, then resumes this tab's session or opens one. */
  private async load(): Promise<void> {
    const load = ++this.loads;
    Object.assign(this, { phase: "loading", link: undefined, session: undefined, charge: undefined, alert: undefined, errors: {} });
    if (!this.paymentLink) return;
    try {
      const link = await readLink(this.paymentLink);
      if (load !== this.loads) return;
      this.link = link;
      this.method = link.paymentMethods[0];
      if (!link.payable) return void (this.phase = "unpayable");
      if (await this.resume()) return;
      this.useSession(await openSession(link.id));
      this.phase = "form";
    } catch (err) {
      if (load === this.loads) this.fail(err);
    }
  }

  /** The session this tab opened before (a reload), if it can go on: true when it did. */
  private async resume(): Promise<boolean> {
    let saved: { id: string; clientSecret: string } | null = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(this.storageKey) ?? "null");
    } catch {
      saved = null;
    }
    if (!saved) return false;
    const state = await readSession(saved.id, saved.clientSecret).catch(() => null);
    if (!state || state.session.status === "EXPIRED") return false;
    this.session = { ...state.session, clientSecret: saved.clientSecret };
    const tx = state.transaction;
    if (tx && (tx.status === "PENDING" || tx.status === "PAID")) this.showCharge(tx);
    else this.phase = "form";
    return true;
  }

  private useSession(session: OpenSession): void {
    this.session = session;
    sessionStorage.setItem(this.storageKey, JSON.stringify({ id: session.id, clientSecret: session.clientSecret }));
  }

  private showCharge(tx: SessionTransaction): void {
    this.charge = tx;
    this.chargeStatus = tx.status;
    this.phase = "paying";
  }

  private fail(err: unknown): void {
    if (err instanceof GatewayError && REFUSALS[err.code]) {
      this.link = this.link && { ...this.link, payable: false, unpayableReason: REFUSALS[err.code]! };
      this.phase = "unpayable";
      return;
    }
    console.warn("[pay-link] the payment link could not go on:", err);
    const base = stringsFor(this.resolvedLocale);
    this.alert = err instanceof GatewayError ? (err.status === 404 ? base.notFound : base.loadFailed) : err instanceof TypeError ? base.network : base.loadFailed;
    this.phase = this.session && this.link ? "form" : "error";
  }

  private strings(): LinkStrings {
    return linkStringsFor(this.resolvedLocale);
  }

  /** Focus goes to the first field marked invalid, whose error is read with it. */
  private async focusInvalid(): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const link = this.link;
    if (!link || !this.session || this.phase === "submitting") return;
    const s = this.strings();
    const form = event.target as HTMLFormElement;
    const { body, errors } = collectPayment(new FormData(form), link, s, (cents) => formatAmount(cents, link.currency, this.resolvedLocale));
    this.errors = errors;
    if (!body) {
      this.alert = s.fixErrors;
      return this.focusInvalid();
    }
    const sent = JSON.stringify(body);
    if (this.attempt?.body !== sent) this.attempt = { key: newIdempotencyKey(), body: sent };
    this.alert = this.declined = undefined;
    this.phase = "submitting";
    try {
      const state = await paySession(this.session.id, this.session.clientSecret, body, this.attempt.key);
      this.session = { ...state.session, clientSecret: this.session.clientSecret };
      if (state.transaction) this.showCharge(state.transaction);
    } catch (err) {
      this.phase = "form";
      if (err instanceof GatewayError && (err.status === 422 || err.status === 400) && err.errors.length > 0) {
        // By each error's code, in the buyer's language: the API's messages are English, for developers.
        const { fields, other } = problemMessages(err.errors, link, s, (cents) => formatAmount(cents, link.currency, this.resolvedLocale));
        this.errors = fields;
        this.alert = other ? s.notAccepted : s.fixErrors;
        await this.focusInvalid();
      } else if (err instanceof GatewayError && err.code === "RATE_LIMITED") {
        // The link's cap on unpaid charges per address or document (docs/payment-links.md): the form stays.
        this.alert = s.tooManyUnpaid;
      } else if (err instanceof GatewayError && err.code === "CHECKOUT_SESSION_EXPIRED") {
        this.useSession(await openSession(link.id));
        this.alert = s.sessionExpired;
      } else {
        this.fail(err);
      }
    }
  }

  /** The charge's status, as its checkout reports it; paid, the buyer goes back to the store. */
  private onStatus(event: CustomEvent<{ status: string }>): void {
    this.chargeStatus = event.detail.status;
    if (event.detail.status !== "PAID") return;
    sessionStorage.removeItem(this.storageKey);
    const target = this.session?.successUrl;
    if (!target) return;
    this.redirecting = true;
    setTimeout(() => location.assign(target), REDIRECT_DELAY_MS);
  }

  /** Back to the form, for another method or another card: paying again cancels the pending charge. */
  private chooseAgain(): void {
    this.charge = this.declined = undefined;
    this.phase = "form";
  }

  /**
   * A declined card. On a link that takes only cards there is no other method to choose: the same
   * buyer pays the session again at once (a FAILED charge holds nothing), so the card form stays,
   * under why the last card failed. A link with PIX keeps its choice of method.
   */
  private onFailed(event: CustomEvent<{ status: string; failureCode: string | null }>): void {
    const { link, session, attempt } = this;
    if (event.detail.status !== "FAILED" || !link || !session || !attempt || link.paymentMethods.includes("PIX")) return;
    const base = stringsFor(this.resolvedLocale);
    this.declined = (event.detail.failureCode && base.failures[event.detail.failureCode]) || base.cardPaymentFailed;
    this.attempt = { key: newIdempotencyKey(), body: attempt.body };
    paySession(session.id, session.clientSecret, JSON.parse(attempt.body) as PayRequest, this.attempt.key).then(
      (state) => {
        this.session = { ...state.session, clientSecret: session.clientSecret };
        if (state.transaction) this.showCharge(state.transaction);
      },
      (err: unknown) => {
        this.chooseAgain();
        this.fail(err);
      },
    );
  }

  /** Who sells: the legal name and the CNPJ (or a person's masked CPF). */
  private renderSeller(link: PublicLink, s: LinkStrings) {
    const { legalName, documentType, document } = link.merchant;
    if (!legalName) return nothing;
    return html`<p part="seller" class="seller">${s.soldBy(legalName, documentType && document ? `${documentType} ${formatDocument(document)}` : null)}</p>`;
  }

  private renderSummary(link: PublicLink, locale: Locale) {
    return html`<div part="summary" class="summary">
      <p class="merchant">${link.merchant.name}</p>
      <h1>${link.name}</h1>
      ${link.description ? html`<p>${link.description}</p>` : nothing}
      ${link.chargeType === "FIXED" ? html`<p class="amount">${formatAmount(link.amountInCents, link.currency, locale)}</p>` : nothing}
    </div>`;
  }

  private field(name: string, label: string, type: string, attrs: { autocomplete: string; inputmode?: string; required?: boolean; hint?: string }) {
    const error = this.errors[name];
    const described = [attrs.hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
    return html`<div class="field">
      <label for=${name}>${label}</label>
      <input id=${name} name=${name} type=${type} autocomplete=${attrs.autocomplete} inputmode=${attrs.inputmode ?? nothing}
        ?required=${attrs.required ?? false} aria-invalid=${error ? "true" : "false"} aria-describedby=${described || nothing} />
      ${attrs.hint ? html`<p id=${`${name}-hint`} class="hint">${attrs.hint}</p>` : nothing}
      ${error ? html`<p id=${`${name}-error`} class="error">${error}</p>` : nothing}
    </div>`;
  }

  private renderForm(link: PublicLink, s: LinkStrings, locale: Locale) {
    const money = (cents: number) => formatAmount(cents, link.currency, locale);
    const busy = this.phase === "submitting";
    return html`<form part="form" novalidate @submit=${this.submit}>
      ${link.chargeType === "CUSTOMER_CHOICE"
        ? this.field("amount", s.amount, "text", { autocomplete: "transaction-amount", inputmode: "decimal", required: true, hint: s.amountHint(money(link.minAmountInCents ?? 1), link.maxAmountInCents === null ? null : money(link.maxAmountInCents)) })
        : nothing}
      <fieldset>
        <legend>${s.details}</legend>
        ${this.field("name", s.name, "text", { autocomplete: "name", required: true })}
        ${this.field("email", s.email, "email", { autocomplete: "email", required: true })}
        ${this.field("phone", s.phone, "tel", { autocomplete: "tel", inputmode: "tel" })}
        ${this.field("document", link.requireCustomerDocument ? s.document : s.documentOptional, "text", { autocomplete: "off", inputmode: "numeric", required: link.requireCustomerDocument })}
      </fieldset>
      <fieldset>
        <legend>${s.method}</legend>
        ${link.paymentMethods.map(
          (m) => html`<label class="choice"><input type="radio" name="method" value=${m} .checked=${this.method === m} @change=${() => (this.method = m)} />${s.methods[m] ?? m}</label>`,
        )}
      </fieldset>
      <button part="submit-button" type="submit" ?disabled=${busy}>${busy ? s.submitting : s.continue}</button>
    </form>`;
  }

  private renderCharge(tx: SessionTransaction, s: LinkStrings) {
    const open = this.chargeStatus === "PENDING" || this.chargeStatus === "FAILED";
    const back = (this.link?.paymentMethods.length ?? 0) > 1 ? s.otherMethod : s.editDetails;
    return html`${this.declined ? html`<p part="alert" class="alert" role="alert">${this.declined}</p>` : nothing}
      <pay-checkout part="checkout" publishable-key=${tx.publishableKey ?? ""} transaction-id=${tx.id} client-secret=${tx.clientSecret}
        locale=${this.resolvedLocale} @pay-status=${this.onStatus} @pay-failed=${this.onFailed}></pay-checkout>
      ${this.redirecting ? html`<p class="notice" role="status">${s.redirecting}</p>` : nothing}
      ${open && !this.redirecting ? html`<button class="secondary" type="button" @click=${this.chooseAgain}>${back}</button>` : nothing}`;
  }

  override render() {
    const locale = this.resolvedLocale;
    const s = this.strings();
    const base = stringsFor(locale);
    const link = this.link;
    const cancelUrl = this.session?.cancelUrl;
    let body: unknown = nothing;
    if (this.phase === "loading") body = html`<p role="status">${base.loading}</p>`;
    else if (this.phase === "error" || !link) body = html`<p part="alert" class="alert" role="alert">${this.alert ?? base.loadFailed}</p>
        <button type="button" @click=${this.load}>${base.retry}</button>`;
    else if (this.phase === "unpayable") body = html`<div part="alert" class="alert" role="alert"><p class="notice">${s.unavailableTitle}</p><p>${s.unpayable[link.unpayableReason ?? "INACTIVE"]}</p></div>`;
    else if (this.phase === "paying" && this.charge) body = this.renderCharge(this.charge, s);
    else body = html`${this.alert ? html`<p part="alert" class="alert" role="alert">${this.alert}</p>` : nothing}${this.renderForm(link, s, locale)}`;
    return html`<section part="base" class="link" lang=${locale} aria-label=${base.checkout}>
      ${link && !link.livemode ? html`<p part="test-notice" class="test-notice">${s.testNotice}</p>` : nothing}
      ${link && this.phase !== "paying" ? this.renderSummary(link, locale) : nothing}
      ${body}
      ${cancelUrl && this.phase !== "unpayable" && !this.redirecting && this.chargeStatus !== "PAID" ? html`<a part="cancel-link" href=${cancelUrl}>${s.cancel}</a>` : nothing}
      ${link ? this.renderSeller(link, s) : nothing}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "pay-link": PayLink;
  }
}
