/**
 * The dashboard's modal dialogs (`<dialog>` opened with `showModal()`: the rest of the page is
 * inert, focus stays inside, Escape closes): a card that fits a 375 px screen, its actions at the
 * end, a warning in the warning colour.
 */
import { css } from "lit";
import { baseStyles } from "./base.styles";

export const dialogStyles = [
  baseStyles,
  css`
    :host {
      display: contents;
    }
    dialog {
      width: min(34rem, calc(100vw - 2rem));
      box-sizing: border-box;
      padding: 1.25rem;
      border: 1px solid var(--_line);
      border-radius: var(--_radius);
      color: var(--_text);
      background: var(--_background);
    }
    dialog[open] {
      display: grid;
      gap: 0.875rem;
    }
    dialog::backdrop {
      background: rgb(0 0 0 / 0.45);
    }
    h2 {
      margin: 0;
    }
    .warning {
      padding: 0.5em 0.75em;
      border-inline-start: 4px solid var(--_warn);
      color: var(--_warn);
    }
    .question {
      font-size: 1.0625rem;
      font-weight: 600;
    }
    .field {
      display: grid;
      gap: 0.25em;
    }
    input {
      width: 100%;
      font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      justify-content: flex-end;
      gap: 0.5rem;
    }
  `,
];
