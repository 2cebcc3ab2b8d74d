/** A command line the CLI cannot run as given: printed with the usage, exit status 2. */
export class UsageError extends Error {}
