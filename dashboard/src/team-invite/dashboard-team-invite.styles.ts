/** `<dashboard-team-invite>`'s styles: the dashboard's form panel (styles/form.styles.ts), the live access checkbox beside its label. */
import { css } from "lit";
import { fieldStyles } from "../styles/form.styles";

export const teamInviteStyles = [
  fieldStyles,
  css`
    .check {
      display: inline-flex;
      align-items: center;
      gap: 0.5em;
      min-height: 2.75em;
    }
  `,
];
