/**
 * The operator CLI (`npm run admin -- …`) run in this process: the same command dispatch and
 * error handling as worker/cli/admin.ts, without a child process (`node --import tsx` compiles
 * the CLI again for every command, about a second each). What it writes to stdout and stderr is
 * captured, and its exit status is the one the entry would exit with. Commands run one at a time
 * (the capture is process-wide). Spawned tests of the real entry: test/node/admin-cli.test.ts,
 * test/node/admin-pix.test.ts.
 */
import { vi } from "vitest";
import { adminFailure, runAdminCommand } from "../../worker/cli/admin-main";

/** What a command line printed and its exit status. */
export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

let running = false;

/** Runs `npm run admin -- ...args` in process with the variables `env` (default: this process's). */
export async function runAdmin(env: NodeJS.ProcessEnv, ...args: string[]): Promise<AdminRun> {
  if (running) throw new Error("runAdmin: one command at a time (its output capture is process-wide)");
  running = true;
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    let code: number;
    try {
      code = await runAdminCommand(args, env);
    } catch (error) {
      code = adminFailure(error);
    }
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    running = false;
  }
}
