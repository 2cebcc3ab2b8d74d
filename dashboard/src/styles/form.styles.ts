/**
 * The dashboard's forms (link, webhook, invite, key roll): a bordered panel, fields one above the
 * other at most 24rem wide, checkboxes in a wrapping group, the submit button at the start.
 */
import { css } from "lit";
import { baseStyles } from "./base.styles";
import { panel, stackedFormRules } from "./panel.styles";

export const fieldStyles = [
  baseStyles,
  css`
    :host {
      display: block;
    }
    .panel {
      ${panel}
    }
    h2 {
      margin: 0;
    }
    ${stackedFormRules}
    .field {
      max-width: 24rem;
    }
    .field.wide {
      max-width: 40rem;
    }
    .field input,
    .field select {
      width: 100%;
    }
    .error:empty {
      display: none;
    }
    .choices {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem 1.25rem;
      margin: 0;
      padding: 0.5rem 0.75rem;
      border: 1px solid var(--_line);
      border-radius: var(--_radius);
      min-width: 0;
      max-width: 40rem;
    }
    .choices legend {
      font-weight: 600;
      padding: 0 0.25em;
    }
    .choices label {
      display: inline-flex;
      align-items: center;
      gap: 0.5em;
      min-height: 2.75em;
      font-weight: 400;
    }
    .choices .error {
      flex-basis: 100%;
    }
    input[type="checkbox"] {
      width: 1.25em;
      height: 1.25em;
      min-height: 0;
      margin: 0;
      accent-color: var(--_primary);
    }
  `,
];
