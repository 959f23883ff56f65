// What an orchestrator or a load balancer asks this instance (docs/operations.md, "Health and
// metrics"). Live (GET /api/health): the process answers; no database work, so a database outage
// never has a live process killed and restarted for nothing. Ready (GET /api/ready): send it
// requests — it is not draining (a stop signal has come: lib/shutdown.ts), its job queue has started,
// and the database answers within READY_TIMEOUT_MS with this release's newest migration recorded.
// Neither needs a session, and each answers a status word only: no version, host or error.
import "server-only";
import { queueStarted } from "@/lib/batches";
import { getDb } from "@/lib/db/client";
import { migrationsApplied } from "@/lib/db/open";
import { log } from "@/lib/log";
import { draining } from "@/lib/shutdown";

/** How long the readiness check waits for the database: a probe that hangs tells the prober nothing. */
export const READY_TIMEOUT_MS = 2_000;

const NO_STORE = { "Cache-Control": "no-store" };

type Check = { status: "ready" | "draining" | "not_ready"; cause?: "queue" | "database" | "migrations" };

/** GET /api/health. */
export function liveAnswer(): Response {
  return Response.json({ status: "ok" }, { headers: NO_STORE });
}

/** GET /api/ready: 200 ready, else 503 draining or not_ready. */
export async function readyAnswer(): Promise<Response> {
  const check = await readiness();
  noteChange(check);
  return Response.json({ status: check.status }, { status: check.status === "ready" ? 200 : 503, headers: NO_STORE });
}

async function readiness(): Promise<Check> {
  // Draining first: a stopping process does no database work for a probe.
  if (draining()) return { status: "draining" };
  if (!queueStarted()) return { status: "not_ready", cause: "queue" };
  const migrated = await databaseCheck();
  if (migrated === null) return { status: "not_ready", cause: "database" };
  return migrated ? { status: "ready" } : { status: "not_ready", cause: "migrations" };
}

// One database check at a time: probes that come while the database hangs wait on the same one
// rather than each holding a connection of the pool. Module state, not globalThis: only
// /api/ready's bundle asks, and a second copy would cost one more check, nothing worse.
let inFlight: Promise<boolean | null> | null = null;

/** Whether the newest migration is recorded; null when the database did not answer in time. */
function databaseCheck(): Promise<boolean | null> {
  inFlight ??= getDb()
    .then(migrationsApplied)
    .catch(() => null)
    .finally(() => {
      inFlight = null;
    });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READY_TIMEOUT_MS);
  });
  return Promise.race([inFlight, late]).finally(() => clearTimeout(timer));
}

let last: Check["status"] | null = null;

/** One log line when readiness changes, with why (the answer itself says only the word). */
function noteChange(check: Check): void {
  if (check.status === last) return;
  last = check.status;
  log(check.status === "ready" ? "info" : "warn", "readiness", { status: check.status, ...(check.cause ? { cause: check.cause } : {}) });
}
