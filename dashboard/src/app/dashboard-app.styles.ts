/** `<dashboard-app>`'s styles: the test mode's banner across the page, the page's column (full width on a phone). */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";

export const appStyles = [
  baseStyles,
  css`
    :host {
      display: block;
      min-height: 100vh;
    }
    /* White on the warning's brown: 6.8:1, and unlike anything live mode shows. */
    .test-banner {
      padding: 0.5rem 1rem;
      background: var(--_warn);
      color: #fff;
      font-weight: 600;
      text-align: center;
    }
    .test-banner:empty {
      display: none;
    }
    main {
      display: block;
      max-width: 72rem;
      margin: 0 auto;
      padding: 1.5rem 1rem 3rem;
      box-sizing: border-box;
    }
    main:focus {
      outline: none;
    }
    main.narrow {
      max-width: 32rem;
      padding-top: 3rem;
    }
    main > * + * {
      margin-top: 1em;
    }
  `,
];
