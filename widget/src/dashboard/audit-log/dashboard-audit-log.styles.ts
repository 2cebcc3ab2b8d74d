/** `<dashboard-audit-log>`'s styles: long ids and user agents wrap instead of widening the table. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";

export const auditLogStyles = [
  baseStyles,
  css`
    :host {
      display: grid;
      gap: 1rem;
    }
    h1 {
      margin: 0;
    }
    .nowrap {
      white-space: nowrap;
    }
    .id {
      min-width: 9rem;
      overflow-wrap: anywhere;
    }
    .agent {
      min-width: 11rem;
      font-size: 0.875em;
      overflow-wrap: anywhere;
    }
    .pager {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
    }
  `,
];
