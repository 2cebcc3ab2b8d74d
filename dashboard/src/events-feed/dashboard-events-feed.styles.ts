/** `<dashboard-events-feed>`'s styles: a developers section's (styles/section.styles.ts). */
import { sectionStyles } from "../styles/section.styles";

export const eventsFeedStyles = sectionStyles;
