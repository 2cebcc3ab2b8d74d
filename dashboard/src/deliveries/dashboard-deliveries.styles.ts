/** `<dashboard-deliveries>`'s styles: a developers section's, with deliveries down a list, each separated by a line. */
import { css } from "lit";
import { sectionStyles } from "../styles/section.styles";

export const deliveriesStyles = [
  ...sectionStyles,
  css`
    .deliveries {
      display: grid;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .delivery {
      display: grid;
      gap: 0.25rem;
      padding: 0.75rem 0;
      border-top: 1px solid var(--_line);
    }
    .head {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.25rem 0.75rem;
    }
  `,
];
