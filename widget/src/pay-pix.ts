/**
 * `<pay-pix>`: the PIX part of `<pay-checkout>`, which renders it for a PENDING PIX transaction
 * and sets its properties (it is not meant to be used alone).
 *
 * - **QR code** as inline SVG: the gateway's SVG (`paymentDetails.qrCodeUrl`, CORS `*`) is fetched,
 *   parsed with DOMParser and its `<svg>` imported into the shadow root with `role="img"` and a
 *   label. Not an `<img>`: a seller's CSP `default-src 'self'` blocks images from the gateway,
 *   while the fetch falls under `connect-src {gateway}`, which the seller allows anyway.
 * - **Copy-and-paste code** in a read-only field with a Copy button: the Clipboard API, else
 *   selecting the field and `document.execCommand("copy")`; "Copied" is announced.
 * - **Countdown** to `expiresAt` on the server's clock: offset = serverTime − Date.now() at each
 *   read; `mm:ss`. "One minute left" is announced once.
 * - **Live status** by polling the checkout view (widget/src/status-poller.ts: 1 s, ×1.5, at most
 *   10 s, paused while the page is hidden) until it is no longer PENDING.
 * - **Expiry**: at zero the QR and code give way to an "expired" notice (the checkout's status line
 *   says "expired") and polling stops; one more
 *   read (the server cancels a due charge on read) lets the checkout show CANCELLED/EXPIRED.
 *
 * @event pay-pix-update - A fresh checkout view (`detail`: CheckoutView). Bubbles, not composed:
 *   for `<pay-checkout>`, which turns status changes into its public events.
 * @event pay-pix-expired - The countdown reached zero (`detail`: `{transactionId}`). Bubbles, not composed.
 *
 * @csspart pix - The whole PIX block.
 * @csspart qr - The QR code's box (the `<svg role="img">` is inside it).
 * @csspart code-label - The label of the copy-and-paste code.
 * @csspart code - The read-only field holding the code.
 * @csspart copy-button - The Copy button.
 * @csspart countdown - The time left to pay.
 * @csspart expired - The notice shown once the code has expired.
 *
 * @cssprop --pay-color-primary - Buttons and the focus ring.
 * @cssprop --pay-color-text - Text and the field's border.
 * @cssprop --pay-color-background - The field's background and the button's text.
 * @cssprop --pay-color-error - The expired notice.
 * @cssprop --pay-radius - Corners of the QR box, field, button and notice.
 * @cssprop --pay-font-family - The font.
 * @cssprop --pay-font-size - The base font size.
 */
import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import { GATEWAY_ORIGIN, readCheckout, type CheckoutView, type PaymentContext } from "./gateway";
import { formatAmount, formatCountdown, stringsFor } from "./locale";
import { PayElement } from "./pay-element";
import { pixStyles } from "./pay-pix.styles";
import { StatusPoller } from "./status-poller";

const SVG_NS = "http://www.w3.org/2000/svg";
/** How long "Copied" stays on the button. */
const COPIED_FOR = 3_000;
/** When the server still says PENDING at our zero (its clock a hair behind), ask again after this. */
const EXPIRY_RECHECK = 2_000;

export class PayPix extends PayElement {
  static override styles = pixStyles;

  /** The checkout view (a PIX transaction); the element renders nothing without one. */
  @property({ attribute: false }) view?: CheckoutView;
  /** The keys to poll with; without them the element shows the view but does not poll. */
  @property({ attribute: false }) context?: PaymentContext;

  /** The imported QR `<svg>`; null when it could not be loaded; undefined while loading. */
  @state() private qr: SVGSVGElement | null | undefined;
  /** Milliseconds left to pay, on the server's clock. */
  @state() private left = 0;
  @state() private expired = false;
  @state() private copied = false;
  /** What the live region says (copy result, a minute left, expired). */
  @state() private announcement = "";

  /** serverTime − Date.now() at the last read: our clock plus this is the server's. */
  private offset = 0;
  private qrUrl?: string;
  private warned = false;
  private ticker?: ReturnType<typeof setInterval>;
  private copiedTimer?: ReturnType<typeof setTimeout>;
  private readonly poller = new StatusPoller(async () => {
    await this.refresh();
    return this.view?.status === "PENDING" && !this.expired;
  });

  override connectedCallback(): void {
    super.connectedCallback();
    this.sync();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.poller.stop();
    clearInterval(this.ticker);
    this.ticker = undefined;
    clearTimeout(this.copiedTimer);
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("view") && this.view) {
      this.offset = Date.parse(this.view.serverTime) - Date.now();
      const url = this.view.paymentDetails?.qrCodeUrl;
      if (url && url !== this.qrUrl) {
        this.qrUrl = url;
        this.qr = undefined;
        void this.loadQr(url);
      }
      this.tick();
    }
    if (changed.has("view") || changed.has("context") || changed.has("expired")) this.sync();
    if (this.view) this.qr?.setAttribute("aria-label", this.strings.qrLabel(formatAmount(this.view.amount, this.view.currency, this.resolvedLocale)));
  }


  private get strings() {
    return stringsFor(this.resolvedLocale);
  }

  /** Runs the countdown and the polling exactly while the code can still be paid. */
  private sync(): void {
    const payable = this.isConnected && this.view?.status === "PENDING" && !this.expired;
    if (payable && this.context) this.poller.start();
    else this.poller.stop();
    if (payable) this.ticker ??= setInterval(() => this.tick(), 1_000);
    else {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  private tick(): void {
    const expiresAt = this.view?.paymentDetails?.expiresAt;
    if (!expiresAt) return;
    this.left = Math.max(0, Date.parse(expiresAt) - (Date.now() + this.offset));
    if (this.view?.status !== "PENDING" || this.expired) return;
    if (this.left === 0) return this.expire();
    if (this.left <= 60_000 && !this.warned) {
      this.warned = true;
      this.announcement = this.strings.oneMinuteLeft;
    }
  }

  private expire(): void {
    // The checkout's status line says "expired" (and is announced); this block says what to do.
    this.expired = true;
    this.sync();
    this.emit("pay-pix-expired", { transactionId: this.view!.id }, false);
    void this.confirmExpiry();
  }

  /** The server cancels a due charge when it is read: read, so the checkout learns CANCELLED. */
  private async confirmExpiry(): Promise<void> {
    for (let attempt = 0; attempt < 2 && this.isConnected; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, EXPIRY_RECHECK));
      try {
        await this.refresh();
        if (this.view?.status !== "PENDING") return;
      } catch {
        // offline: the expired notice stays, which is the truth either way
      }
    }
  }

  /** Reads the checkout view and hands it on (to this element and, by event, to the checkout). */
  private async refresh(): Promise<void> {
    if (!this.context) return;
    const view = await readCheckout(this.context);
    if (this.view && view.id !== this.view.id) return; // another transaction meanwhile
    this.view = view;
    this.emit("pay-pix-update", view, false);
  }

  /** Fetches the QR SVG and imports its `<svg>` node (no `<img>`, no data: URL: see the class comment). */
  private async loadQr(url: string): Promise<void> {
    let svg: SVGSVGElement | null = null;
    try {
      // The gateway's path, on the origin pay.js came from (the one the seller's CSP names).
      const at = new URL(url, GATEWAY_ORIGIN);
      const res = await fetch(`${GATEWAY_ORIGIN}${at.pathname}${at.search}`, { credentials: "omit" });
      if (!res.ok) throw new Error(`QR ${res.status}`);
      const doc = new DOMParser().parseFromString(await res.text(), "image/svg+xml");
      const root = doc.documentElement;
      if (root.namespaceURI !== SVG_NS || root.localName !== "svg" || doc.getElementsByTagName("parsererror").length) throw new Error("not an SVG");
      // Our own server's drawing has neither; dropped anyway, so the import can never run code.
      for (const el of root.querySelectorAll("script, foreignObject")) el.remove();
      for (const el of [root, ...root.querySelectorAll("*")]) {
        for (const attr of [...el.attributes]) if (/^on|^style$/i.test(attr.name)) el.removeAttribute(attr.name);
      }
      svg = document.importNode(root, true) as unknown as SVGSVGElement;
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("role", "img");
      svg.setAttribute("focusable", "false");
    } catch {
      svg = null;
    }
    if (url !== this.qrUrl) return;
    if (svg && this.view) svg.setAttribute("aria-label", this.strings.qrLabel(formatAmount(this.view.amount, this.view.currency, this.resolvedLocale)));
    this.qr = svg;
  }

  private async copy(): Promise<void> {
    const code = this.view?.paymentDetails?.qrCode;
    const field = this.renderRoot.querySelector("input");
    const button = this.renderRoot.querySelector<HTMLButtonElement>("button");
    if (!code || !field) return;
    let ok = false;
    try {
      await navigator.clipboard.writeText(code);
      ok = true;
    } catch {
      // No Clipboard API (an older browser, an insecure page, a frame without permission).
      field.focus();
      field.select();
      try {
        ok = document.execCommand("copy");
      } catch {
        ok = false;
      }
      if (ok) button?.focus(); // back where the buyer was; on failure the code stays selected
    }
    this.copied = ok;
    this.announcement = ok ? this.strings.copied : this.strings.copyFailed;
    clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => {
      this.copied = false;
      this.announcement = "";
    }, COPIED_FOR);
  }

  override render() {
    const details = this.view?.paymentDetails;
    if (!details) return nothing;
    const s = this.strings;
    const body = this.expired
      ? html`<div part="expired" class="expired"><p>${s.expiredText}</p></div>`
      : html`<p class="title">${s.pixTitle}</p>
          <p id="help">${s.pixHelp}</p>
          <div part="qr" class=${this.qr === null ? "qr missing" : "qr"}>${this.qr === null ? html`<p>${s.qrUnavailable}</p>` : (this.qr ?? nothing)}</div>
          <label part="code-label" for="code">${s.code}</label>
          <div class="code-row">
            <input part="code" id="code" readonly .value=${details.qrCode} aria-describedby="help" @focus=${(e: FocusEvent) => (e.target as HTMLInputElement).select()} />
            <button part="copy-button" type="button" @click=${this.copy}>${this.copied ? s.copied : s.copy}</button>
          </div>
          <p part="countdown" class="countdown">${s.expiresIn}: <span class="time">${formatCountdown(this.left)}</span></p>`;
    return html`<div part="pix" class="pix" lang=${this.resolvedLocale}>
      ${body}
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "pay-pix": PayPix;
  }
}
