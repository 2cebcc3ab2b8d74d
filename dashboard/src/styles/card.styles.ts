/** The pages without a session (invite, sign in): one card in the middle of the page. */
import { css } from "lit";

export const cardStyles = css`
  :host {
    display: block;
  }
  .card {
    padding: 1.5rem;
    border: 1px solid var(--_line);
    border-radius: var(--_radius);
    background: var(--_background);
  }
  .lead {
    font-size: 1.125rem;
  }
  .card button {
    justify-self: start;
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.25em 1em;
    margin: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
