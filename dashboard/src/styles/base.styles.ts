/**
 * What every dashboard element shares, after the widget's theme (shared/ui/theme.styles.ts: the
 * colour properties, the button, the focus ring, `.visually-hidden`): headings, links, form
 * fields, alerts, status badges and tables that scroll inside their own region rather than
 * widening a 375 px page. Lit adopts these as constructed stylesheets, which the page's strict
 * CSP (`style-src 'self'`, no inline style) allows.
 */
import { css } from "lit";
import { themeStyles } from "../../../shared/ui/theme.styles";

export const baseStyles = [
  themeStyles,
  css`
    :host {
      --_muted: #5f6368;
      --_line: #dadce0;
      --_ok: #146c2e;
      --_warn: #8a4b00;
      min-width: 0;
    }
    /* A grid or flex item may shrink below its content (a wide table scrolls in its region instead). */
    :host > *,
    section,
    div,
    li,
    details,
    figure,
    form,
    fieldset,
    dd {
      min-width: 0;
    }
    h1 {
      margin: 0 0 0.5em;
      font-size: 1.5rem;
      line-height: 1.25;
    }
    h2 {
      margin: 0 0 0.5em;
      font-size: 1.125rem;
    }
    a {
      color: var(--_primary);
    }
    label {
      font-weight: 600;
    }
    input,
    select,
    textarea {
      font: inherit;
      min-height: 2.75em;
      padding: 0.5em 0.75em;
      border: 1px solid #757575;
      border-radius: var(--_radius);
      color: inherit;
      background: var(--_background);
      box-sizing: border-box;
      max-width: 100%;
    }
    input[aria-invalid="true"],
    textarea[aria-invalid="true"] {
      border-color: var(--_error);
    }
    button.secondary {
      background: transparent;
      color: var(--_primary);
    }
    .muted {
      color: var(--_muted);
    }
    .alert,
    .notice {
      padding: 0.75em 1em;
      border: 1px solid;
      border-inline-start-width: 4px;
      border-radius: var(--_radius);
    }
    .alert {
      border-color: var(--_error);
      color: var(--_error);
    }
    .error {
      color: var(--_error);
    }
    /* A failed read's alert and its "Try again" button (alerts/read-alert.ts), side by side when they fit. */
    .read-alert {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.5rem 1rem;
    }
    .read-alert p {
      margin: 0;
    }
    .notice {
      border-color: var(--_ok);
      color: var(--_ok);
    }
    .badge {
      display: inline-block;
      padding: 0.125em 0.5em;
      border: 1px solid currentColor;
      border-radius: 999px;
      font-size: 0.875em;
      white-space: nowrap;
    }
    .badge.PAID,
    .badge.COMPLETED,
    .badge.DELIVERED,
    .badge.ACTIVE,
    .badge.TRIALING,
    .badge.ok {
      color: var(--_ok);
    }
    .badge.PENDING,
    .badge.REFUND_PENDING,
    .badge.INVITED,
    .badge.DRAFT,
    .badge.OPEN,
    .badge.INCOMPLETE,
    .badge.PAST_DUE {
      color: var(--_warn);
    }
    .badge.FAILED,
    .badge.CANCELLED,
    .badge.INACTIVE,
    .badge.EXPIRED,
    .badge.SUSPENDED,
    .badge.BLOCKED,
    .badge.DISABLED,
    .badge.UNCOLLECTIBLE,
    .badge.VOID,
    .badge.denied {
      color: var(--_error);
    }
    /* Positioned, so a visually hidden label inside a cell is clipped with the table, not left far to the page's right. */
    .table-region {
      position: relative;
      overflow-x: auto;
      max-width: 100%;
    }
    table {
      width: 100%;
      border-collapse: collapse;
    }
    th,
    td {
      padding: 0.5em 0.75em;
      border-bottom: 1px solid var(--_line);
      text-align: start;
      vertical-align: top;
    }
    th {
      white-space: nowrap;
    }
    .num {
      text-align: end;
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
    }
    .stack {
      display: grid;
      gap: 1em;
    }
  `,
];
