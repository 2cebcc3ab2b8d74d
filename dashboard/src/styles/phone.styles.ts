/**
 * The width under which the dashboard is laid out for a phone: the header's sections fold into a
 * menu and the payments search into a "Filters" disclosure. One value for both, so they fold
 * together (docs/dashboard.md, "Phones").
 */
import { unsafeCSS } from "lit";

/** The media query of a phone's width (a 375 px iPhone is well under it). */
export const PHONE = unsafeCSS("(max-width: 40rem)");

/** The media query of anything wider. */
export const WIDE = unsafeCSS("(min-width: 40.0625rem)");
