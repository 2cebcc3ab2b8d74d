/** Starting the floor server (floor-server.ts) as a child process on its own temp database. */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, spawnServer, waitForHealth, type ChildServer } from "./child";

/** The id the floor's GET reads (pre-inserted), a UUID like the API's. */
export const FLOOR_KNOWN_ID = "3f2b8c1e-9a4d-4e6f-8b7a-5c1d2e3f4a5b";

/** The floor server and the paths of its two operations. */
export interface Floor {
  server: ChildServer;
  /** POST here: one INSERT. */
  insertPath: string;
  /** GET here: one SELECT by primary key. */
  selectPath: string;
}

/**
 * Starts the floor on `<dir>/floor.db`, pre-filled with `rows` rows, and waits until it answers.
 * It runs under the bench checkout's tsx, like the host runs under its own: same loader cost.
 */
export async function startFloor(dir: string, rows: number, tsxBin: string, cwd: string): Promise<Floor> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const entry = fileURLToPath(new URL("./floor-server.ts", import.meta.url));
  const server = spawnServer({
    name: "floor",
    command: tsxBin,
    args: [entry],
    cwd,
    env: { ...process.env, FLOOR_DB: join(dir, "floor.db"), PORT: String(port), FLOOR_ROWS: String(rows), FLOOR_ID: FLOOR_KNOWN_ID },
    port,
  });
  await waitForHealth(server, "/health");
  return { server, insertPath: "/items", selectPath: `/items/${FLOOR_KNOWN_ID}` };
}
