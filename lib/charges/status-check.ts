// Status lookups in the ledger: who may ask the upstream about an open charge, and what the
// lookup found. Each takes the database first, so tests hand it a throw-away PGlite.
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { chargeEvents, charges, type Charge } from "@/lib/db/schema";
import type { UpstreamOutcome } from "@/lib/momo/status";
import { countOutcome, eventDetail, outcomeColumns } from "./ledger-sql";
import { emitChargeOutcome } from "@/lib/events";
import { recordLinkPayment } from "./link-payment";

/** Charges whose outcome a status lookup may still settle. */
export const CHECKABLE_STATUSES = ["pending", "unknown"] as const;

/**
 * Takes the right to ask the upstream about an open charge, at most once per interval,
 * so many open result views (or instances sweeping) cause one status lookup, not one each.
 */
export async function claimStatusCheck(
  db: Db,
  id: string,
  minIntervalMs: number,
  statuses: readonly Charge["status"][] = ["pending"],
): Promise<Charge | null> {
  const [row] = await db
    .update(charges)
    .set({ lastCheckedAt: sql`now()` })
    .where(
      and(
        eq(charges.id, id),
        inArray(charges.status, [...statuses]),
        or(isNull(charges.lastCheckedAt), lt(charges.lastCheckedAt, sql`now() - make_interval(secs => ${minIntervalMs / 1000})`)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Records a status lookup; the row moves only if the lookup answered with a status. */
export async function recordStatusCheck(
  db: Db,
  id: string,
  outcome: UpstreamOutcome,
  answered: boolean,
  actor: string | null = null,
): Promise<void> {
  const moved = await db.transaction(async (tx) => {
    let status: string | null = null;
    let change: { row: Charge; before: Charge["status"] | null } | null = null;
    if (answered) {
      const [before] = await tx.select({ status: charges.status }).from(charges).where(eq(charges.id, id)).for("update");
      const [row] = await tx
        .update(charges)
        .set(outcomeColumns(outcome))
        .where(and(eq(charges.id, id), inArray(charges.status, [...CHECKABLE_STATUSES])))
        .returning();
      status = row?.status ?? null;
      if (row) {
        change = { row, before: before?.status ?? null };
        await emitChargeOutcome(tx, row, before?.status ?? null);
        await recordLinkPayment(tx, row, "lookup");
      }
    }
    await tx
      .insert(chargeEvents)
      .values({ chargeId: id, type: "status_checked", status, actor, detail: eventDetail(outcome, { answered }) });
    return change;
  });
  if (moved) countOutcome(moved.row, moved.before);
}
