/** `<pay-checkout>`'s styles (the shared theme comes first: shared/ui/theme.styles.ts). */
import { css } from "lit";
import { themeStyles } from "../../shared/ui/theme.styles";

export const checkoutStyles = [
  themeStyles,
  css`
    .checkout {
      display: grid;
      gap: 1em;
      padding: 1.25em;
      border-radius: var(--_radius);
      background: var(--_background);
    }
    .summary {
      display: grid;
      gap: 0.25em;
    }
    .merchant {
      font-weight: 600;
    }
    .amount {
      font-size: 1.75em;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
    .status:empty {
      display: none;
    }
    /* Focused by script after a card payment (the result): no ring. */
    .status:focus {
      outline: none;
    }
    .status.done,
    .status.failed {
      display: grid;
      gap: 0.25em;
      padding: 0.75em 1em;
      border: 1px solid var(--_primary);
      border-inline-start-width: 4px;
      border-radius: var(--_radius);
    }
    .status.failed {
      border-color: var(--_error);
    }
    .status-title {
      font-weight: 600;
    }
    .status.failed .status-title {
      color: var(--_error);
    }
  `,
];
