/** Figures in a grid of cards, one column on a phone (the overview's, the payouts' balance): a `<dl class="figures">` of `.figure`s. */
import { css } from "lit";

export const figureRules = css`
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
`;
