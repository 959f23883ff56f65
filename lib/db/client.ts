// The process's one database handle. Next.js may load this module once per route bundle,
// so the handle lives on globalThis, not in a module variable (docs/architecture.md, "Process-wide state").
import "server-only";
import { dataDir, env } from "@/lib/env";
import { openDb, type Db, type OpenedDb } from "./open";

export type { Db };

const KEY = Symbol.for("momo-dashboard.db");
type Holder = { [KEY]?: Promise<OpenedDb> };

export function getDb(): Promise<Db> {
  const g = globalThis as Holder;
  if (!g[KEY]) {
    const e = env();
    g[KEY] = openDb({ databaseUrl: e.DATABASE_URL, dataDir: dataDir() }).catch((error) => {
      delete g[KEY]; // the next request tries again instead of failing for ever
      throw error;
    });
  }
  return g[KEY].then((o) => o.db);
}

/** The handle with what it was opened on (the job queue needs the database itself: lib/batches/queue.ts). */
export async function getOpenedDb(): Promise<OpenedDb> {
  await getDb();
  return (globalThis as Holder)[KEY] as Promise<OpenedDb>;
}

/** Closes the process's database handle (at shutdown: lib/shutdown.ts); a no-op if none was opened. */
export async function closeDb(): Promise<void> {
  const opened = (globalThis as Holder)[KEY];
  // Left in place, closed: a request arriving after this fails instead of opening the folder again.
  if (opened) await (await opened.catch(() => null))?.close();
}
