// GET /api/health and GET /api/ready (lib/health) as Next calls them, on the process's database
// handle (lib/db/client.ts keeps it on globalThis) and with the job queue really started. The
// database is taken away as an outage would: on PostgreSQL through a TCP proxy in front of it, cut
// or left hanging (the shared server itself is never stopped); on PGlite by a closed handle, and a
// transaction that holds the single connection.
import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startBatchQueue, stopBatchQueue } from "@/lib/batches/queue";
import { openDb, type OpenedDb } from "@/lib/db/open";
import { READY_TIMEOUT_MS } from "@/lib/health";
import { closeOnSignals, type SignalTarget } from "@/lib/shutdown";
import { backends } from "../support/db";
import { dispatch } from "../support/route-harness";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

const DB_KEY = Symbol.for("momo-dashboard.db");
const DRAINING = Symbol.for("momo-dashboard.draining");
const g = globalThis as Record<symbol, unknown>;
const UUID = /^[0-9a-f-]{36}$/;

async function ask(path: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await dispatch(new Request(`http://dash.test${path}`, { headers: { host: "dash.test" } }));
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/**
 * Asks until the answer is 200, a few times: once the database is back, the first probe may still
 * draw a pooled connection that the outage broke (the pool lets go of it when it sees so).
 */
async function readyAgain(): Promise<unknown> {
  for (let i = 0; i < 20; i++) {
    const { status, body } = await ask("/api/ready");
    if (status === 200) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

const setProcessDb = (opened: OpenedDb) => {
  g[DB_KEY] = Promise.resolve(opened);
};

/** The queue's runner is never asked for: no batch is queued here. */
const noRows = () => {
  throw new Error("no batch rows are sent in this test");
};

test("GET /api/health answers 200 with no database at all, uncached, with a request id", async () => {
  const none = Promise.reject(new Error("no database"));
  none.catch(() => {});
  g[DB_KEY] = none;
  try {
    const { status, body, headers } = await ask("/api/health");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("x-request-id")).toMatch(UUID);
  } finally {
    delete g[DB_KEY];
  }
});

describe.each(backends)("GET /api/ready on $name", (backend) => {
  let opened: OpenedDb;
  let proxy: TcpProxy | null = null;

  beforeAll(async () => {
    if (backend.name === "postgres") {
      // The app's pool reaches PostgreSQL through the proxy; the queue's own pool directly.
      const direct = new URL(process.env.TEST_DATABASE_URL ?? "");
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const proxied = new URL(direct);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(proxy.port);
      opened = await openDb({ databaseUrl: proxied.toString() });
      await startBatchQueue({ ...opened, url: direct.toString() }, noRows, () => {});
    } else {
      opened = await backend.open();
      await startBatchQueue(opened, noRows, () => {});
    }
    setProcessDb(opened);
  }, 60_000);

  afterAll(async () => {
    await stopBatchQueue();
    delete g[DB_KEY];
    await opened?.close().catch(() => {});
    await proxy?.close();
  });

  test("200 when all is well: no session, a status word and nothing else", async () => {
    const { status, body, headers } = await ask("/api/ready");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ready" });
    expect(headers.get("cache-control")).toBe("no-store");
  });

  test("503 from the moment SIGTERM arrives, while the server drains", async () => {
    const signals = new EventEmitter();
    const target: SignalTarget = {
      on: (signal, listener) => signals.on(signal, listener),
      listenerCount: (signal) => signals.listenerCount(signal),
      exit: (() => {}) as SignalTarget["exit"],
    };
    closeOnSignals(async () => {}, { graceMs: 60_000 }, target);
    try {
      signals.emit("SIGTERM");
      expect(await ask("/api/ready")).toMatchObject({ status: 503, body: { status: "draining" } });
    } finally {
      delete g[DRAINING];
    }
    expect((await ask("/api/ready")).status).toBe(200);
  });

  test(
    "a database that does not answer is 503 within the check's time, not a probe left hanging",
    async () => {
      let release = () => {};
      let held: Promise<unknown> = Promise.resolve();
      if (proxy) proxy.hang();
      else held = opened.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
      try {
        expect(await ask("/api/ready")).toMatchObject({ status: 503, body: { status: "not_ready" } });
      } finally {
        proxy?.restore();
        release();
        await held;
      }
      expect(await readyAgain()).toEqual({ status: "ready" });
    },
    READY_TIMEOUT_MS + 15_000,
  );

  test("503 while the database is out of reach, 200 again when it is back", async () => {
    if (proxy) {
      proxy.cut();
      expect(await ask("/api/ready")).toMatchObject({ status: 503, body: { status: "not_ready" } });
      proxy.restore();
    } else {
      // PGlite lives in the process: out of reach is a closed handle; back, the process's own.
      const other = await backend.open();
      await other.close();
      setProcessDb(other);
      expect(await ask("/api/ready")).toMatchObject({ status: 503, body: { status: "not_ready" } });
      setProcessDb(opened);
    }
    expect(await readyAgain()).toEqual({ status: "ready" });
  });
});
