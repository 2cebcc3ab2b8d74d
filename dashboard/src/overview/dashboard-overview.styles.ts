/** `<dashboard-overview>`'s styles: figures in a grid of cards (one column on a phone), the chart's bars and scale. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { figureRules } from "../styles/figures.styles";
import { columnPageRules } from "../styles/list-page.styles";
import { panel } from "../styles/panel.styles";

export const overviewStyles = [
  baseStyles,
  css`
    ${columnPageRules}
    .period {
      display: grid;
      gap: 0.25em;
      max-width: 16rem;
    }
    ${figureRules}
    .by-day {
      ${panel}
    }
    .chart {
      margin: 0;
    }
    svg {
      display: block;
      width: 100%;
      height: 12rem;
    }
    .bar {
      fill: var(--_primary);
    }
    .axis {
      stroke: var(--_muted);
      stroke-width: 1;
      vector-effect: non-scaling-stroke;
    }
    .days {
      display: flex;
      justify-content: space-between;
    }
  `,
];
