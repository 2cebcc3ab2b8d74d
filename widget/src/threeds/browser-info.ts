/**
 * The browser facts 3DS authenticate sends (`deviceInformation`), read from the buyer's real
 * browser, every value a string as worker/schemas/threeds.ts wants. A browser paying with a
 * clientSecret leaves out `ipAddress` (it cannot know its public address).
 */

/** authenticate's `deviceInformation` for a browser. */
export interface DeviceInformation {
  httpBrowserLanguage: string;
  httpBrowserJavaEnabled: string;
  httpBrowserColorDepth: string;
  httpBrowserScreenHeight: string;
  httpBrowserScreenWidth: string;
  httpBrowserTimeDifference: string;
  userAgentBrowserValue: string;
  httpAcceptContent: string;
}

/** Reads the facts from `win` (the element's window). */
export function browserInformation(win: Window = window): DeviceInformation {
  const { navigator: nav, screen } = win;
  // Deprecated, and always false in today's browsers; absent in some.
  const java = typeof nav.javaEnabled === "function" ? nav.javaEnabled() : false;
  return {
    httpBrowserLanguage: (nav.language || "en").slice(0, 32),
    httpBrowserJavaEnabled: String(java),
    httpBrowserColorDepth: String(screen.colorDepth),
    httpBrowserScreenHeight: String(screen.height),
    httpBrowserScreenWidth: String(screen.width),
    // Minutes from local time to UTC (UTC-3 is "180"), as the EMV 3DS field defines it.
    httpBrowserTimeDifference: String(new Date().getTimezoneOffset()),
    userAgentBrowserValue: nav.userAgent.slice(0, 2048),
    // What a browser's Accept header says of pages; script cannot read the real header.
    httpAcceptContent: "text/html",
  };
}
