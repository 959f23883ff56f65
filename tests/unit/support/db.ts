// Real databases for ledger and auth tests: a throw-away PGlite always, and PostgreSQL as well
// when TEST_DATABASE_URL is set. Use with describe.each(backends) and useLedger(backend).
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { openDb, rowsOf, type Db, type OpenedDb } from "@/lib/db/open";
import { chargeEvents, charges } from "@/lib/db/schema";

export type Backend = { name: "pglite" | "postgres"; open: () => Promise<OpenedDb> };

const databaseUrl = process.env.TEST_DATABASE_URL;

export const backends: Backend[] = [
  { name: "pglite", open: () => openDb({ dataDir: "memory://" }) },
  ...(databaseUrl ? [{ name: "postgres" as const, open: () => openDb({ databaseUrl }) }] : []),
];

// Test files run in parallel, and PostgreSQL is one shared database: each file holds this
// lock while it uses it, so one file's TRUNCATE never lands in another's test.
const FILE_LOCK = 727_002;

/**
 * Every table of the app (the public schema: ledger, audit, rate limits, secrets and Better
 * Auth's tables), so a table added by a later migration is emptied too. Drizzle's own
 * migration journal lives in the "drizzle" schema and is left alone.
 */
async function truncateAll(db: Db): Promise<void> {
  const rows = await db.execute<{ name: string }>(
    sql`select format('%I', tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const list = rowsOf<{ name: string }>(rows);
  const names = list.map((r) => `public.${r.name}`);
  if (!names.length) return;
  // The audit log refuses TRUNCATE (its append-only trigger): tests empty it as a replica does,
  // with triggers off for this transaction (the test role is a superuser; the app's is not).
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw("SET LOCAL session_replication_role = replica"));
    await tx.execute(sql.raw(`TRUNCATE ${names.join(", ")}`));
  });
}

/** Opens the backend for the enclosing describe and empties every table before each test. */
export function useLedger(backend: Backend): () => Db {
  const opened = useOpenedLedger(backend);
  return () => opened().db;
}

/** useLedger, with what the database was opened on (for the job queue's tests). */
export function useOpenedLedger(backend: Backend): () => OpenedDb {
  let opened: OpenedDb | undefined;
  let lock: pg.Client | undefined;
  beforeAll(async () => {
    if (backend.name === "postgres") {
      lock = new pg.Client({ connectionString: databaseUrl });
      await lock.connect();
      await lock.query("select pg_advisory_lock($1)", [FILE_LOCK]);
    }
    opened = await backend.open();
  }, 180_000);
  beforeEach(async () => {
    await truncateAll(opened!.db);
  });
  afterAll(async () => {
    await opened?.close();
    if (lock) {
      await lock.query("select pg_advisory_unlock($1)", [FILE_LOCK]).catch(() => {});
      await lock.end();
    }
  });
  return () => opened!;
}

export async function chargeByKey(db: Db, idempotencyKey: string) {
  return db.select().from(charges).where(eq(charges.idempotencyKey, idempotencyKey));
}

export async function eventTypes(db: Db, chargeId: string) {
  const rows = await db.select().from(chargeEvents).where(eq(chargeEvents.chargeId, chargeId)).orderBy(chargeEvents.id);
  return rows.map((e) => e.type);
}

export async function countCharges(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(charges);
  return n;
}
