/** `<dashboard-refund-form>`'s styles: a bordered panel, the fields above the button, the reason wider. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { panel, stackedFormRules } from "../styles/panel.styles";

export const refundFormStyles = [
  baseStyles,
  css`
    :host {
      display: block;
    }
    .refund {
      ${panel}
    }
    ${stackedFormRules}
    .field {
      max-width: 20rem;
    }
    .field:has(textarea) {
      max-width: 32rem;
    }
    textarea {
      width: 100%;
      resize: vertical;
    }
    h2 {
      margin: 0;
    }
  `,
];
