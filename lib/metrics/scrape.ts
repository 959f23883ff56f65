// GET /api/metrics's answer: off (404, as if there were no such route) unless METRICS_TOKEN is
// set; then only for `Authorization: Bearer <token>`, compared in constant time. Nothing else
// carries the token: not the query string (it ends up in access logs), not a cookie (a browser
// would send it along). The figures the database holds are read now, so every instance reports
// the same; the event counters are this instance's own.
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/errors";
import { BATCH_ROW_STATES } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { metrics, setGauge } from "./registry";

/** What the database holds, read at each scrape: one cheap query each. */
export type Sizes = {
  reconcileQueue: number;
  bulkRows: Partial<Record<(typeof BATCH_ROW_STATES)[number], number>>;
  webhookBacklog: number;
  budgetInUse: number;
  budgetPlaces: number;
};

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether the request carries the token as a bearer; equal-length digests, so the comparison takes the same time whatever was sent. */
function bearerMatches(req: Request, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export async function metricsAnswer(req: Request, readSizes: () => Promise<Sizes>, token = env().METRICS_TOKEN): Promise<Response> {
  if (!token) throw new AppError("not_found", "There is nothing here.");
  if (!bearerMatches(req, token)) {
    const refused = errorResponse("unauthenticated", "Send the metrics token as Authorization: Bearer <token>.");
    refused.headers.set("WWW-Authenticate", 'Bearer realm="metrics"');
    return refused;
  }
  const read = await setSizes(readSizes);
  const { registry, sizes } = metrics();
  const text = (await registry.metrics()) + (read ? await sizes.metrics() : "");
  return new Response(text, { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
}

/**
 * The database's figures, read now. When the database does not answer, they are left out of this
 * scrape rather than repeated from the last (Prometheus marks them stale), and the counters are
 * still answered: a scrape that failed whole would hide them just when they matter.
 */
async function setSizes(readSizes: () => Promise<Sizes>): Promise<boolean> {
  let sizes: Sizes;
  try {
    sizes = await readSizes();
  } catch (error) {
    log("error", "metrics_sizes_failed", { error });
    return false;
  }
  setGauge("reconcileQueue", {}, sizes.reconcileQueue);
  for (const state of BATCH_ROW_STATES) setGauge("bulkRows", { state }, sizes.bulkRows[state] ?? 0);
  setGauge("webhookBacklog", {}, sizes.webhookBacklog);
  setGauge("budgetInUse", {}, sizes.budgetInUse);
  setGauge("budgetPlaces", {}, sizes.budgetPlaces);
  return true;
}
