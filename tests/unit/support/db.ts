// Real databases for ledger and auth tests: PGlite always, and PostgreSQL as well when
// TEST_DATABASE_URL is set. Use with describe.each(backends) and useLedger(backend).
import { readFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { openDb, rowsOf, type Db, type OpenedDb } from "@/lib/db/open";
import { chargeEvents, charges } from "@/lib/db/schema";
import { forgetProfile } from "@/lib/business/profile";
import { forgetSecrets } from "@/lib/session";
import { forgetMembers } from "@/lib/team/members";

export type Backend = {
  name: "pglite" | "postgres";
  /** A handle of its own: a new PGlite from the migrated template, or a new pool on PostgreSQL. */
  open: () => Promise<OpenedDb>;
};

// Set by ./worker-setup.ts before any test file imports this: this worker's own database.
const databaseUrl = process.env.TEST_DATABASE_URL;
const template = inject("pgliteTemplate");

async function openPglite(): Promise<OpenedDb> {
  return openDb({ dataDir: "memory://", loadDataDir: new Blob([await readFile(template)]) });
}

export const backends: Backend[] = [
  { name: "pglite", open: openPglite },
  ...(databaseUrl ? [{ name: "postgres" as const, open: () => openDb({ databaseUrl }) }] : []),
];

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
  // DELETE, not TRUNCATE: a TRUNCATE makes every table and index a new file (about 50 ms of
  // PGlite's CPU, 100 ms of PostgreSQL's time with its fsyncs, for 29 nearly empty tables), a
  // DELETE of their few rows a fraction of that. With the replica role no trigger fires — the
  // audit log's append-only one, the foreign keys' — so the order does not matter.
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw("SET LOCAL session_replication_role = replica"));
    for (const name of names) await tx.execute(sql.raw(`DELETE FROM ${name}`));
    // What migration 0015 leaves in a new database: every entry from the first on is signed.
    await tx.execute(sql.raw("INSERT INTO audit_signing_start (id, first_signed_id) VALUES (1, 1)"));
  });
  // The app remembers that a database has members (lib/team/members.ts), its business's profile
  // for a moment (lib/business/profile.ts) and its secrets (lib/session/secret.ts): emptied, it has none.
  forgetMembers(db);
  forgetProfile(db);
  forgetSecrets(db);
}

// One PGlite per worker process, kept across its test files (emptied before each test): starting
// one costs about a second, emptying it a tenth of that.
const SHARED = Symbol.for("momo-tests.pglite");
type Holder = { [SHARED]?: Promise<OpenedDb> };

function sharedPglite(): Promise<OpenedDb> {
  const g = globalThis as Holder;
  g[SHARED] ??= openPglite();
  return g[SHARED];
}

/** Opens the backend for the enclosing describe and empties every table before each test. */
export function useLedger(backend: Backend): () => Db {
  const opened = useOpenedLedger(backend);
  return () => opened().db;
}

/**
 * useLedger, with what the database was opened on. `fresh`: a database of the describe's own,
 * closed after it (the job queue's tests: pg-boss keeps its schema and jobs beside the app's).
 * `empty: "once"`: emptied before the describe's first test only, for tests that share what
 * its beforeAll made (the route harness's members and sessions).
 */
export function useOpenedLedger(
  backend: Backend,
  { fresh = false, empty = "each" }: { fresh?: boolean; empty?: "each" | "once" } = {},
): () => OpenedDb {
  let opened: OpenedDb | undefined;
  const shared = backend.name === "pglite" && !fresh;
  beforeAll(async () => {
    opened = shared ? await sharedPglite() : await backend.open();
    if (empty === "once") await truncateAll(opened.db);
  }, 180_000);
  beforeEach(async () => {
    if (empty === "each") await truncateAll(opened!.db);
  });
  afterAll(async () => {
    if (!shared) await opened?.close();
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
