// The configured upstream as the app uses it: the client and the key's outbound budget, which
// every caller takes together so that no request goes out without its place in the budget.
import "server-only";
import type { Db } from "@/lib/db/open";
import { env } from "@/lib/env";
import { upstreamConfig } from "./config";
import { createBudget } from "./budget";
import { createMomoClient } from "./client";

export type Upstream = ReturnType<typeof upstream>;

export function upstream(db: Db) {
  const config = upstreamConfig();
  const e = env();
  return {
    client: createMomoClient(config),
    budget: createBudget(db, config.apiKey, {
      limit: e.MOMO_REQUESTS_PER_MINUTE,
      maxWaitMs: e.MOMO_BUDGET_MAX_WAIT_MS,
      batchShare: e.BATCH_BUDGET_SHARE,
      requestShare: e.PAYMENT_REQUEST_BUDGET_SHARE,
    }),
  };
}
