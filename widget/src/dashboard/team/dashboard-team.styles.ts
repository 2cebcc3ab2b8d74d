/** `<dashboard-team>`'s styles: members as cards in a grid (one column on a phone), their actions wrapping. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { listPageStyles } from "../styles/list-page.styles";

export const teamStyles = [
  baseStyles,
  listPageStyles,
  css`
    .members {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(22rem, 100%), 1fr));
      gap: 0.75rem;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .member {
      display: grid;
      align-content: start;
      gap: 0.5rem;
      padding: 1rem;
      border: 1px solid var(--_line);
      border-radius: var(--_radius);
      background: var(--_background);
    }
    h3 {
      margin: 0;
      font-size: 1.0625rem;
    }
    .email {
      overflow-wrap: anywhere;
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
    }
    .actions,
    .profile {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
    }
    .profile label {
      flex-basis: 100%;
    }
    button.danger {
      color: var(--_error);
      border-color: var(--_error);
    }
  `,
];
