// Retention's optional daily run (RETENTION_DAYS): the sweep asks at every round, and at most one
// instance a day gets to run it. The claim is one atomic upsert on a counter row with an expiry
// in the shared counters table (rate_limits, whose other keys are the sign-in throttle's,
// prefixed otherwise): whichever instance's statement finds the row missing or expired takes it
// for the next 23 h 50 min; every other instance's statement returns nothing. No lock is held
// while the run works through its batches, so a slow run never blocks another instance.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/lib/db/open";
import { runRetention, type RetentionReport } from "./retention";

const CLAIM_KEY = "data_retention:daily";

/** Whether this caller may run today's retention (true for one caller per day, across instances). */
export async function claimDailyRetention(db: Db): Promise<boolean> {
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`insert into rate_limits (key, points, expire) values (${CLAIM_KEY}, 1, now() + interval '23 hours 50 minutes')
                         on conflict (key) do update set points = rate_limits.points + 1, expire = excluded.expire
                           where rate_limits.expire is null or rate_limits.expire <= now()
                         returning key`),
  );
  return rows.length > 0;
}

/** Today's run, if this caller claimed it; null when another run already had today's turn. */
export async function dailyRetention(db: Db, olderThanDays: number): Promise<RetentionReport | null> {
  if (!(await claimDailyRetention(db))) return null;
  return runRetention(db, { olderThanDays, apply: true, by: "daily run" });
}
