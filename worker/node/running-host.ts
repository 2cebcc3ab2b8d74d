/**
 * The running Node host's address, for the admin CLI. A link the CLI prints (a dashboard invite)
 * must name the host that will answer it; the CLI runs in another shell, often without the PORT
 * or PUBLIC_BASE_URL the host was started with, and then printed the default port 8787 while the
 * host listened elsewhere (issue 31). So the host, once listening, writes its base URL beside its
 * local database file (`host.json`), and removes it when it stops; the CLI reads it and uses it
 * while that process is alive. A remote database (Turso) may be shared by many hosts: there is no
 * file, and the CLI uses its own configuration.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { localDatabasePath } from "./config";

/** What the host writes: where its links point, and which process it is. */
export interface RunningHost {
  baseUrl: string;
  pid: number;
  startedAt: string;
}

/** The file beside a local database (`file:.data/pay.db` → `.data/host.json`); null for a remote or in-memory one. */
export function runningHostFile(databaseUrl: string): string | null {
  const path = localDatabasePath(databaseUrl);
  return path && path !== ":memory:" ? join(dirname(path), "host.json") : null;
}

/** Records this process as the host running on `databaseUrl` (a failure to write costs only the CLI's hint). */
export function recordRunningHost(databaseUrl: string, baseUrl: string, now = new Date()): void {
  const file = runningHostFile(databaseUrl);
  if (!file) return;
  const host: RunningHost = { baseUrl, pid: process.pid, startedAt: now.toISOString() };
  try {
    writeFileSync(file, `${JSON.stringify(host)}\n`);
  } catch {
    // A read-only directory: the CLI falls back to its own configuration.
  }
}

/** Removes the record if it is this process's (a later host on the same file keeps its own). */
export function forgetRunningHost(databaseUrl: string): void {
  const file = runningHostFile(databaseUrl);
  if (file && readRecord(file)?.pid === process.pid) rmSync(file, { force: true });
}

/** The base URL of the host running on `databaseUrl`, or null when none is (no record, or its process is gone). */
export function runningHostBaseUrl(databaseUrl: string): string | null {
  const file = runningHostFile(databaseUrl);
  const host = file ? readRecord(file) : null;
  return host && isAlive(host.pid) ? host.baseUrl : null;
}

function readRecord(file: string): RunningHost | null {
  if (!existsSync(file)) return null;
  try {
    const host = JSON.parse(readFileSync(file, "utf8")) as RunningHost;
    return typeof host.baseUrl === "string" && Number.isInteger(host.pid) ? host : null;
  } catch {
    return null;
  }
}

/** Whether process `pid` exists (signal 0 only checks; EPERM: it exists under another user). A killed host leaves a stale record. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
