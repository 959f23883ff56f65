// GET /api/metrics – Prometheus metrics (text format) for a scraper: 404 unless METRICS_TOKEN is
// set, then only with `Authorization: Bearer <METRICS_TOKEN>`; no session (docs/operations.md,
// "Metrics"). The figures the database holds are read here, one cheap query each, from the
// features that own them.
import { liveRowsByState } from "@/lib/batches/queries";
import { env } from "@/lib/env";
import { metricsAnswer } from "@/lib/metrics/scrape";
import { placesInUse } from "@/lib/momo/budget";
import { countQueue } from "@/lib/reconcile/queue";
import { reconcilePendingMinutes } from "@/lib/reconcile/actions";
import { publicRoute } from "@/lib/session/route";
import { deliveryBacklog } from "@/lib/webhooks/deliver";

export const dynamic = "force-dynamic";

export const GET = publicRoute({}, ({ req, db }) =>
  metricsAnswer(req, async () => {
    const [queue, bulkRows, webhookBacklog, budgetInUse] = await Promise.all([
      countQueue(db, reconcilePendingMinutes() * 60_000, { order: "oldest" }),
      liveRowsByState(db),
      deliveryBacklog(db),
      placesInUse(db),
    ]);
    return { reconcileQueue: queue.total, bulkRows, webhookBacklog, budgetInUse, budgetPlaces: env().MOMO_REQUESTS_PER_MINUTE };
  }),
);
