/**
 * The PSP simulator (worker/connectors/bcb-pix/simulator/) as the bench's own child process, for
 * `live-pix` (live-pix.ts starts it): a PSP is another machine, so it gets its own event loop, not
 * the bench's, which is busy running autocannon. Plain http on 127.0.0.1 (no mTLS), and quiet:
 * `npm run psp:sim` logs a line per request, which would be simulator time counted as the PSP's;
 * here only the simulator's own bugs are written (stderr).
 *
 * Env: PORT, PSP_SIM_CLIENT_SECRET, PIX_RECEIVER_KEY.
 */
import { startPspSimulator } from "../../worker/connectors/bcb-pix/simulator/server";

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || !process.env.PSP_SIM_CLIENT_SECRET || !process.env.PIX_RECEIVER_KEY) {
  throw new Error("PORT, PSP_SIM_CLIENT_SECRET and PIX_RECEIVER_KEY are required");
}
const sim = await startPspSimulator({
  port,
  clientSecret: process.env.PSP_SIM_CLIENT_SECRET,
  receiverKey: process.env.PIX_RECEIVER_KEY,
  onBug: "log",
  log: (line) => {
    if (line.startsWith("PSP simulator bug")) process.stderr.write(`${line}\n`);
  },
});
const stop = () => void sim.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
