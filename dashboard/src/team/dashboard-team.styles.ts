/** `<dashboard-team>`'s styles: members as cards in a grid (one column on a phone), their actions wrapping. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { listPageStyles } from "../styles/list-page.styles";
import { card, cardGrid, dangerRules, factsRules } from "../styles/panel.styles";

export const teamStyles = [
  baseStyles,
  listPageStyles,
  css`
    .members {
      ${cardGrid}
    }
    .member {
      ${card}
    }
    h3 {
      margin: 0;
      font-size: 1.0625rem;
    }
    .email {
      overflow-wrap: anywhere;
    }
    ${factsRules}
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
    ${dangerRules}
  `,
];
