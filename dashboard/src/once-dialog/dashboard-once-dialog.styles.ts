/** `<dashboard-once-dialog>`'s styles: the dashboard's modal dialog (styles/dialog.styles.ts). */
import { dialogStyles } from "../styles/dialog.styles";

export const onceDialogStyles = dialogStyles;
