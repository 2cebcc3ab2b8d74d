/** A list page's frame (links, subscriptions, sub-sellers, team): sections down a grid, the pager's buttons side by side. */
import { css } from "lit";

/** The pager's buttons side by side (wrapping on a phone), and the cells that do not wrap: rules for any list page's sheet. */
export const pagerRules = css`
  .pager {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .nowrap {
    white-space: nowrap;
  }
`;

/** A page down a grid with 1rem between its parts, its heading without a margin (overview, payments, audit log): rules for its sheet. */
export const columnPageRules = css`
  :host {
    display: grid;
    gap: 1rem;
  }
  h1 {
    margin: 0;
  }
`;

export const listPageStyles = css`
  :host {
    display: grid;
    gap: 1.25rem;
  }
  h1,
  h2 {
    margin: 0;
  }
  ${pagerRules}
`;
