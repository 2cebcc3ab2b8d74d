/**
 * CPU time of a bench child from /proc: steadier than req/s on a shared machine, where other jobs'
 * load moves rates but not what each request costs the process that serves it.
 */
import { readdirSync, readFileSync } from "node:fs";

/** CPU time (ms) of the process group `pgid` so far, from /proc (Linux); NaN elsewhere. */
export function groupCpuMs(pgid: number | undefined): number {
  if (pgid === undefined) return Number.NaN;
  let ticks = 0;
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // gone meanwhile
      }
      // After "pid (comm) ": state ppid pgrp … utime (14th field) stime (15th), in clock ticks.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return Number.NaN;
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}
