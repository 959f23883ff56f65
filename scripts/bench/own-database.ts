// The history benchmark's PostgreSQL database: one of its own, made beside the one
// BENCH_DATABASE_URL names and dropped at the end. A ledger cannot be wiped: its audit log is
// append-only (migration 0011's trigger refuses TRUNCATE, even to the owner), and a benchmark
// has no business weakening that; so it never touches the database it is given.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** A new, empty database on `url`'s server (the role needs CREATEDB); its URL and how to drop it. */
export async function ownDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `momo_bench_${process.pid}_${randomBytes(3).toString("hex")}`;
  await onServer(url, `CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
