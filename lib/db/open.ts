// Opens the database the app runs on: PGlite in a folder by default, PostgreSQL when a URL
// is given. Both are driven through one Drizzle type, so queries never know which it is.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PoolClient } from "pg";
import { holdFolder } from "./folder-lock";
import { migrationError } from "./migration-error";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction on it: queries that may run inside either take this. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];
/**
 * `sql`: the same database for a library that brings its own SQL (the job queue: lib/batches/queue.ts),
 * one statement or several (without parameters) per call.
 */
export type RawSql = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
export type OpenedDb = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  url?: string;
  sql?: RawSql;
  /** PGlite's own handle (to dump its data folder: backups, lib/backup/take.ts, and the tests' template). */
  pglite?: PGlite;
};

/** The rows of a raw `db.execute` result: node-postgres wraps them in `{ rows }`, PGlite may not. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib/db/migrations");
const failedMigration = (error: unknown): never => {
  throw migrationError(error, MIGRATIONS_FOLDER);
};
// Any fixed number: instances starting together take turns to migrate a shared PostgreSQL.
const MIGRATION_LOCK = 727_001;

/**
 * Whether the newest migration is already applied (by drizzle's rule: its folder time is not
 * after the last one recorded). Drizzle's migrator starts with CREATE SCHEMA/TABLE IF NOT EXISTS,
 * which PostgreSQL refuses to a role without CREATE rights even when they exist; so an app
 * running as a least-privileged role (docs/operations.md, "Least privilege on PostgreSQL") skips it then.
 */
async function upToDate(client: PoolClient): Promise<boolean> {
  const journal = await client.query<{ present: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!journal.rows[0].present) return false;
  const last = await client.query<{ at: string | null }>("select max(created_at)::text as at from drizzle.__drizzle_migrations");
  return Number(last.rows[0].at ?? 0) >= newestMigration();
}

let newest: number | undefined;

/** The newest migration's folder time: this release's files do not change while it runs. */
function newestMigration(): number {
  newest ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).at(-1)?.folderMillis ?? 0;
  return newest;
}

/**
 * Whether this release's newest migration is recorded in the database, in one round trip (the
 * readiness check: lib/health). Throws when the database does not answer or has no journal.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const [last] = rowsOf<{ at: string | null }>(await db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`));
  return Number(last?.at ?? 0) >= newestMigration();
}

/**
 * `databaseUrl` selects PostgreSQL; otherwise `dataDir` is PGlite's folder ("memory://" for a
 * throw-away database in tests), started from `loadDataDir` when given (a PGlite dump: the
 * tests' migrated template). Migrations are applied before the handle is returned.
 */
export async function openDb(opts: { databaseUrl?: string; dataDir?: string; loadDataDir?: Blob }): Promise<OpenedDb> {
  if (opts.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server dropped (a restart, a network cut) is an error on the pool,
    // which would end the process without a listener: the pool lets that connection go, and the
    // next query opens another (until then, GET /api/ready answers 503).
    pool.on("error", () => {});
    const db = drizzle({ client: pool, schema });
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      if (!(await upToDate(lock))) await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }).catch(failedMigration);
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end(), url: opts.databaseUrl };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dataDir = opts.dataDir ?? "./data";
  let location = dataDir;
  let release = async () => {};
  if (!dataDir.startsWith("memory://")) {
    location = path.resolve(/*turbopackIgnore: true*/ dataDir);
    await mkdir(location, { recursive: true });
    release = await holdFolder(location);
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }).catch(async (error: unknown) => {
    await client.close();
    await release();
    failedMigration(error);
  });
  // PGlite runs several statements in one call only without parameters (exec), and answers
  // them as one result each: the last one's rows are what the caller asked for.
  const raw: RawSql = {
    executeSql: async (text, values) => (values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] })),
  };
  const close = async () => {
    await client.close();
    await release();
  };
  return { db: db as unknown as Db, kind: "pglite", close, sql: raw, pglite: client };
}
