// Migration 0017 on a database in the middle of a busy minute: the requests the old log holds for
// the last minute become places already used, so the upgrade sends no more than the limit.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, test } from "vitest";
import type { Db } from "@/lib/db/open";
import * as schema from "@/lib/db/schema";
import { createBudget, keyId } from "@/lib/momo/budget";

const MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag`: its files, and a journal that stops before it. */
async function folderBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "momo-migrations-"));
  dirs.push(dir);
  await cp(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

test("an upgrade in a busy minute keeps the minute's requests counted, each key on its own", async () => {
  const client = await PGlite.create("memory://", { extensions: { pg_trgm } });
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: await folderBefore("0017_budget_places") });
    const busy = "sk_live_busy_key_000000000";
    const quiet = "sk_live_quiet_key_00000000";
    await client.query(
      `insert into upstream_calls (key_id, sent_at, kind) values
         ($1, now() - interval '10 seconds', 'charge'), ($1, now() - interval '5 seconds', 'batch'),
         ($1, now() - interval '1 second', 'lookup'), ($1, now() - interval '2 minutes', 'charge'),
         ($2, now() - interval '3 minutes', 'charge')`,
      [keyId(busy), keyId(quiet)],
    );
    await migrate(db, { migrationsFolder: MIGRATIONS });

    const budget = createBudget(db as unknown as Db, busy, { limit: 5, maxWaitMs: 0 });
    expect(await budget.status()).toMatchObject({ used: 3, left: 2 });
    expect((await budget.tryTake("charge")).granted).toBe(true);
    expect((await budget.tryTake("charge")).granted).toBe(true);
    const refused = await budget.tryTake("charge");
    expect(refused).toMatchObject({ granted: false, paused: false });
    // The next place frees when the oldest carried request (10 s ago) leaves the 61 s window.
    if (!refused.granted) expect(Math.abs(refused.retryAfterMs - 51_000)).toBeLessThan(2_000);
    const other = createBudget(db as unknown as Db, quiet, { limit: 2, maxWaitMs: 0 });
    expect(await other.status()).toMatchObject({ used: 0, left: 2 });
    expect((await other.tryTake("charge")).granted).toBe(true);
    expect((await client.query("select to_regclass('upstream_calls') is null as gone")).rows).toEqual([{ gone: true }]);
  } finally {
    await client.close();
  }
});
