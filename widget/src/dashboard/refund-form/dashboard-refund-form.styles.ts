/** `<dashboard-refund-form>`'s styles: a bordered panel, the field above its button. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";

export const refundFormStyles = [
  baseStyles,
  css`
    :host {
      display: block;
    }
    .refund {
      display: grid;
      gap: 0.75rem;
      padding: 1rem;
      border: 1px solid var(--_line);
      border-radius: var(--_radius);
      background: var(--_background);
    }
    form {
      display: grid;
      gap: 0.75rem;
      justify-items: start;
    }
    .field {
      display: grid;
      gap: 0.25em;
      width: 100%;
      max-width: 20rem;
    }
    h2 {
      margin: 0;
    }
  `,
];
