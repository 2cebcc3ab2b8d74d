/** `<dashboard-copy-button>`'s styles: the button, and what happened beside it (below it on a phone). */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";

export const copyButtonStyles = [
  baseStyles,
  css`
    :host {
      display: inline-flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25rem 0.75rem;
    }
    .said {
      color: var(--_ok);
      font-weight: 600;
    }
  `,
];
