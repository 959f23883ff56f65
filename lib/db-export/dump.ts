// The PGlite database as one plain SQL file for PostgreSQL 15 and later: pg_dump 18 (PGlite is
// PostgreSQL 18 inside) run on it by @electric-sql/pglite-tools, then made loadable on the
// releases before 18. Nothing else is changed: tests/unit/db-export/move.test.ts loads the file
// into PostgreSQL 15 and finds the same schema as the migrations make there.
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

/**
 * No owner and no grants: the file is loaded as the role that will own the database, and the
 * operator's roles apply (docs/operations.md, "Least privilege on PostgreSQL"). No comments: the
 * only one is pg_trgm's, which only the extension's owner may set, and a DBA may have created
 * the extension (the app's schema has none). No planner statistics (pg_dump 18 writes them as
 * calls of functions only 18 has); the file ends with ANALYZE instead. pglite-tools adds
 * `--inserts` after these, which keeps 500 rows a statement: 50,000 charges load in 9 s instead
 * of 21 s. Rows come before triggers and constraints (pg_dump's order), so the audit log's chain
 * and append-only triggers do not run on them.
 */
const ARGS = ["--no-owner", "--no-privileges", "--no-comments", "--no-statistics", "--encoding=UTF8", "--rows-per-insert=500"];

/**
 * The settings pg_dump 18 writes that earlier releases refuse, each as a statement every release
 * from 15 on accepts and that does the same where the setting exists. Found by loading a used
 * database into PostgreSQL 15 with ON_ERROR_STOP (the test does it again on every run).
 */
const NEWER_SETTINGS: { line: RegExp; setting: string }[] = [
  { line: /^SET transaction_timeout = 0;$/m, setting: "transaction_timeout" }, // PostgreSQL 17
];

/** Rewrites pg_dump 18's header for PostgreSQL 15 and later; throws if the dump is not one it knows. */
export function forPostgres15(dump: string): string {
  if (!/^-- Dumped by pg_dump version 18\./m.test(dump)) throw new Error("The export expects pg_dump 18 (PGlite 0.5).");
  let text = dump;
  for (const { line, setting } of NEWER_SETTINGS)
    text = text.replace(line, `SELECT pg_catalog.set_config(name, '0', false) FROM pg_catalog.pg_settings WHERE name = '${setting}';`);
  return text;
}

/** The database of this PGlite handle as SQL that `psql -v ON_ERROR_STOP=1 -f` loads into an empty database. */
export async function exportSql(pg: PGlite): Promise<string> {
  // Its own tables by name: ANALYZE alone would also try the shared catalogs, which only a
  // superuser may, and warn for each of them to an owner loading it.
  const { rows } = await pg.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1",
  );
  const file = await pgDump({ pg, args: ARGS });
  // It carries no planner statistics (ARGS): the database it is loaded into makes them at once.
  return `${forPostgres15(await file.text())}\n-- Planner statistics for the rows just loaded.\nANALYZE ${rows.map((r) => r.name).join(", ")};\n`;
}
