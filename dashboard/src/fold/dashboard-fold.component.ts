/**
 * `<dashboard-fold>`: what it holds (a search form), shown as is on a wide screen and folded on a
 * phone behind a disclosure button (`label`, e.g. "Filters", with `aria-expanded` and
 * `aria-controls`), so a list under it starts on the first screen at 375 px. The button is there
 * only on a phone (styles/phone.styles.ts); pressing it shows or hides the content, and opening
 * it moves the focus to the content's first field.
 *
 * Properties: `label` (the button's words).
 *
 * @slot - What folds: its styles are its host's (it stays in the host's tree).
 * @csspart toggle - The disclosure button.
 * @csspart panel - What folds.
 */
import { html } from "lit";
import { property, state } from "lit/decorators.js";
import { DashboardElement } from "../dashboard-element";
import { foldStyles } from "./dashboard-fold.styles";

/** A disclosure on a phone, `<dashboard-fold>`. */
export class DashboardFold extends DashboardElement {
  static override styles = foldStyles;

  @property() label = "";
  @state() private open = false;

  private toggle = async () => {
    this.open = !this.open;
    if (!this.open) return;
    await this.updateComplete;
    const slot = this.renderRoot.querySelector("slot");
    const first = slot?.assignedElements({ flatten: true })[0]?.querySelector<HTMLElement>("input, select, button, textarea");
    first?.focus();
  };

  override render() {
    return html`<button part="toggle" class="toggle secondary" type="button" aria-expanded=${this.open ? "true" : "false"} aria-controls="panel" @click=${this.toggle}>
        <span class="chevron" aria-hidden="true"></span>${this.label}
      </button>
      <div part="panel" id="panel" class=${this.open ? "panel open" : "panel"}><slot></slot></div>`;
  }
}
