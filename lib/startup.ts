import "server-only";
import { recoverInterrupted } from "@/lib/charges/ledger";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

/** A `submitting` row older than this cannot still be waiting on a live request. */
function interruptedAfterMs(): number {
  return env().MOMO_TIMEOUT_MS + 60_000;
}

export async function startUp(): Promise<void> {
  const db = await getDb();
  const recovered = await recoverInterrupted(db, interruptedAfterMs());
  log("info", "started", { database: env().DATABASE_URL ? "postgres" : "pglite", recoveredInterrupted: recovered });
}
