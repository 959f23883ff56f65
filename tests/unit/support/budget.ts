// The outbound budget of one test key on the test database, for the budget tests.
import { createBudget } from "@/lib/momo/budget";
import type { Db } from "@/lib/db/open";

export const KEY = "sk_test_budget_0123456789";

/** `budget(limit, maxWaitMs, apiKey)`: a budget on this database, for KEY unless told. */
export function budgetOn(db: () => Db) {
  return (limit: number, maxWaitMs = 0, apiKey = KEY) => createBudget(db(), apiKey, { limit, maxWaitMs });
}
