/**
 * The words of live access and of a member's own passkeys in English (docs/dashboard.md, "Test and
 * live" and "Signing in"): the header's note beside the mode, the team's live access (a member's
 * badge, the invite's checkbox, granting and removing it) and adding a passkey from the sessions page.
 */
export const accessEn = {
  access: {
    // Header
    testOnlyNote: "Live mode needs live access: ask an owner to grant it.",
    notApprovedNote: "Not approved for live: nothing can be changed here.",
    // Team
    liveAccess: "Live access",
    /** A member card's fact about live access (short: it shares a column with the profile's). */
    liveFact: "Live access",
    liveYes: "Yes",
    liveNo: "No (test only)",
    inviteLiveHint: "They may see live data and, as their profile allows, change it.",
    grant: "Grant live access",
    revoke: "Remove live access",
    confirmGrant: (name: string) => `Grant ${name} live access? They will see live data and, as their profile allows, change it.`,
    granted: (name: string) => `${name} now has live access.`,
    revoked: (name: string) => `${name} no longer has live access.`,
    // Sessions: another device
    passkeyTitle: "Add a passkey (new device)",
    passkeyLead: "Create a passkey on another device, such as a phone (by a QR code) or a security key: with it you sign in to the dashboard without a new invite.",
    addPasskey: "Add a passkey",
    addingPasskey: "Creating the passkey…",
    passkeyAdded: "Passkey added. Use it to sign in to the dashboard on that device.",
    passkeyRegistered: "This device already holds a passkey of yours: choose another device or security key.",
  },
};

/** Live access and passkeys' words (every language has them all). */
export type AccessStrings = typeof accessEn;
