/** `<dashboard-link-form>`'s styles: the dashboard's form panel (styles/form.styles.ts). */
import { fieldStyles } from "../styles/form.styles";

export const linkFormStyles = fieldStyles;
