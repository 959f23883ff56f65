// A charge still pending after RECONCILE_PENDING_MINUTES has joined the reconciliation queue:
// support and owners are told once (charge.stuck_pending, through the bell and email). The sweep
// writes it; the unique index on the event makes it once however many instances sweep. Only
// charges of the last day: a dashboard upgraded with old stuck charges does not ring for each.
import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/open";

export async function reportStuckPending(db: Db, olderThanMinutes: number): Promise<number> {
  const rows = rowsOf<{ done: number }>(
    await db.execute(sql`
      insert into events (type, subject_id, data)
      select 'charge.stuck_pending', c.id::text,
             jsonb_build_object('chargeId', c.id, 'status', c.status, 'amountMinor', c.amount_minor, 'currency', c.currency,
                                'reference', c.reference, 'provider', c.provider, 'createdBy', c.created_by)
        from charges c
       where c.status = 'pending'
         and c.created_at < now() - make_interval(mins => ${olderThanMinutes})
         and c.created_at > now() - make_interval(mins => ${olderThanMinutes}) - interval '1 day'
         and not exists (select 1 from events e where e.type = 'charge.stuck_pending' and e.subject_id = c.id::text)
       limit 500
      on conflict (subject_id) where type = 'charge.stuck_pending' do nothing
      returning 1 as done`),
  );
  return rows.length;
}
