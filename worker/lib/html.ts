/** Text into HTML, for the pages the gateway writes itself (the link page, the 3DS pages). */

/** `s` safe inside an element or a quoted attribute: `& < > " '` become character references. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
