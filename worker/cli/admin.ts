/**
 * `npm run admin -- <command>`: the operator CLI's entry (the commands: ./admin-main.ts). A
 * command's own status (a failed check is 1) is the exit code once its output is flushed; a
 * command line that cannot run exits at once, 2 for a usage error, else 1.
 */
import { adminFailure, runAdminCommand } from "./admin-main";

runAdminCommand(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (err) => process.exit(adminFailure(err)),
);
