/**
 * `<dashboard-payment>`'s styles: the fields and the money in columns where there is room, one on a
 * phone; the net after refunds stands out; a refund's reason wraps inside its cell.
 */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { panelBox } from "../styles/panel.styles";

export const paymentStyles = [
  baseStyles,
  css`
    :host {
      display: grid;
      gap: 1.25rem;
    }
    h1 {
      margin: 0;
    }
    .summary {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem 1rem;
    }
    dl {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
      gap: 0.75rem 1.5rem;
      margin: 0;
      ${panelBox}
    }
    dt {
      color: var(--_muted);
      font-size: 0.875em;
    }
    dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
    .net dd {
      font-weight: 700;
    }
    h2 {
      margin: 0 0 0.5rem;
    }
    .follow:empty {
      display: none;
    }
    .follow p {
      margin: 0;
    }
    td.reason {
      min-width: 10rem;
      white-space: normal;
      overflow-wrap: anywhere;
    }
  `,
];
