// Reconciliation as the member asking sees it: the queue's page, a check or a resolution by hand,
// each answered with the charge as they may see it.
import "server-only";
import { viewsOf } from "@/lib/charges";
import { env } from "@/lib/env";
import type { Asker } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import type { QueueFilters } from "./filters";
import { countQueue, queryQueue } from "./queue";
import type { Resolution } from "./schema";
import { checkByHand, resolveByHand } from "./settle";

export async function checkChargeByHand(ctx: Asker, id: string) {
  const { client, budget } = ctx.upstream();
  const { charge } = await checkByHand({ db: ctx.db, upstream: client, budget }, id, ctx.member);
  return charge ? (await viewsOf(ctx.db, [charge], ctx.member))[0] : null;
}

export async function resolveChargeByHand({ db, member }: Asker, id: string, resolution: Resolution) {
  return (
    await viewsOf(db, [await resolveByHand(db, id, member, resolution, { pendingMs: reconcilePendingMinutes() * 60_000 })], member)
  )[0];
}

/** One page of the reconciliation queue, its counts, and the threshold that defines "pending too long". */
export async function reconcileQueue({ db, member }: Asker, filters: QueueFilters, page: { after?: string; before?: string }) {
  const minutes = reconcilePendingMinutes();
  const [{ rows, next, prev }, counts] = await Promise.all([
    queryQueue(db, minutes * 60_000, filters, page),
    countQueue(db, minutes * 60_000, filters),
  ]);
  return { charges: await viewsOf(db, rows, member), next, prev, ...counts };
}

/** After how many minutes a pending charge joins the reconciliation queue (RECONCILE_PENDING_MINUTES). */
export function reconcilePendingMinutes(): number {
  return env().RECONCILE_PENDING_MINUTES;
}

/** Whether a charge is in the reconciliation queue now: unknown, or pending past the threshold (./queue.ts, inQueue, in SQL). */
export function isInQueue(charge: { status: string; createdAt: string }, pendingMinutes: number, now = Date.now()): boolean {
  return charge.status === "unknown" || (charge.status === "pending" && now - Date.parse(charge.createdAt) > pendingMinutes * 60_000);
}

/** How many charges wait in the reconciliation queue (the home page's count). */
export async function queueSize(db: Db): Promise<number> {
  return (await countQueue(db, reconcilePendingMinutes() * 60_000, { order: "oldest" })).total;
}
