/**
 * `<dashboard-confirm-dialog>`: asks before a change that cannot simply be undone (removing a team
 * member, deleting a webhook, suspending a sub-seller), in a modal `<dialog>` whose question is its
 * accessible name. "Cancel" (or Escape) answers no; the named action answers yes.
 *
 * Method: `ask(question, action)` resolves true when the member confirms.
 *
 * @csspart dialog - The `<dialog>`.
 * @csspart confirm-button - The action.
 * @csspart cancel-button - Cancel.
 */
import { html } from "lit";
import { query, state } from "lit/decorators.js";
import { DashboardElement } from "../dashboard-element";
import { confirmDialogStyles } from "./dashboard-confirm-dialog.styles";

/** A yes-or-no question, `<dashboard-confirm-dialog>`. */
export class DashboardConfirmDialog extends DashboardElement {
  static override styles = confirmDialogStyles;

  @state() private question = "";
  @state() private action = "";
  @query("dialog") private dialog!: HTMLDialogElement;
  private answer?: (yes: boolean) => void;

  /** Asks `question`; the confirm button says `action`. */
  async ask(question: string, action: string): Promise<boolean> {
    this.answer?.(false);
    this.question = question;
    this.action = action;
    await this.updateComplete;
    if (!this.dialog.open) this.dialog.showModal();
    return new Promise((resolve) => (this.answer = resolve));
  }

  private reply(yes: boolean): void {
    const answer = this.answer;
    this.answer = undefined;
    if (this.dialog.open) this.dialog.close();
    answer?.(yes);
  }

  override render() {
    return html`<dialog part="dialog" aria-labelledby="question" @close=${() => this.reply(false)}>
      <p id="question" class="question">${this.question}</p>
      <div class="actions">
        <button part="cancel-button" class="secondary" type="button" @click=${() => this.reply(false)}>${this.s.cancel}</button>
        <button part="confirm-button" type="button" @click=${() => this.reply(true)}>${this.action}</button>
      </div>
    </dialog>`;
  }
}
