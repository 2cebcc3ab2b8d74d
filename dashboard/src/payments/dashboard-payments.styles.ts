/** `<dashboard-payments>`'s styles: the search's fields in columns (one on a phone), the pager's buttons. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { columnPageRules, pagerRules } from "../styles/list-page.styles";

export const paymentsStyles = [
  baseStyles,
  css`
    ${columnPageRules}
    /* As many columns as fit (one on a phone); the buttons on a row of their own. */
    .filters {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 11rem), 1fr));
      gap: 0.75rem 1rem;
      align-items: start;
      margin: 0;
    }
    .field {
      display: grid;
      gap: 0.25em;
    }
    .field input,
    .field select {
      width: 100%;
    }
    .field p {
      margin: 0;
    }
    .error:empty {
      display: none;
    }
    .actions {
      grid-column: 1 / -1;
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
      align-items: center;
    }
    /* The export is a download link, drawn as a secondary button beside Clear. */
    .export {
      margin-inline-start: auto;
      padding: 0.5em 1em;
      border: 1px solid currentColor;
      border-radius: 0.375rem;
      text-decoration: none;
    }
    ${pagerRules}
  `,
];
