// PostgreSQL's own command-line tools as the operator runs them (createdb, psql, pg_dump,
// pg_restore), pointed at the test server through PG* variables so that their arguments are
// exactly those of docs/operations.md; a database of the test's own beside the worker's; and what
// a move or a restore must keep: every table's count.
import { execFile } from "node:child_process";
import { sql } from "drizzle-orm";
import pg from "pg";
import { rowsOf, type Db } from "@/lib/db/open";

export type Run = { code: number; out: string; err: string };

/** The connection of `url` as the PG* variables libpq's tools read. */
function pgEnv(url: URL): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || "5432",
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
  };
}

/** Runs one of PostgreSQL's tools against the server of `url`. */
export function tool(url: URL, command: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { env: pgEnv(url), timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, out, err) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? -1) : 0, out, err }),
    );
  });
}

/** `url` with another database name. */
export function databaseUrl(url: URL, name: string): URL {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other;
}

/** Runs `statements` on the database `name` as the user of `url` (the test's superuser). */
export async function onDatabase(url: URL, name: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(url, name).toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops the database `name` on the server of `url` (its sessions ended), if it is there. */
export const dropDatabase = (url: URL, name: string) => onDatabase(url, "postgres", `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);

/** `url` as another login (a role the test made). */
export function as(url: URL, user: string, password: string): URL {
  const other = new URL(url);
  other.username = user;
  other.password = password;
  return other;
}

/** The number of rows of every table of the app, drizzle's journal and the job queue, by name. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle', 'pgboss') order by 1`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${name}`)))[0].n;
  return counts;
}
