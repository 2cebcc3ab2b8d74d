/** `<dashboard-audit-log>`'s styles: long ids and user agents wrap instead of widening the table. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { columnPageRules, pagerRules } from "../styles/list-page.styles";

export const auditLogStyles = [
  baseStyles,
  css`
    ${columnPageRules}
    .id {
      min-width: 9rem;
      overflow-wrap: anywhere;
    }
    .agent {
      min-width: 11rem;
      font-size: 0.875em;
      overflow-wrap: anywhere;
    }
    ${pagerRules}
  `,
];
