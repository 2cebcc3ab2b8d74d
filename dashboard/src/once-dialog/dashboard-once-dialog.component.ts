/**
 * `<dashboard-once-dialog>`: a secret the server shows only once (a new API key, a webhook's
 * signing secret, a member's invite link), in a modal `<dialog>`: a heading, the warning that it
 * will not be shown again, the value in a read-only field (focused and selected, so it can be
 * copied by hand too), a copy button, an optional note, and "Done". Closing it (Done or Escape)
 * forgets the value: nothing keeps it after.
 *
 * Properties: `heading`, `label` (the field's), `note`. Method: `show(value)`.
 *
 * @event dashboard-dialog-closed - The dialog closed (the value is gone).
 *
 * @csspart dialog - The `<dialog>`.
 * @csspart value - The read-only field.
 * @csspart copy-button - The `<dashboard-copy-button>`.
 * @csspart done-button - Done.
 */
import { html, nothing } from "lit";
import { property, query, state } from "lit/decorators.js";
import { DashboardElement } from "../dashboard-element";
import { emit } from "../events";
import { onceDialogStyles } from "./dashboard-once-dialog.styles";

/** A value shown once, `<dashboard-once-dialog>`. */
export class DashboardOnceDialog extends DashboardElement {
  static override styles = onceDialogStyles;

  @property() heading = "";
  @property() label = "";
  @property() note = "";

  @state() private value = "";
  @query("dialog") private dialog!: HTMLDialogElement;
  @query("input") private input!: HTMLInputElement;

  /** Opens the dialog with `value`. */
  async show(value: string): Promise<void> {
    this.value = value;
    await this.updateComplete;
    if (!this.dialog.open) this.dialog.showModal();
    this.input.focus();
    this.input.select();
  }

  private done = () => this.dialog.close();

  private closed = () => {
    this.value = "";
    emit(this, "dashboard-dialog-closed", {});
  };

  override render() {
    const s = this.s;
    return html`<dialog part="dialog" aria-labelledby="title" aria-describedby="warning" @close=${this.closed}>
      <h2 id="title">${this.heading}</h2>
      <p id="warning" class="warning"><strong>${s.shownOnce}</strong></p>
      <div class="field">
        <label for="value">${this.label}</label>
        <input part="value" id="value" readonly .value=${this.value} autocomplete="off" spellcheck="false" />
      </div>
      <dashboard-copy-button part="copy-button" .value=${this.value} detail=${this.label}></dashboard-copy-button>
      ${this.note ? html`<p>${this.note}</p>` : nothing}
      <div class="actions"><button part="done-button" type="button" @click=${this.done}>${s.done}</button></div>
    </dialog>`;
  }
}
