/** A list page's frame (links, subscriptions, sub-sellers, team): sections down a grid, the pager's buttons side by side. */
import { css } from "lit";

export const listPageStyles = css`
  :host {
    display: grid;
    gap: 1.25rem;
  }
  h1,
  h2 {
    margin: 0;
  }
  .pager {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .nowrap {
    white-space: nowrap;
  }
`;
