// Taking a backup of the embedded database while the server runs. PGlite's dumpDataDir waits only
// for the statement under way (its query lock), not for a transaction between two statements; so
// the dump runs inside a transaction of our own: PGlite lets no other statement or transaction in
// until it ends, the counts are read in it, it is rolled back, and the folder is dumped before the
// lock is given back. What the file holds is thus the ledger between two transactions.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { OpenedDb } from "@/lib/db/open";
import pkg from "@/package.json";
import { type Manifest, sealBackup } from "./format";

type Journal = { entries: { when: number; tag: string }[] };

/** This release's migrations, by the time drizzle records for each (its folder's `when`). */
export function knownMigrations(): Map<number, string> {
  const file = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/db/migrations/meta/_journal.json");
  const journal = JSON.parse(readFileSync(file, "utf8")) as Journal;
  return new Map(journal.entries.map((e) => [e.when, e.tag]));
}

/** Every table of the app (the public schema), in name order. */
export const TABLES_SQL = "select tablename as name from pg_tables where schemaname = 'public' order by tablename";

/** One statement counting the rows of each table named. */
export function countsSql(tables: string[]): string {
  return tables
    .map((t) => `select '${t.replaceAll("'", "''")}' as name, count(*)::int as n from public."${t.replaceAll('"', '""')}"`)
    .join(" union all ");
}

export type TakenBackup = { file: Buffer; manifest: Omit<Manifest, "payload">; bytes: number };

/** One consistent backup of the PGlite database, sealed (and encrypted with `passphrase`, when given). */
export async function takeBackup(opened: OpenedDb, passphrase?: string, now = new Date()): Promise<TakenBackup> {
  const client = opened.pglite;
  if (!client) throw new Error("Only the embedded database (PGlite) is backed up here; on PostgreSQL use pg_dump.");
  const known = knownMigrations();
  const taken = await client.transaction(async (tx) => {
    const tables = (await tx.query<{ name: string }>(TABLES_SQL)).rows.map((r) => r.name);
    const counted = tables.length ? (await tx.query<{ name: string; n: number }>(countsSql(tables))).rows : [];
    const applied = await tx.query<{ at: string }>("select created_at::text as at from drizzle.__drizzle_migrations order by created_at");
    await tx.rollback();
    // Still inside the transaction's lock: nothing else runs until the dump is done.
    const dump = await client.dumpDataDir("gzip");
    return {
      rows: Object.fromEntries(counted.map((r) => [r.name, r.n])),
      migrations: applied.rows.map((r) => known.get(Number(r.at)) ?? `unknown-${r.at}`),
      payload: Buffer.from(await dump.arrayBuffer()),
    };
  });
  const manifest = { takenAt: now.toISOString(), appVersion: pkg.version, migrations: taken.migrations, rows: taken.rows };
  const file = await sealBackup(manifest, taken.payload, passphrase);
  return { file, manifest, bytes: file.length };
}
