// `npm run db:migrate` (docs/operations.md: as the schema's owner, before least-privileged
// instances start) as a process: on a PGlite folder, and with TEST_DATABASE_URL on a new
// PostgreSQL database, where it applies every migration and sets up the job queue's schema.
import { readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { expect, test } from "vitest";
import { ownDatabase } from "@/scripts/bench/own-database";
import { migratedFolder, npmRun } from "../support/commands";
import pg from "pg";

test("on a PGlite folder: applied, the job queue ready", { timeout: 60_000 }, async () => {
  const dir = await migratedFolder();
  try {
    const run = await npmRun("db:migrate", [], { DATA_DIR: dir, DATABASE_URL: "" });
    expect(run, run.err).toMatchObject({ code: 0, out: "migrations applied, job queue ready (pglite)\n" });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.skipIf(!process.env.TEST_DATABASE_URL)(
  "on a new PostgreSQL database: every migration, and pg-boss's schema",
  { timeout: 60_000 },
  async () => {
    const own = await ownDatabase(process.env.TEST_DATABASE_URL!);
    try {
      const run = await npmRun("db:migrate", [], { DATABASE_URL: own.url });
      expect(run, run.err).toMatchObject({ code: 0, out: "migrations applied, job queue ready (postgres)\n" });
      const client = new pg.Client({ connectionString: own.url });
      await client.connect();
      try {
        const applied = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
        const files = readdirSync("lib/db/migrations").filter((f) => f.endsWith(".sql"));
        expect(applied.rows[0].n).toBe(files.length);
        expect((await client.query("select 1 from pg_namespace where nspname = 'pgboss'")).rowCount).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      await own.drop();
    }
  },
);
