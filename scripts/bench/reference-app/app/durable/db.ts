// The durable reference's database: its own schema (bench_ref) on REF_DATABASE_URL — the same
// PostgreSQL the dashboard uses in the benchmark — or an embedded PGlite in REF_DATA_DIR. A pool
// of 10, as the dashboard's. Two tables: sessions (one indexed lookup per request) and charges
// (a unique idempotency key; newest first by an index, for the reference list page).
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

type Row = Record<string, unknown>;
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Row[] }>;

const SCHEMA = `
  create schema if not exists bench_ref;
  create table if not exists bench_ref.sessions (
    token text primary key,
    member_id text not null,
    expires_at timestamptz not null
  );
  create table if not exists bench_ref.charges (
    id uuid primary key default gen_random_uuid(),
    member_id text not null,
    idempotency_key text not null,
    amount_minor bigint not null,
    currency text not null,
    phone_number text not null,
    provider text not null,
    description text not null,
    status text not null,
    reference text,
    answer jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (member_id, idempotency_key)
  );
  create index if not exists charges_newest on bench_ref.charges (created_at desc);`;

let ready: Promise<Query> | null = null;

export function db(): Promise<Query> {
  ready ??= (async () => {
    if (process.env.REF_DATABASE_URL) {
      const pool = new pg.Pool({ connectionString: process.env.REF_DATABASE_URL, max: 10 });
      await pool.query(SCHEMA);
      return (text, params) => pool.query(text, params as unknown[]);
    }
    const lite = await PGlite.create(process.env.REF_DATA_DIR || "memory://");
    await lite.exec(SCHEMA);
    return (text, params) => lite.query<Row>(text, params as unknown[]);
  })();
  return ready;
}
