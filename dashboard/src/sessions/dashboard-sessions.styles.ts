/**
 * `<dashboard-sessions>`'s styles: sessions as cards in a grid (one column on a phone), the whole
 * user agent wrapping; adding a passkey and signing out everywhere in boxes of their own.
 */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { listPageStyles } from "../styles/list-page.styles";
import { card, cardGrid, dangerRules, factsRules } from "../styles/panel.styles";

export const sessionsStyles = [
  baseStyles,
  listPageStyles,
  css`
    p {
      margin: 0;
    }
    .sessions {
      ${cardGrid}
    }
    .session,
    .box {
      ${card}
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
    ${factsRules}
    dd {
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
    .box {
      justify-items: start;
    }
    ${dangerRules}
  `,
];
