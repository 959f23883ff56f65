// startSweep's timer, driven by fake timers: it runs on the interval, never overlaps a slow run,
// starts once, can be disabled, and does not keep the process alive.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { startSweep, stopSweep } from "@/lib/reconcile/sweep";

describe("startSweep", () => {
  const KEY = Symbol.for("momo-dashboard.sweep");
  const STOP = Symbol.for("momo-dashboard.sweep-stop");
  const g = globalThis as { [KEY]?: NodeJS.Timeout; [STOP]?: unknown };
  let runs = 0;
  const count = async () => void runs++;
  beforeEach(() => {
    runs = 0;
    vi.useFakeTimers();
  });
  afterEach(() => {
    clearInterval(g[KEY]);
    delete g[KEY];
    delete g[STOP];
    vi.useRealTimers();
  });

  test("runs on the interval, not at once", async () => {
    startSweep(count, 1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(4);
  });

  test("a slow run is not overlapped; the next tick after it finishes runs again", async () => {
    let finish = () => {};
    startSweep(() => {
      runs++;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    }, 1_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
  });

  test("a second start is a no-op", async () => {
    let second = 0;
    startSweep(count, 1_000);
    const timer = g[KEY];
    startSweep(async () => void second++, 10);
    expect(g[KEY]).toBe(timer);
    await vi.advanceTimersByTimeAsync(2_000);
    expect([runs, second]).toEqual([2, 0]);
  });

  test.each([0, -1])("an interval of %i disables it", async (intervalMs) => {
    startSweep(count, intervalMs);
    expect(g[KEY]).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(0);
  });

  test("the timer does not keep the process alive", () => {
    vi.useRealTimers();
    startSweep(count, 60_000);
    expect(g[KEY]?.hasRef()).toBe(false);
  });

  test("stopSweep stops the timer and waits for the round under way", async () => {
    let finish = () => {};
    let finished = false;
    startSweep(() => {
      runs++;
      return new Promise<void>((resolve) => {
        finish = () => {
          finished = true;
          resolve();
        };
      });
    }, 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = stopSweep().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false); // still waiting for the round
    finish();
    await stopping;
    expect(finished).toBe(true);
    expect(g[KEY]).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
  });

  test("stopSweep with no sweep running resolves at once", async () => {
    await stopSweep();
    expect(g[KEY]).toBeUndefined();
  });
});
