/**
 * `<pay-checkout>`: the checkout a seller embeds with one script tag (`{base}/pay.js`).
 *
 * For now it is only the frame the checkout will grow into: a region named in the buyer's
 * language (`part="base"`) that holds whatever the seller slots in. Card entry, the PIX QR, 3DS
 * and the events come with the rest of issue 10 (docs/widget.md lists what is missing).
 *
 * Attributes / properties:
 * - `locale` — `pt-BR` or `en` (any `pt…`/`en…` tag); unset or unknown: the page's
 *   `<html lang>`, else `en`.
 *
 * Parts: `base` — the region.
 * Custom properties: `--pay-font-family` (default: inherited from the page).
 */
import { LitElement, css, html } from "lit";
import { property } from "lit/decorators.js";
import { resolveLocale, stringsFor } from "./locale";

export class PayCheckout extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    :host([hidden]) {
      display: none;
    }
    [part="base"] {
      font-family: var(--pay-font-family, inherit);
    }
  `;

  /** The buyer's language: `pt-BR` or `en`; see the class comment for the fallback. */
  @property() locale?: string;

  override render() {
    const locale = resolveLocale(this.locale, this.ownerDocument.documentElement.lang);
    // A <section> with an accessible name is a landmark region.
    return html`<section part="base" lang=${locale} aria-label=${stringsFor(locale).checkout}><slot></slot></section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "pay-checkout": PayCheckout;
  }
}
