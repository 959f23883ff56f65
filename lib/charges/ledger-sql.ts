// Pieces the ledger's statements share: the columns and event detail an upstream outcome
// writes, and the shape of a data-modifying CTE.
import { sql } from "drizzle-orm";
import type { Charge, chargeEvents } from "@/lib/db/schema";
import { isSettled } from "@/lib/market/statuses";
import { count, networkLabel } from "@/lib/metrics/registry";
import type { UpstreamOutcome } from "@/lib/momo/status";

export type EventType = (typeof chargeEvents.$inferInsert)["type"];

/** What a data-modifying CTE returns when nothing reads it. */
export const DONE = { done: sql<number>`1`.as("done") };

export function outcomeColumns(outcome: UpstreamOutcome) {
  return {
    status: outcome.status,
    message: outcome.message,
    outcomeCode: outcome.code,
    upstreamHttpStatus: outcome.httpStatus,
    upstreamBody: outcome.rawBody,
    updatedAt: sql`now()`,
    settledAt: isSettled(outcome.status) ? sql`now()` : null,
  };
}

export function eventDetail(outcome: UpstreamOutcome, extra: Record<string, unknown>) {
  return {
    httpStatus: outcome.httpStatus,
    code: outcome.code,
    message: outcome.message,
    reference: outcome.reference,
    rawBody: outcome.rawBody,
    ...extra,
  };
}

/**
 * Counts a charge the ledger has just recorded as final (success, failed) or unknown, once its
 * change committed (momo_charges_total): by outcome and network only, never its number or id.
 */
export function countOutcome(row: Pick<Charge, "status" | "provider">, before: Charge["status"] | null): void {
  if (row.status === before) return;
  if (row.status === "success" || row.status === "failed" || row.status === "unknown") {
    count("charges", { outcome: row.status, network: networkLabel(row.provider) });
  }
}
