/** `<dashboard-notification-settings>`'s styles: a developers section's (styles/section.styles.ts). */
import { sectionStyles } from "../styles/section.styles";

export const notificationSettingsStyles = sectionStyles;
