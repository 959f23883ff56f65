// The audit chain's tests: rows written through audit(), and an attacker with database access
// who edits the log as a superuser would, with the triggers off for one transaction.
import { sql } from "drizzle-orm";
import { audit, type AuditAction } from "@/lib/audit/entries";
import { rowsOf, type Db } from "@/lib/db/open";

/** `n` audit rows, each with a little of everything the hash covers. */
export async function writeRows(db: Db, n: number, action: AuditAction = "sign_in"): Promise<void> {
  for (let i = 0; i < n; i++)
    await audit(db, {
      action,
      actor: { id: `member-${i}`, email: `m${i}@example.com` },
      targetId: `target-${i}`,
      detail: { i, note: "Ünïcödé ✓", nested: { b: 2, a: [1, "x"] } },
      ip: `10.0.0.${i % 250}`,
    });
}

/** Runs statements with the triggers off (the append-only and chain triggers), as a superuser could. */
export async function tamper(db: Db, ...statements: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw("SET LOCAL session_replication_role = replica"));
    for (const s of statements) await tx.execute(sql.raw(s));
  });
}

export async function ids(db: Db): Promise<number[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select id::text as id from audit_events order by audit_events.id`));
  return rows.map((r) => Number(r.id));
}

/** The hash the database's own function gives a stored row (migration 0011), for agreement checks. */
export async function dbHashes(db: Db): Promise<{ hash: string; computed: string }[]> {
  return rowsOf<{ hash: string; computed: string }>(
    await db.execute(sql`select hash, audit_event_hash(a) as computed from audit_events a order by id`),
  );
}
