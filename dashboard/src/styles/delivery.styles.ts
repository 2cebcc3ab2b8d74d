/** A webhook delivery's parts (deliveries/delivery-parts.ts): the attempts' disclosure and table, answers that wrap. */
import { css } from "lit";

export const deliveryStyles = css`
  .attempts summary {
    cursor: pointer;
    color: var(--_primary);
    padding: 0.5em 0;
  }
  .attempts .table-region {
    margin-top: 0.25rem;
  }
  .answer {
    min-width: 10rem;
    overflow-wrap: anywhere;
  }
  .nowrap {
    white-space: nowrap;
  }
  code {
    font-size: 0.875em;
  }
`;
