/** `<dashboard-timeline>`'s styles: events down a line on the start side, their deliveries indented under each. */
import { css } from "lit";
import { baseStyles } from "../styles/base.styles";
import { deliveryStyles } from "../styles/delivery.styles";

export const timelineStyles = [
  baseStyles,
  deliveryStyles,
  css`
    :host {
      display: block;
    }
    .events {
      display: grid;
      gap: 1rem;
      margin: 0;
      padding: 0 0 0 1rem;
      border-inline-start: 2px solid var(--_line);
      list-style: none;
    }
    .head {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25rem 0.75rem;
    }
    .deliveries {
      display: grid;
      gap: 0.5rem;
      margin: 0.5rem 0 0;
      padding: 0;
      list-style: none;
    }
  `,
];
