/** `<pay-link>`'s styles (the shared theme first: shared/ui/theme.styles.ts). */
import { css } from "lit";
import { themeStyles } from "../../../shared/ui/theme.styles";

export const linkStyles = [
  themeStyles,
  css`
    .link {
      display: grid;
      gap: 1em;
      max-width: 32rem;
      margin: 0 auto;
      padding: 1.25em;
      border-radius: var(--_radius);
      background: var(--_background);
      box-sizing: border-box;
    }
    .summary {
      display: grid;
      gap: 0.25em;
    }
    .merchant,
    legend,
    label {
      font-weight: 600;
    }
    h1 {
      margin: 0;
      font-size: 1.25em;
    }
    .amount {
      font-size: 1.75em;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
    form,
    fieldset {
      display: grid;
      gap: 0.75em;
      min-width: 0;
    }
    fieldset {
      margin: 0;
      padding: 0;
      border: 0;
    }
    legend {
      padding: 0;
    }
    .field {
      display: grid;
      gap: 0.25em;
    }
    input[type="text"],
    input[type="email"],
    input[type="tel"] {
      font: inherit;
      width: 100%;
      box-sizing: border-box;
      min-height: 2.75em;
      padding: 0.5em 0.75em;
      border: 1px solid #757575;
      border-radius: var(--_radius);
      color: inherit;
      background: var(--_background);
    }
    input[aria-invalid="true"] {
      border-color: var(--_error);
    }
    .choice {
      display: flex;
      gap: 0.5em;
      align-items: center;
      min-height: 2.75em;
      font-weight: 400;
    }
    .choice input {
      width: 1.25em;
      height: 1.25em;
      margin: 0;
    }
    .error,
    .alert {
      color: var(--_error);
    }
    .hint {
      font-size: 0.875em;
    }
    .alert {
      padding: 0.75em 1em;
      border: 1px solid var(--_error);
      border-inline-start-width: 4px;
      border-radius: var(--_radius);
    }
    .notice {
      font-weight: 600;
    }
    a {
      color: var(--_primary);
    }
    button.secondary {
      background: transparent;
      color: var(--_primary);
      /* One width with the card form's button, which sits 4px in to line up with the frame's fields. */
      margin-inline: 4px;
    }
    /* The charge's checkout sits inside this one's padding: no second padding, so the card form,
       its button and this page's buttons share one width. */
    pay-checkout::part(base) {
      padding: 0;
    }
    .seller {
      font-size: 0.875em;
      overflow-wrap: anywhere;
    }
    .test-notice {
      padding: 0.5em 0.75em;
      border: 1px dashed currentColor;
      border-radius: var(--_radius);
      font-size: 0.875em;
      font-weight: 600;
    }
  `,
];
