// Every metric's name, meaning and labels, in one place (Prometheus's conventions: the momo_
// prefix, _total for a counter, _seconds for a duration). Each label's values are a closed set
// listed here: an outcome, a network, an operation, a kind. Never a phone number, a description,
// an email address or an id: each would be personal data in the metrics store, and a new series
// per value (docs/decisions/metrics.md).
import { PROVIDER_IDS } from "@/lib/market/networks";
import { BATCH_ROW_STATES } from "@/lib/db/schema";

/** What a value outside a label's set is counted as: a label never carries what it was given. */
export const OTHER = "other";

const NETWORKS = [...PROVIDER_IDS, OTHER] as const;
const OPERATIONS = ["charge", "status", "user"] as const;

/** A metric's labels, each with its closed set of values. */
type Labels = Record<string, readonly string[]>;
export type Spec = { name: string; help: string; labels: Labels };

export const COUNTERS = {
  charges: {
    name: "momo_charges_total",
    help: "Charges whose outcome the ledger recorded as final (success, failed) or unknown, by network.",
    labels: { outcome: ["success", "failed", "unknown"], network: NETWORKS },
  },
  upstreamErrors: {
    name: "momo_upstream_errors_total",
    help: "Upstream calls without a usable answer, by operation and kind.",
    labels: { operation: OPERATIONS, kind: ["timeout", "network", "5xx", "429", "bad_answer"] },
  },
  budgetRefusals: {
    name: "momo_budget_refusals_total",
    help: "Requests the outbound budget refused after waiting (nothing was sent): this minute's places used, or paused.",
    labels: { reason: ["full", "paused"] },
  },
  pauses: {
    name: "momo_upstream_pauses_total",
    help: "Times an upstream 429 paused the outbound budget.",
    labels: {},
  },
  webhookDeliveries: {
    name: "momo_webhook_deliveries_total",
    help: "Scheduled webhook delivery attempts, by what came of them.",
    labels: { outcome: ["delivered", "retry", "failed"] },
  },
  emails: {
    name: "momo_emails_total",
    help: "Email messages the SMTP server took (sent) or refused (failed).",
    labels: { outcome: ["sent", "failed"] },
  },
  signInFailures: {
    name: "momo_sign_in_failures_total",
    help: "Wrong passwords and codes (signing in, re-authenticating, changing the password).",
    labels: {},
  },
  signInThrottled: {
    name: "momo_sign_in_throttled_total",
    help: "Password and code attempts the sign-in throttle refused unchecked.",
    labels: {},
  },
} as const satisfies Record<string, Spec>;

export const HISTOGRAMS = {
  upstreamDuration: {
    name: "momo_upstream_request_duration_seconds",
    help: "How long the upstream took to answer or to fail, by operation.",
    labels: { operation: OPERATIONS },
    // The client's timeout is 15 s unless MOMO_TIMEOUT_MS says otherwise.
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30],
  },
} as const satisfies Record<string, Spec & { buckets: readonly number[] }>;

/** Read from the database at each scrape (./scrape.ts): every instance reports the same figures. */
export const GAUGES = {
  reconcileQueue: {
    name: "momo_reconcile_queue_size",
    help: "Charges in the reconciliation queue: unknown, or pending past RECONCILE_PENDING_MINUTES.",
    labels: {},
  },
  bulkRows: {
    name: "momo_bulk_rows",
    help: "Rows of running or paused bulk batches, by state.",
    labels: { state: BATCH_ROW_STATES },
  },
  webhookBacklog: {
    name: "momo_webhook_backlog",
    help: "Webhook deliveries still to be sent (pending).",
    labels: {},
  },
  budgetInUse: {
    name: "momo_budget_places_in_use",
    help: "Places of the outbound budget used in the last minute.",
    labels: {},
  },
  budgetPlaces: {
    name: "momo_budget_places",
    help: "Places in the outbound budget per minute (MOMO_REQUESTS_PER_MINUTE).",
    labels: {},
  },
} as const satisfies Record<string, Spec>;

/** Every metric of ours, for the test that holds each label to its set. */
export const ALL_SPECS: Spec[] = [...Object.values(COUNTERS), ...Object.values(HISTOGRAMS), ...Object.values(GAUGES)];
