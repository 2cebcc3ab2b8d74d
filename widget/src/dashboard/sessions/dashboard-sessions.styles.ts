/** `<dashboard-sessions>`'s styles: sessions as cards in a grid (one column on a phone), the whole user agent wrapping. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { listPageStyles } from "../styles/list-page.styles";

export const sessionsStyles = [
  baseStyles,
  listPageStyles,
  css`
    p {
      margin: 0;
    }
    .sessions {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(22rem, 100%), 1fr));
      gap: 0.75rem;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .session,
    .everywhere {
      display: grid;
      align-content: start;
      gap: 0.5rem;
      padding: 1rem;
      border: 1px solid var(--_line);
      border-radius: var(--_radius);
      background: var(--_background);
    }
    .title {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25rem 0.75rem;
    }
    h2 {
      font-size: 1.0625rem;
    }
    dl {
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 0.25rem 1rem;
      margin: 0;
    }
    dl > div {
      display: contents;
    }
    dt {
      color: var(--_muted);
    }
    dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
    summary {
      cursor: pointer;
      padding: 0.5em 0;
      color: var(--_primary);
    }
    code {
      font-size: 0.875em;
      overflow-wrap: anywhere;
    }
    .everywhere {
      justify-items: start;
    }
    button.danger {
      color: var(--_error);
      border-color: var(--_error);
    }
  `,
];
