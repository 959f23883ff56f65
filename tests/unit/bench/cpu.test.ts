// The benchmarks' CPU reading: a process that ends between two readings keeps its time in the sum
// (its parent's reaped time), so a figure per request can never go backwards.
import { spawn } from "node:child_process";
import { expect, test } from "vitest";
import { cpuMs } from "../../../scripts/bench/cpu";

test("a child that burned CPU and ended is still counted, through its parent's reaped time", async () => {
  // A parent (its own process group) starts a child that spins for 300 ms of CPU and exits; the
  // parent then waits, holding the child's time as reaped.
  const parent = spawn(
    "bash",
    ["-c", `node -e 'const t = process.cpuUsage(); while (process.cpuUsage(t).user < 300000);'; echo done; sleep 30`],
    { detached: true, stdio: ["ignore", "pipe", "ignore"] },
  );
  try {
    await new Promise<void>((resolve) => parent.stdout.on("data", () => resolve()));
    const inGroup = (f: string[]) => Number(f[2]) === parent.pid;
    // The child is gone: only the reaped time holds what it spent.
    expect(cpuMs(inGroup)).toBeLessThan(100);
    expect(cpuMs(inGroup, { reaped: true })).toBeGreaterThanOrEqual(250);
  } finally {
    process.kill(-parent.pid!, "SIGKILL");
  }
});
