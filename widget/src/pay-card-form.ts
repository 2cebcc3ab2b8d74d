/**
 * `<pay-card-form>`: card entry for a PENDING card transaction, with the card fields isolated
 * from the seller's page (as Stripe Elements and Adyen's secured fields do). The number, expiry,
 * CVV and holder name are typed into an iframe served by the gateway (`{gateway}/elements/card-frame`,
 * widget/src/card-frame/), which sends the card straight to `POST /v1/transactions/threeds/setup`.
 * This element, on the seller's page, only ever learns the brand, the last 4 digits of a valid
 * number and whether the card is complete and valid (protocol: card-frame/protocol.ts,
 * docs/widget.md "Card entry"). It shows those, an installments selector for CREDIT_CARD, and
 * the pay button.
 *
 * ```html
 * <pay-card-form publishable-key="pk_…" transaction-id="…" client-secret="…" amount="4200" currency="BRL"></pay-card-form>
 * ```
 *
 * Paying: the button (enabled once the card is valid) fires `pay-card-submit`; whoever listens
 * (`<pay-checkout>`, or the seller's script) calls `submit()`, which asks the frame to send the
 * card to setup and resolves with setup's answer (`SetupResult`, for `<pay-3ds>`'s `run()`), or
 * rejects with a `CardEntryError` (`code`, and `field` when a field is at fault; the frame then
 * shows the field's error itself). The element never calls setup on its own: the listener
 * decides when (and whether) to pay.
 *
 * Attributes / properties:
 * - `publishable-key`, `transaction-id`, `client-secret` — the transaction's pendingAction.
 * - `payment-method` — `CREDIT_CARD` (default) or `DEBIT_CARD`.
 * - `amount` (minor units) and `currency` — shown on the button and the installments.
 * - `max-installments` — the selector's last option: default 12 for credit (at most 21, the
 *   API's limit), always 1 for debit (no selector).
 * - `installments` — the buyer's choice (default 1).
 * - `locale` — `pt-BR` or `en`; unset: the page's `<html lang>`, else `en`. Passed to the frame.
 * - `disabled` — the pay button stays disabled (e.g. while 3DS runs).
 *
 * The frame's iframe has no `sandbox`: the same-origin policy, not sandboxing, is what keeps this
 * page out of it (sandbox restricts what a frame may do to its host, and with `allow-scripts
 * allow-same-origin`, which the frame needs for its origin, its fetch and the origin checks, it
 * would take nothing of note away), and it may switch card autofill off.
 *
 * @event pay-card-change - The card changed: `detail` `{brand, last4, complete, valid}` (`last4`
 *   only once the number is valid). Bubbles, composed.
 * @event pay-card-submit - The pay button was pressed: `detail` `{installments}`. Call `submit()`.
 *   Bubbles, composed.
 *
 * @csspart base - The block.
 * @csspart frame - The card frame's iframe.
 * @csspart card - "Visa ending in 1111", once the number is valid.
 * @csspart installments-label - The selector's label.
 * @csspart installments - The installments `<select>`.
 * @csspart button - The pay button.
 * @csspart error - Why the last submit failed (an alert).
 *
 * @cssprop --pay-color-primary - The button and focus rings (also in the frame). Default #0b57d0.
 * @cssprop --pay-color-text - Text (also in the frame). Default #1f1f1f.
 * @cssprop --pay-color-background - Fields' background (also in the frame). Default #ffffff.
 * @cssprop --pay-color-error - Errors (also in the frame). Default #b3261e.
 * @cssprop --pay-radius - Corner radius (also in the frame). Default 8px.
 * @cssprop --pay-font-family - The font; unset: the page's, passed to the frame by name (the frame
 *   loads no web fonts: only installed ones apply there).
 * @cssprop --pay-font-size - The base size; unset: the page's.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { CARD_FRAME_PATH, messageType, THEME_PROPERTIES, type CardField, type CardInitMessage, type FrameMessage } from "./card-frame/protocol";
import { BRAND_NAMES, FORM_STRINGS } from "./card-frame/strings";
import type { PayCardChangeDetail } from "./events";
import { GATEWAY_ORIGIN, type SetupResult } from "./gateway";
import { splitInstallments } from "../../shared/installments";
import { formatAmount } from "./locale";
import { PayElement } from "./pay-element";
import { cardFormStyles } from "./pay-card-form.styles";

/** Why `submit()` failed: the frame's or the API's `code`, and the field at fault if any. */
export class CardEntryError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: CardField,
  ) {
    super(message);
  }
}

/** How long `submit()` waits for the frame's answer (setup included). */
const SUBMIT_TIMEOUT_MS = 60_000;

/** Theme fallbacks when a `--pay-*` property is unset: the page's own, so the frame matches it. */
const PAGE_STYLE: Partial<Record<(typeof THEME_PROPERTIES)[number], keyof CSSStyleDeclaration>> = {
  "--pay-font-family": "fontFamily",
  "--pay-font-size": "fontSize",
  "--pay-color-text": "color",
};

export class PayCardForm extends PayElement {
  static override styles = cardFormStyles;

  @property({ attribute: "publishable-key" }) publishableKey = "";
  @property({ attribute: "transaction-id" }) transactionId = "";
  @property({ attribute: "client-secret" }) clientSecret = "";
  @property({ attribute: "payment-method" }) paymentMethod: "CREDIT_CARD" | "DEBIT_CARD" = "CREDIT_CARD";
  @property({ type: Number }) amount = 0;
  @property() currency = "BRL";
  @property({ type: Number, attribute: "max-installments" }) maxInstallments?: number;
  @property({ type: Number }) installments = 1;
  @property({ type: Boolean }) disabled = false;

  @state() private ready = false;
  @state() private busy = false;
  @state() private card: PayCardChangeDetail = { brand: null, last4: null, complete: false, valid: false };
  @state() private error = "";

  /** submit() calls waiting for the frame, by requestId. */
  private pending = new Map<string, { resolve: (result: SetupResult) => void; reject: (err: CardEntryError) => void }>();
  private loaded = false;

  private get frame(): HTMLIFrameElement | null {
    return this.renderRoot.querySelector("iframe");
  }


  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener("message", this.onMessage);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener("message", this.onMessage);
    this.dropPending("disconnected", "the card form was removed");
  }

  /** Rejects every submit() still waiting: its frame is gone. */
  private dropPending(code: string, message: string): void {
    for (const [, waiting] of this.pending) waiting.reject(new CardEntryError(code, message));
  }

  /**
   * Asks the frame to send the card to 3DS setup; resolves with setup's answer (never the card).
   * Rejects with a CardEntryError: `not_ready`, `busy`, `invalid_card` (with `field`; the frame
   * shows why and focuses it), `timeout`, `frame_reloaded`, `disconnected`, or the API's code
   * (e.g. `RESOURCE_NOT_FOUND`).
   */
  async submit(): Promise<SetupResult> {
    const frame = this.frame?.contentWindow;
    if (!this.ready || !frame) throw new CardEntryError("not_ready", "the card frame has not loaded yet");
    if (this.busy) throw new CardEntryError("busy", "a card is being sent already");
    const requestId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    this.busy = true;
    this.error = "";
    try {
      return await new Promise<SetupResult>((resolve, reject) => {
        const timer = setTimeout(() => settle(() => reject(new CardEntryError("timeout", "the card frame did not answer"))), SUBMIT_TIMEOUT_MS);
        const settle = (done: () => void) => {
          clearTimeout(timer);
          this.pending.delete(requestId);
          done();
        };
        this.pending.set(requestId, { resolve: (result) => settle(() => resolve(result)), reject: (err) => settle(() => reject(err)) });
        frame.postMessage({ type: "pay:card:submit", requestId }, GATEWAY_ORIGIN);
      });
    } catch (err) {
      const strings = FORM_STRINGS[this.resolvedLocale];
      this.error = err instanceof CardEntryError && err.code === "invalid_card" ? strings.checkCard : strings.sendFailed;
      throw err;
    } finally {
      this.busy = false;
    }
  }

  /** Messages from the frame: only its window, only from the gateway's origin. */
  private onMessage = (event: MessageEvent): void => {
    const frame = this.frame;
    if (event.origin !== GATEWAY_ORIGIN || !frame || event.source !== frame.contentWindow) return;
    const message = event.data as FrameMessage;
    switch (messageType(message)) {
      case "pay:card:ready":
        this.ready = true;
        break;
      case "pay:card:resize":
        if (message.type === "pay:card:resize" && message.height > 0) frame.style.height = `${Math.min(Math.ceil(message.height), 2000)}px`;
        break;
      case "pay:card:change":
        if (message.type === "pay:card:change") {
          const { brand, last4, complete, valid } = message;
          this.card = { brand, last4: typeof last4 === "string" && /^\d{4}$/.test(last4) ? last4 : null, complete: complete === true, valid: valid === true };
          this.emit("pay-card-change", { ...this.card });
        }
        break;
      case "pay:card:setup":
      case "pay:card:error": {
        if (message.type !== "pay:card:setup" && message.type !== "pay:card:error") break;
        const waiting = this.pending.get(message.requestId);
        if (message.type === "pay:card:setup") waiting?.resolve(message.result);
        else waiting?.reject(new CardEntryError(String(message.code), String(message.message), message.field));
      }
    }
  };

  /** `pay:card:init`: who pays, the language, and the theme's computed values. */
  private sendInit(): void {
    const frame = this.frame?.contentWindow;
    if (!frame || !this.loaded) return;
    const computed = getComputedStyle(this);
    const theme: CardInitMessage["theme"] = {};
    for (const name of THEME_PROPERTIES) {
      const fallback = PAGE_STYLE[name];
      const value = computed.getPropertyValue(name).trim() || (fallback ? String(computed[fallback]) : "");
      if (value) theme[name] = value;
    }
    const message: CardInitMessage = {
      type: "pay:card:init",
      publishableKey: this.publishableKey,
      transactionId: this.transactionId,
      clientSecret: this.clientSecret,
      locale: this.resolvedLocale,
      theme,
      paymentMethod: this.paymentMethod,
    };
    // The target origin: delivered only while the frame still shows the gateway's page.
    frame.postMessage(message, GATEWAY_ORIGIN);
  }

  /** Each load is a fresh frame (moving the element in the DOM reloads it): nothing typed survives. */
  private onFrameLoad = (): void => {
    this.loaded = true;
    this.ready = false;
    this.card = { brand: null, last4: null, complete: false, valid: false };
    this.dropPending("frame_reloaded", "the card frame was reloaded");
    this.sendInit();
  };

  protected override updated(changed: PropertyValues<this>): void {
    const init = ["publishableKey", "transactionId", "clientSecret", "locale", "paymentMethod"] as const;
    if (init.some((name) => changed.has(name))) this.sendInit();
  }

  private get maxChoice(): number {
    if (this.paymentMethod === "DEBIT_CARD") return 1;
    return Math.max(1, Math.min(Math.floor(this.maxInstallments ?? 12), 21));
  }

  override render() {
    const locale = this.resolvedLocale;
    const t = FORM_STRINGS[locale];
    const money = (minor: number) => formatAmount(minor, this.currency, locale);
    const { brand, last4 } = this.card;
    const choices = Array.from({ length: this.maxChoice }, (_, i) => i + 1);
    return html`<div part="base" lang=${locale}>
      <iframe part="frame" class=${this.ready ? "ready" : ""} src=${GATEWAY_ORIGIN + CARD_FRAME_PATH} title=${t.frameTitle} @load=${this.onFrameLoad}></iframe>
      ${brand && last4 ? html`<p part="card">${t.cardEnding(BRAND_NAMES[brand], last4)}</p>` : nothing}
      ${choices.length > 1
        ? html`<div>
            <label part="installments-label" for="installments">${t.installments}</label>
            <select part="installments" id="installments" @change=${(e: Event) => (this.installments = Number((e.target as HTMLSelectElement).value))}>
              ${choices.map((n) => {
                // The parts add up to the amount: the remainder is in the first (shared/installments.ts).
                const { first, each } = splitInstallments(this.amount, n);
                const label = t.installment(n, money(each), money(this.amount), first === each ? null : money(first));
                return html`<option value=${n} ?selected=${n === this.installments}>${label}</option>`;
              })}
            </select>
          </div>`
        : nothing}
      <button part="button" type="button" ?disabled=${!this.card.valid || this.busy || this.disabled} aria-busy=${this.busy ? "true" : "false"} @click=${this.onPay}>
        ${this.busy ? t.processing : t.pay(money(this.amount))}
      </button>
      <p part="error" role="alert">${this.error}</p>
    </div>`;
  }

  private onPay = (): void => {
    this.emit("pay-card-submit", { installments: Math.min(this.installments, this.maxChoice) });
  };
}

declare global {
  interface HTMLElementTagNameMap {
    "pay-card-form": PayCardForm;
  }
}
