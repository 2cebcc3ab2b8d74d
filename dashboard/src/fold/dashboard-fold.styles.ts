/** `<dashboard-fold>`'s styles: the button and the folding on a phone only; on a wide screen the content shows as is. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { PHONE, WIDE } from "../styles/phone.styles";

export const foldStyles = [
  baseStyles,
  css`
    :host {
      display: block;
    }
    .toggle {
      display: inline-flex;
      align-items: center;
      gap: 0.5em;
      border: 1px solid currentColor;
    }
    .chevron::before {
      content: "▸";
    }
    .toggle[aria-expanded="true"] .chevron::before {
      content: "▾";
    }
    @media ${WIDE} {
      .toggle {
        display: none;
      }
    }
    @media ${PHONE} {
      .panel:not(.open) {
        display: none;
      }
      .panel.open {
        margin-top: 0.75rem;
      }
    }
  `,
];
