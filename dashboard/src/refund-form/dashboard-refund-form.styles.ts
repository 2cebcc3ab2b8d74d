/** `<dashboard-refund-form>`'s styles: a bordered panel, the field above its button. */
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
    h2 {
      margin: 0;
    }
  `,
];
