/**
 * `npm start`: compiles the Node host (worker/cli/build-server.mjs, a fraction of a second) and
 * runs it in this process. npm's script `exec`s this file, so npm's child is the server itself and
 * the SIGTERM npm forwards (or a process manager sends) reaches the server, which shuts down
 * gracefully (docs/operations.md). Containers run `node build/server.mjs` directly, built at
 * image build time.
 */
import { pathToFileURL } from "node:url";
import { buildServer } from "./build-server.mjs";

process.setSourceMapsEnabled(true);
const file = await buildServer();
await import(pathToFileURL(file).href);
