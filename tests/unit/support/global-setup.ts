// Once per vitest run, before any worker starts: the databases the tests open, migrated once.
// - PGlite: a fresh in-memory database, migrated, dumped to a file; every test database starts
//   from that dump (./db.ts) instead of running the migrations again (~0.3 s instead of ~7 s).
// - PostgreSQL (TEST_DATABASE_URL): that database migrated, then copied as a template into one
//   database per worker (`<name>_w1` …), so test files run side by side instead of taking turns.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDb } from "@/lib/db/open";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite dump (a tar file). */
    pgliteTemplate: string;
    /** TEST_DATABASE_URL as given: each worker's database is this name plus `_w<pool id>`. */
    postgresBase: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "momo-unit-"));
  const template = path.join(dir, "pglite-template.tar");
  const opened = await openDb({ dataDir: "memory://" });
  await writeFile(template, Buffer.from(await (await opened.pglite!.dumpDataDir("none")).arrayBuffer()));
  await opened.close();
  project.provide("pgliteTemplate", template);

  const url = process.env.TEST_DATABASE_URL;
  project.provide("postgresBase", url ?? null);
  if (url) await copyPerWorker(url, project.config.maxWorkers);

  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

/** Migrates the database at `url`, then makes `<name>_w1` … `<name>_wN` from it (dropped first). */
async function copyPerWorker(url: string, workers: number) {
  const migrated = await openDb({ databaseUrl: url });
  await migrated.close();
  const name = new URL(url).pathname.slice(1);
  // A template may have no other session: this one is on the maintenance database.
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    for (let i = 1; i <= workers; i++) {
      await client.query(`DROP DATABASE IF EXISTS "${workerDatabase(name, i)}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${workerDatabase(name, i)}" TEMPLATE "${name}"`);
    }
  } finally {
    await client.end();
  }
}

export const workerDatabase = (name: string, poolId: number | string) => `${name}_w${poolId}`;
