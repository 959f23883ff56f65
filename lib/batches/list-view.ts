// The Bulk charges page's decisions (pages/batches/index.tsx and components/batches/batches-content.tsx
// only render them): every batch, newest first (25 a page), how far each has got, the next page's
// link, the business's zone for the times, and whether the member may prepare one.
import "server-only";
import { can } from "@/lib/access";
import type { Asker } from "@/lib/access/types";
import { currentBusiness } from "@/lib/business";
import { batchesPage } from "./views";

type Params = Record<string, string | string[] | undefined>;

export async function batchesListView(ctx: Asker, params: Params) {
  const before = typeof params.before === "string" ? params.before : undefined;
  const [{ batches, next }, { timeZone }] = await Promise.all([batchesPage(ctx, before), currentBusiness()]);
  return { batches, next: next ? `/batches?before=${next}` : null, timeZone, canCreate: can(ctx.member.role, "batch:create") };
}

/** What the Bulk charges page shows. */
export type BatchesListView = Awaited<ReturnType<typeof batchesListView>>;
