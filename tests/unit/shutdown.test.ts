// Closing the database on SIGTERM/SIGINT, with a stand-in for `process`: alone, the handler
// closes and exits; beside Next.js's handler, it lets that one drain the server and closes the
// database before its exit goes through.
import { EventEmitter } from "node:events";
import { afterEach, describe, expect, test, vi } from "vitest";
import { CLOSE_ALLOWANCE_MS, closeOnSignals, type SignalTarget } from "@/lib/shutdown";

function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: (number | undefined)[] = [];
  const target = {
    on: (signal: NodeJS.Signals, listener: () => void) => emitter.on(signal, listener),
    listenerCount: (signal: NodeJS.Signals) => emitter.listenerCount(signal),
    exit: ((code?: number) => void exits.push(code)) as SignalTarget["exit"],
  };
  return { target, emitter, exits };
}

/** A close that finishes when told to, recording the order of events. */
function controlledClose(events: string[]) {
  let finish = () => {};
  const close = vi.fn(() => {
    events.push("close started");
    return new Promise<void>((resolve) => {
      finish = () => {
        events.push("closed");
        resolve();
      };
    });
  });
  return { close, finish: () => finish() };
}

const flush = () => new Promise((r) => setImmediate(r));

afterEach(() => {
  vi.useRealTimers();
  // The signals here are a stand-in's, but the draining flag they set is the process's (/api/ready).
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("momo-dashboard.draining")];
});

describe("alone (no other handler)", () => {
  test.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)("%s closes the database, then exits with %i", async (signal, code) => {
    const { target, emitter, exits } = fakeProcess();
    const events: string[] = [];
    const { close, finish } = controlledClose(events);
    closeOnSignals(close, { graceMs: 60_000 }, target);
    emitter.emit(signal);
    await flush();
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([]); // not before the database is closed
    finish();
    await flush();
    expect(events).toEqual(["close started", "closed"]);
    expect(exits).toEqual([code]);
  });

  test("a second signal (Ctrl-C reaches every process of the group) closes nothing twice", async () => {
    const { target, emitter, exits } = fakeProcess();
    const close = vi.fn(async () => {});
    closeOnSignals(close, { graceMs: 60_000 }, target);
    emitter.emit("SIGINT");
    emitter.emit("SIGINT");
    emitter.emit("SIGTERM");
    await flush();
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([130]);
  });

  test("a close that fails still ends the process", async () => {
    const { target, emitter, exits } = fakeProcess();
    closeOnSignals(async () => Promise.reject(new Error("disk gone")), { graceMs: 60_000 }, target);
    emitter.emit("SIGTERM");
    await flush();
    expect(exits).toEqual([143]);
  });

  test("nothing happens without a signal", async () => {
    const { target, exits } = fakeProcess();
    const close = vi.fn(async () => {});
    closeOnSignals(close, { graceMs: 60_000 }, target);
    await flush();
    expect(close).not.toHaveBeenCalled();
    expect(exits).toEqual([]);
  });
});

describe("beside Next.js's handler", () => {
  /** Next.js's handler, registered first: it drains the server (until `drained`), then exits 143. */
  function withServerHandler() {
    const p = fakeProcess();
    let drained = () => {};
    p.emitter.on("SIGTERM", () => {
      void new Promise<void>((resolve) => {
        drained = resolve;
      }).then(() => p.target.exit(143));
    });
    return { ...p, drain: () => drained() };
  }

  test("the database stays open while requests finish, and closes before the server's exit", async () => {
    const { target, emitter, exits, drain } = withServerHandler();
    const events: string[] = [];
    const { close, finish } = controlledClose(events);
    closeOnSignals(close, { graceMs: 60_000 }, target);
    emitter.emit("SIGTERM");
    await flush();
    expect(close).not.toHaveBeenCalled(); // requests under way may still write
    drain();
    await flush();
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([]); // the exit waits for the close
    finish();
    await flush();
    expect(events).toEqual(["close started", "closed"]);
    expect(exits).toEqual([143]);
  });

  test("a close that never ends either: the process still exits once the close's allowance is over", async () => {
    vi.useFakeTimers();
    const { target, emitter, exits } = withServerHandler();
    const close = vi.fn(() => new Promise<void>(() => {}));
    closeOnSignals(close, { graceMs: 30_000 }, target);
    emitter.emit("SIGTERM");
    await vi.advanceTimersByTimeAsync(30_000 + CLOSE_ALLOWANCE_MS - 1);
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([143]);
  });

  test("a drain that never ends: after graceMs the database is closed and the process exits", async () => {
    vi.useFakeTimers();
    const { target, emitter, exits } = withServerHandler();
    const close = vi.fn(async () => {});
    closeOnSignals(close, { graceMs: 30_000 }, target);
    emitter.emit("SIGTERM");
    await vi.advanceTimersByTimeAsync(29_999);
    expect(close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([143]);
  });
});
