/**
 * `<dashboard-copy-button>`: copies `value` to the clipboard (`navigator.clipboard.writeText`;
 * the dashboard is a secure context: https, or http on localhost) and says so in a polite live
 * region beside it. When the browser refuses, it says to select the text and copy it by hand.
 *
 * Properties: `value` (what to copy), `label` (the button's text; "Copy" when empty), `detail`
 * (what is copied, read by screen readers after the text: "Copy" + " new key").
 *
 * @event dashboard-copied - The value reached the clipboard.
 *
 * @csspart button - The button.
 * @csspart status - What happened ("Copied").
 */
import { html, nothing } from "lit";
import { property, state } from "lit/decorators.js";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { copyButtonStyles } from "./dashboard-copy-button.styles";

/** How long "Copied" stays. */
const SAID_FOR_MS = 5_000;

/** A copy button, `<dashboard-copy-button>`. */
export class DashboardCopyButton extends DashboardElement {
  static override styles = copyButtonStyles;

  @property() value = "";
  @property() label = "";
  @property() detail = "";

  @state() private said = "";
  private timer?: ReturnType<typeof setTimeout>;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  private copy = async () => {
    try {
      await navigator.clipboard.writeText(this.value);
      this.said = this.s.copied;
      emit(this, "dashboard-copied", {});
    } catch {
      this.said = this.s.copyFailed;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => (this.said = ""), SAID_FOR_MS);
  };

  override render() {
    return html`<button part="button" class="secondary" type="button" @click=${this.copy}>
        ${this.label || this.s.copy}${this.detail ? html`<span class="visually-hidden"> ${this.detail}</span>` : nothing}
      </button>
      <span part="status" class="said" role="status">${this.said}</span>`;
  }
}
