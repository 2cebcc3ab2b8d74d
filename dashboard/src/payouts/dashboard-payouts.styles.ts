/** `<dashboard-payouts>`'s styles: the balance's figures as the overview's, the calendar a day a line (its parts wrap on a phone). */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { figureRules } from "../styles/figures.styles";
import { columnPageRules, pagerRules } from "../styles/list-page.styles";

export const payoutsStyles = [
  baseStyles,
  css`
    ${columnPageRules}
    ${figureRules}
    ${pagerRules}
    h2 {
      margin: 0 0 0.5rem;
      font-size: 1.125rem;
    }
    .calendar {
      display: grid;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .calendar li {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 0.25rem 1rem;
      padding: 0.5rem 0;
      border-bottom: 1px solid var(--_line);
    }
    .calendar time {
      min-width: 10rem;
    }
    .net {
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
  `,
];
