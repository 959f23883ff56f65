// CPU time from /proc, for the benchmarks' CPU per request: a server's process group, or
// PostgreSQL's processes by name. Linux only (the benchmarks run here and on CI's machines).
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10; // /proc's clock ticks (USER_HZ = 100 on Linux)

/**
 * CPU time (ms) of every process whose stat line passes `pick`: its process group, or by name.
 * `reaped`: also the time of their children that have ended (cutime, cstime). A process that ends
 * between two readings leaves the live processes' sum, and its time shows up in its parent's
 * reaped time instead: without it, PostgreSQL's CPU went backwards whenever a backend's
 * connection closed mid-measurement.
 */
export function cpuMs(pick: (fields: string[], comm: string) => boolean, { reaped = false } = {}): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields[0] is field 3 (state)
    if (!pick(fields, comm)) continue;
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    if (reaped) ticks += Number(fields[13]) + Number(fields[14]); // cutime, cstime
  }
  return ticks * TICK_MS;
}
