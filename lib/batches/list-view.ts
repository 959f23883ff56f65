// The Bulk charges page's decisions (pages/batches/index.tsx and components/batches/batches-content.tsx
// only render them): every batch, newest first (25 a page), how far each has got, the next page's
// link, the business's zone for the times, and whether the member may prepare one.
import "server-only";
import { can } from "@/lib/access";
import type { Asker } from "@/lib/access/types";
import { currentBusiness } from "@/lib/business";
import { BATCH_STATUSES } from "@/lib/db/schema";
import { batchesPage } from "./views";

type Params = Record<string, string | string[] | undefined>;

export async function batchesListView(ctx: Asker, params: Params) {
  const before = typeof params.before === "string" ? params.before : undefined;
  // A status that is not one shows every batch, as a stale link would: more, never fewer.
  const status = BATCH_STATUSES.find((s) => s === params.status);
  const [{ batches, next }, { timeZone }] = await Promise.all([batchesPage(ctx, before, status), currentBusiness()]);
  const link = (extra: Record<string, string>) => `/batches?${new URLSearchParams({ ...(status ? { status } : {}), ...extra })}`;
  return {
    batches,
    status: status ?? null,
    next: next ? link({ before: next }) : null,
    timeZone,
    canCreate: can(ctx.member.role, "batch:create"),
  };
}

/** What the Bulk charges page shows. */
export type BatchesListView = Awaited<ReturnType<typeof batchesListView>>;
