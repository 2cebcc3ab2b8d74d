/** `<dashboard-replay-dialog>`'s styles: the dashboard's modal dialog (styles/dialog.styles.ts), its form one field above the other. */
import { css } from "lit";
import { dialogStyles } from "../styles/dialog.styles";

export const replayDialogStyles = [
  ...dialogStyles,
  css`
    p {
      margin: 0;
    }
    #replay-lead {
      overflow-wrap: anywhere;
    }
    form,
    .answer {
      display: grid;
      gap: 0.75rem;
      justify-items: start;
    }
    .field {
      width: 100%;
    }
    input {
      font-family: inherit;
    }
    .error:empty {
      display: none;
    }
    .actions {
      width: 100%;
    }
  `,
];
