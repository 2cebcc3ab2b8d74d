/** The team section's words in English. Profiles, statuses and last access come from the API, in the page's language. */
export const teamEn = {
  team: {
    members: "Members",
    count: (n: number) => (n === 1 ? "1 member" : `${n} members`),
    lastAccess: "Last access",
    inviteTitle: "Invite a member",
    firstName: "First name",
    lastName: "Last name (optional)",
    invite: "Invite",
    inviting: "Inviting…",
    emailInvalid: "Enter the member's e-mail address.",
    firstNameRequired: "Enter the member's first name.",
    inviteFor: (name: string) => `Invite link for ${name}`,
    inviteLink: "Invite link",
    inviteNote: (at: string) => `Send it to them privately. It works once, until ${at}.`,
    newProfile: "Profile",
    saveProfile: "Change profile",
    profileChanged: (name: string, profile: string) => `${name} is now ${profile}.`,
    newInviteLink: "New invite link",
    reinvited: (name: string) => `A new invite link was made for ${name}; the earlier ones no longer work.`,
    remove: "Remove",
    confirmRemove: (name: string) => `Remove ${name} from the team? Their sessions end now and their passkeys stop working.`,
    removed: (name: string) => `${name} was removed from the team.`,
  },
};

/** The team's words (every language has them all). */
export type TeamStrings = typeof teamEn;
