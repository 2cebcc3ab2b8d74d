/** `<dashboard-overview>`'s styles: figures in a grid of cards (one column on a phone), the chart's bars and scale. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
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
    .figures {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
      gap: 0.75rem;
      margin: 0;
    }
    .figure {
      padding: 0.75rem 1rem;
      border: 1px solid var(--_line);
      border-radius: var(--_radius);
      background: var(--_background);
    }
    dt {
      color: var(--_muted);
      font-size: 0.875em;
    }
    dd {
      margin: 0;
    }
    .detail {
      display: block;
    }
    .value {
      font-size: 1.375rem;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
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
