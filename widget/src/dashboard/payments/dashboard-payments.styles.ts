/** `<dashboard-payments>`'s styles: filters side by side (stacked on a phone), the pager's buttons. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";

export const paymentsStyles = [
  baseStyles,
  css`
    :host {
      display: grid;
      gap: 1rem;
    }
    h1 {
      margin: 0;
    }
    .filters {
      display: flex;
      flex-wrap: wrap;
      gap: 0.75rem 1.5rem;
      margin: 0;
      padding: 0;
      border: 0;
      min-width: 0;
    }
    .filters label {
      display: grid;
      gap: 0.25em;
      flex: 1 1 12rem;
      max-width: 20rem;
    }
    .nowrap {
      white-space: nowrap;
    }
    .pager {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
    }
  `,
];
