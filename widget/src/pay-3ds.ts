/**
 * `<pay-3ds>`: 3D Secure for a card transaction, in the buyer's browser (docs/cards.md,
 * "pendingAction"; docs/widget.md, "3DS"). With the publishable key and the transaction's client
 * secret it runs: setup (unless given) → device data in a hidden frame → authenticate with the
 * browser's facts → the bank's challenge in a visible dialog when asked → challenge-result →
 * `POST /v1/transactions/{id}/3ds/confirm`, and resolves with the final checkout view (PAID or
 * FAILED). `<pay-checkout>` calls `run(setup)` after the card form; a seller whose server sent
 * the card with the transaction uses `<pay-3ds auto …>` alone, and the page never sees a card.
 *
 * Properties (attributes): `publishableKey` (`publishable-key`), `transactionId`
 * (`transaction-id`), `clientSecret` (`client-secret`), `amount` (cents), `currency`,
 * `paymentMethod` (`payment-method`: CREDIT_CARD | DEBIT_CARD), `locale` (`pt-BR` | `en`; unset:
 * the page's `<html lang>`, else en), `auto` (boolean: run once as soon as the key, the id and
 * the secret are set). Missing amount, currency or method are read from the checkout view first;
 * a transaction that is no longer PENDING resolves at once with its view.
 *
 * `run(setup?)`: resolves with the CheckoutView; rejects with a GatewayError (the gateway's
 * problem `code`, or THREEDS_CANCELLED, THREEDS_MISSING_PROPERTY, THREEDS_NOT_A_CARD_PAYMENT,
 * THREEDS_UNEXPECTED_ORIGIN, NETWORK_ERROR). A second call while one runs returns the same promise.
 * Device data waits 10 s at most for its frame, then goes on (an ACS that never answers must not
 * block the sale; authentication decides without it). Removing the element aborts the run.
 *
 * The challenge is a `role="dialog"` `aria-modal` popover (top layer, above any stacking context
 * of the seller's page) named by its heading, with a Cancel button; focus moves into the bank's
 * frame (whose page, in the element's locale, focuses its code field), Tab stays inside the
 * dialog, Escape only moves focus to Cancel (it never cancels silently), also when pressed inside
 * the bank's frame (the frame posts `pay:3ds:escape`). Afterwards focus moves to the status line
 * (the result), or back where it was when the buyer cancelled. Its size is an EMV 3DS window size
 * (threeds/window-size.ts): 500x600, 600x400, 390x400 or 250x400 as the viewport allows, full
 * screen below 600 px wide, re-chosen on resize.
 *
 * Under a strict CSP (`default-src 'self'; script-src 'self' {gateway}; frame-src {gateway};
 * connect-src {gateway}`): styles are adopted stylesheets, sizes are classes, frames and calls go
 * to the gateway only, and a frame's message counts only from the gateway's origin and that frame.
 *
 * @event pay-3ds-challenge - The challenge dialog is shown. `detail {transactionId, status, windowSize}`.
 * @event pay-3ds-complete - Done: `detail {transactionId, status, failureCode, failureMessage}` of the final view.
 * @event pay-3ds-error - The run failed or was cancelled: `detail {transactionId, code, message}`.
 *
 * @csspart status - The status line (an `aria-live` region): working, approved, not approved, errors.
 * @csspart dialog - The challenge dialog (`role="dialog"`, `aria-modal`), its class `size-01` … `size-05`.
 * @csspart header - The dialog's heading row.
 * @csspart title - The dialog's heading (its accessible name).
 * @csspart hint - The sentence under the heading (the amount to confirm).
 * @csspart cancel - The dialog's Cancel button.
 * @csspart challenge-frame - The bank's challenge iframe.
 *
 * @cssprop --pay-font-family - Font (default: inherited from the page).
 * @cssprop --pay-font-size - Font size (default: 1rem).
 * @cssprop --pay-color-text - Text colour (default: #1f1f1f).
 * @cssprop --pay-color-background - The dialog's background (default: #fff).
 * @cssprop --pay-color-primary - Focus ring colour (default: #0b57d0).
 * @cssprop --pay-color-error - Colour of an error in the status line (default: #b3261e).
 * @cssprop --pay-radius - The dialog's and the button's corner radius (default: 8px).
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { GATEWAY_ORIGIN, GatewayError, readCheckout, type CheckoutView, type PaymentContext, type SetupResult } from "./gateway";
import { formatAmount } from "./locale";
import { PayElement } from "./pay-element";
import { pay3dsStyles } from "./pay-3ds.styles";
import { authenticate, challengeResult, confirm, returnUrlOf, setupSession, type AuthenticateResult, type PaymentFacts } from "./threeds/api";
import { browserInformation } from "./threeds/browser-info";
import { gatewayFrameUrl, waitForFrameMessage } from "./threeds/frames";
import { threeDsStrings } from "./threeds/strings";
import { chooseWindowSize, type ChallengeWindowSize } from "./threeds/window-size";

/** How long device data collection may take before authenticate goes on without it. */
export const DEVICE_DATA_TIMEOUT_MS = 10_000;

type Phase = "idle" | "working" | "done" | "error" | "cancelled";

/** The focused element, looking through open shadow roots. */
function deepActiveElement(doc: Document): HTMLElement | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/** Any failure as the GatewayError run() rejects with. */
function asGatewayError(err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  return new GatewayError(0, "NETWORK_ERROR", err instanceof Error ? err.message : String(err));
}

const popoverSupported = () => typeof HTMLElement !== "undefined" && "popover" in HTMLElement.prototype;

export class Pay3ds extends PayElement {
  static override styles = pay3dsStyles;

  /** The seller's publishable key (`pk_…`). */
  @property({ attribute: "publishable-key" }) publishableKey?: string;
  /** The card transaction to authenticate and pay. */
  @property({ attribute: "transaction-id" }) transactionId?: string;
  /** The transaction's client secret (the seller's server got it when creating the transaction). */
  @property({ attribute: "client-secret" }) clientSecret?: string;
  /** The amount in cents (read from the checkout view when unset). */
  @property({ type: Number }) amount?: number;
  /** ISO 4217 code (read from the checkout view when unset). */
  @property() currency?: string;
  /** CREDIT_CARD or DEBIT_CARD (read from the checkout view when unset). */
  @property({ attribute: "payment-method" }) paymentMethod?: "CREDIT_CARD" | "DEBIT_CARD";
  /** Run once, by itself, as soon as the key, the transaction id and the client secret are set. */
  @property({ type: Boolean }) auto = false;
  /** CREDIT_CARD: the buyer's installments, sent with the confirmation (unset: the transaction's). */
  @property({ type: Number }) installments?: number;

  @state() private phase: Phase = "idle";
  @state() private deviceDataUrl: string | null = null;
  @state() private challenge: { url: string; size: ChallengeWindowSize } | null = null;
  @state() private view: CheckoutView | null = null;
  /** What the hint shows: the given or read amount and currency. */
  @state() private shown: { amount?: number; currency?: string } = {};

  #running?: Promise<CheckoutView>;
  #abort?: AbortController;
  #autoStarted = false;
  #returnFocus: HTMLElement | null = null;

  /**
   * Runs 3DS and the sale: resolves with the final checkout view, rejects with a GatewayError.
   * `setup`: the answer of a setup already made (`<pay-card-form>`'s submit()); without it, setup
   * is called with `card: {}` (the card the seller's server sent with the transaction).
   */
  run(setup?: SetupResult): Promise<CheckoutView> {
    this.#running ??= this.#run(setup).finally(() => (this.#running = undefined));
    return this.#running;
  }

  override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.auto && !this.#autoStarted && this.publishableKey && this.transactionId && this.clientSecret) {
      this.#autoStarted = true;
      // The outcome is shown and sent as events; nobody awaits this promise.
      this.run().catch(() => {});
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#abort?.abort(new GatewayError(0, "THREEDS_CANCELLED", "The <pay-3ds> element was removed from the page."));
  }

  get #win(): Window {
    return this.ownerDocument.defaultView ?? window;
  }

  #context(): PaymentContext {
    const { publishableKey, transactionId, clientSecret } = this;
    if (!publishableKey || !transactionId || !clientSecret) {
      throw new GatewayError(0, "THREEDS_MISSING_PROPERTY", "<pay-3ds> needs publishableKey, transactionId and clientSecret (attributes publishable-key, transaction-id, client-secret).");
    }
    return { publishableKey, transactionId, clientSecret };
  }

  async #run(given?: SetupResult): Promise<CheckoutView> {
    const abort = new AbortController();
    this.#abort = abort;
    const { signal } = abort;
    try {
      const ctx = this.#context();
      this.view = null;
      this.phase = "working";
      const facts = await this.#facts(ctx);
      if ("view" in facts) return this.#finish(facts.view);
      signal.throwIfAborted();
      const setup = given ?? (await setupSession(ctx));
      signal.throwIfAborted();
      await this.#collectDeviceData(setup, signal);
      const auth = await authenticate(ctx, setup, facts, browserInformation(this.#win), returnUrlOf(this.#win.location));
      signal.throwIfAborted();
      if (auth.code === "PENDING_CHALLENGE") {
        await this.#runChallenge(ctx, auth, signal);
        // Passed or failed, the server has recorded it; confirm acts on it.
        await challengeResult(ctx, setup, auth.authenticationTransactionId);
        signal.throwIfAborted();
      }
      // AUTHENTICATION_FAILED (at once or after the challenge) is confirmed too: the server
      // closes the sale as FAILED authentication_failed, and the view says so.
      await confirm(ctx, this.installments);
      return this.#finish(await readCheckout(ctx));
    } catch (err) {
      const error = asGatewayError(signal.aborted ? signal.reason : err);
      this.deviceDataUrl = null;
      this.#closeChallenge();
      this.phase = error.code === "THREEDS_CANCELLED" ? "cancelled" : "error";
      this.emit("pay-3ds-error", { transactionId: this.transactionId ?? "", code: error.code, message: error.message });
      throw error;
    } finally {
      if (this.#abort === abort) this.#abort = undefined;
    }
  }

  /** amount, currency and method: the properties, else the checkout view's (or the view itself when it is no longer PENDING). */
  async #facts(ctx: PaymentContext): Promise<PaymentFacts | { view: CheckoutView }> {
    let { amount, currency, paymentMethod } = this;
    if (amount === undefined || !Number.isFinite(amount) || !currency || !paymentMethod) {
      const view = await readCheckout(ctx);
      if (view.status !== "PENDING") return { view };
      if (view.paymentMethod === "PIX") throw new GatewayError(0, "THREEDS_NOT_A_CARD_PAYMENT", "This transaction is a PIX charge: it has no 3DS.");
      amount = amount !== undefined && Number.isFinite(amount) ? amount : view.amount;
      currency ||= view.currency;
      paymentMethod ||= view.paymentMethod;
    }
    this.shown = { amount, currency };
    return { amount, currency, paymentMethod };
  }

  #finish(view: CheckoutView): CheckoutView {
    this.view = view;
    this.phase = "done";
    this.emit("pay-3ds-complete", { transactionId: view.id, status: view.status, failureCode: view.failureCode, failureMessage: view.failureMessage });
    return view;
  }

  /** The hidden device-data frame, until it reports (or DEVICE_DATA_TIMEOUT_MS passed). */
  async #collectDeviceData(setup: SetupResult, signal: AbortSignal): Promise<void> {
    const url = gatewayFrameUrl(setup.deviceDataCollectionUrl, "device data collection");
    const done = waitForFrameMessage<{ type: "pay:3ds:device-data"; referenceId?: unknown }>({
      win: this.#win,
      frame: () => this.renderRoot.querySelector<HTMLIFrameElement>(".device-frame"),
      type: "pay:3ds:device-data",
      accept: (m) => m.referenceId === setup.referenceId,
      timeoutMs: DEVICE_DATA_TIMEOUT_MS,
      signal,
    });
    this.deviceDataUrl = url;
    try {
      await done; // null after the timeout: go on without it
    } finally {
      this.deviceDataUrl = null;
    }
  }

  /** Shows the bank's challenge and waits until its frame says it is complete. */
  async #runChallenge(ctx: PaymentContext, auth: AuthenticateResult, signal: AbortSignal): Promise<void> {
    // The bank's page speaks the buyer's language (worker/routes/threeds-pages.ts).
    const url = new URL(gatewayFrameUrl(auth.stepUpUrl, "challenge"));
    url.searchParams.set("locale", this.resolvedLocale);
    const done = waitForFrameMessage<{ type: "pay:3ds:challenge-complete"; authenticationTransactionId?: unknown }>({
      win: this.#win,
      frame: () => this.#challengeFrame,
      type: "pay:3ds:challenge-complete",
      accept: (m) => m.authenticationTransactionId === auth.authenticationTransactionId,
      signal,
    });
    done.catch(() => {}); // awaited below; a cancel before that is not an unhandled rejection
    this.#returnFocus = deepActiveElement(this.ownerDocument);
    const size = chooseWindowSize(this.#win.innerWidth, this.#win.innerHeight);
    this.challenge = { url: url.href, size };
    this.#win.addEventListener("resize", this.#onResize);
    this.#win.addEventListener("message", this.#onFrameEscape);
    await this.updateComplete;
    const dialog = this.#dialog;
    if (dialog && popoverSupported() && !dialog.matches(":popover-open")) dialog.showPopover();
    this.#challengeFrame?.focus();
    this.emit("pay-3ds-challenge", { transactionId: ctx.transactionId, status: "PENDING", windowSize: size });
    try {
      await done;
    } finally {
      this.#closeChallenge();
    }
  }

  get #dialog(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('[part="dialog"]');
  }

  get #challengeFrame(): HTMLIFrameElement | null {
    return this.renderRoot.querySelector<HTMLIFrameElement>('[part="challenge-frame"]');
  }

  #onResize = () => {
    if (this.challenge) this.challenge = { ...this.challenge, size: chooseWindowSize(this.#win.innerWidth, this.#win.innerHeight) };
  };

  /** Closes the dialog; focus goes to the status line (the result), or back where it was after a cancel. */
  #closeChallenge(): void {
    this.#win.removeEventListener("resize", this.#onResize);
    this.#win.removeEventListener("message", this.#onFrameEscape);
    if (!this.challenge) return;
    const dialog = this.#dialog;
    if (dialog && popoverSupported() && dialog.matches(":popover-open")) dialog.hidePopover();
    this.challenge = null;
    const back = this.#abort?.signal.aborted ? this.#returnFocus : this.renderRoot.querySelector<HTMLElement>('[part="status"]');
    this.#returnFocus = null;
    if (back?.isConnected) back.focus();
  }

  #cancel = () => {
    this.#abort?.abort(new GatewayError(0, "THREEDS_CANCELLED", "The buyer cancelled the verification."));
  };

  /** Escape never cancels on its own: it takes the buyer to the Cancel button. */
  #onDialogKeydown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    this.#wrapToStart();
  };

  /** Escape inside the bank's frame: its page says so; only that frame's message, from the gateway, counts. */
  #onFrameEscape = (event: MessageEvent) => {
    const frame = this.#challengeFrame;
    if (event.origin === GATEWAY_ORIGIN && frame && event.source === frame.contentWindow && event.data?.type === "pay:3ds:escape") this.#wrapToStart();
  };

  /** Tab from the last stop goes back to the first, Shift+Tab from the first to the frame. */
  #wrapToStart = () => this.renderRoot.querySelector<HTMLButtonElement>('[part="cancel"]')?.focus();
  #wrapToEnd = () => this.#challengeFrame?.focus();

  #statusText(t: ReturnType<typeof threeDsStrings>): string {
    if (this.challenge) return t.challengeShown;
    switch (this.phase) {
      case "working":
        return t.working;
      case "cancelled":
        return t.cancelled;
      case "error":
        return t.error;
      case "done": {
        const view = this.view;
        if (view?.status === "PAID") return t.paid;
        if (view?.status === "FAILED") return view.failureMessage ? `${t.failed} ${view.failureMessage}` : t.failed;
        return t.pending;
      }
      default:
        return "";
    }
  }

  override render() {
    const locale = this.resolvedLocale;
    const t = threeDsStrings(locale);
    const { amount: minor, currency } = this.shown;
    const amount = minor !== undefined && Number.isFinite(minor) && currency ? formatAmount(minor, currency, locale) : null;
    const challenge = this.challenge;
    return html`<div lang=${locale}>
      <p part="status" role="status" aria-live="polite" tabindex="-1" class=${this.phase === "error" ? "error" : ""}>${this.#statusText(t)}</p>
      ${this.deviceDataUrl
        ? html`<iframe class="device-frame" src=${this.deviceDataUrl} title=${t.deviceFrame} aria-hidden="true" tabindex="-1" sandbox="allow-scripts allow-same-origin allow-forms"></iframe>`
        : nothing}
      ${challenge
        ? html`<div part="dialog" class="size-${challenge.size}" popover="manual" role="dialog" aria-modal="true" aria-labelledby="pay-3ds-title" aria-describedby="pay-3ds-hint" @keydown=${this.#onDialogKeydown}>
            <span class="visually-hidden" tabindex="0" @focus=${this.#wrapToEnd}></span>
            <div part="header">
              <h2 part="title" id="pay-3ds-title" tabindex="-1">${t.challengeTitle}</h2>
              <button part="cancel" type="button" @click=${this.#cancel}>${t.cancel}</button>
            </div>
            <p part="hint" id="pay-3ds-hint">${amount ? t.challengeHint.replace("{amount}", amount) : t.challengeHintNoAmount}</p>
            <iframe part="challenge-frame" src=${challenge.url} title=${t.challengeFrame} sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>
            <span class="visually-hidden" tabindex="0" @focus=${this.#wrapToStart}></span>
          </div>`
        : nothing}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "pay-3ds": Pay3ds;
  }
}
