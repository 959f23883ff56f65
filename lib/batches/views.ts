// Batches as the member asking sees them: counts, who did what, what they may do next, and rows
// with numbers masked as they may see them (lib/access/phone-visibility.ts).
import "server-only";
import { inArray } from "drizzle-orm";
import { decodeCursor, pageOf } from "@/lib/cursor";
import type { Db } from "@/lib/db/open";
import { user, type Batch, type BatchStatus } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { maskPhone } from "@/lib/market/phone-mask";
import { batchAllowance, WINDOW_MS } from "@/lib/momo/budget";
import { canSeeWholePhone, can } from "@/lib/access";
import type { Asker, Member } from "@/lib/access/types";
import { mayApprove, mayControl } from "./may";
import {
  BATCH_PAGE_SIZE,
  batchCounts,
  batchDuplicates,
  batchRowsPage,
  findBatchRows,
  getBatch,
  listBatches,
  type BatchRowWithCharge,
} from "./queries";
import type { BatchCountsView, BatchDuplicateView, BatchRowView, BatchView } from "./view";

export async function batchView({ db, member: viewer }: Asker, id: string): Promise<BatchView | null> {
  const batch = await getBatch(db, id);
  return batch ? viewOf(db, batch, viewer) : null;
}

/** A page of batches, newest first, after the cursor `before` (one that is not a cursor: the first page). */
export async function batchesPage({ db, member: viewer }: Asker, before?: string, status?: BatchStatus) {
  const { rows, next } = pageOf(
    await listBatches(db, before ? (decodeCursor(before) ?? undefined) : undefined, BATCH_PAGE_SIZE + 1, status),
    BATCH_PAGE_SIZE,
  );
  return { batches: await Promise.all(rows.map((b) => viewOf(db, b, viewer))), next };
}

/** Batches whose label holds `q` (the search box's), as `viewer` sees them. */
export async function findBatches({ db, member: viewer }: Asker, q: string, limit: number): Promise<BatchView[]> {
  return Promise.all((await findBatchRows(db, q, limit)).map((b) => viewOf(db, b, viewer)));
}

export async function batchRowsView({ db, member: viewer }: Asker, id: string, after = 0): Promise<BatchRowView[]> {
  const batch = await getBatch(db, id);
  if (!batch) return [];
  return (await batchRowsPage(db, id, after)).map((r) => rowView(r, batch, viewer));
}

export async function batchDuplicatesView({ db, member: viewer }: Asker, id: string): Promise<BatchDuplicateView[]> {
  const batch = await getBatch(db, id);
  if (!batch) return [];
  const whole = canSeeWholePhone(viewer, { createdBy: batch.createdBy });
  return (await batchDuplicates(db, id, env().DUPLICATE_WINDOW_MINUTES)).map((d) => ({
    rowNumber: d.rowNumber,
    phoneNumber: whole ? d.phoneNumber : maskPhone(d.phoneNumber),
    amountMinor: d.amountMinor,
    currency: d.currency,
    sameAsRow: d.kind === "in_batch" ? d.sameAs : null,
    charge: d.kind === "recent" ? { id: d.charge.chargeId, status: d.charge.status, createdAt: d.charge.createdAt.toISOString() } : null,
  }));
}

export function rowView(r: BatchRowWithCharge, batch: Batch, viewer: Member): BatchRowView {
  const whole = canSeeWholePhone(viewer, { createdBy: batch.createdBy });
  return {
    rowNumber: r.rowNumber,
    phoneNumber: whole ? r.phoneNumber : maskPhone(r.phoneNumber),
    amountMinor: r.amountMinor,
    currency: r.currency,
    provider: r.provider,
    description: r.description,
    customerReference: r.customerReference,
    state: r.state,
    charge: r.charge ? { id: r.charge.id, status: r.charge.status, reference: r.charge.reference } : null,
  };
}

export async function viewOf(db: Db, b: Batch, viewer: Member): Promise<BatchView> {
  const ids = [b.createdBy, b.decidedBy, b.changedBy].filter((x): x is string => !!x);
  const [counts, members, approval] = await Promise.all([
    batchCounts(db, b.id),
    db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids)),
    b.status === "awaiting_approval" && can(viewer.role, "batch:approve") ? mayApprove(db, viewer, b.createdBy) : null,
  ]);
  const who = (id: string | null) => (id ? (members.find((m) => m.id === id) ?? { id, name: "Former member" }) : null);
  const e = env();
  const rowsPerMinute = Math.floor(
    (batchAllowance({ limit: e.MOMO_REQUESTS_PER_MINUTE, batchShare: e.BATCH_BUDGET_SHARE }) * 60_000) / WINDOW_MS,
  );
  const controls = mayControl(viewer, b) && can(viewer.role, "batch:create");
  return {
    id: b.id,
    label: b.label,
    status: b.status,
    rowCount: b.rowCount,
    totals: b.totals,
    createdBy: who(b.createdBy),
    createdAt: b.createdAt.toISOString(),
    decidedBy: who(b.decidedBy),
    decidedAt: b.decidedAt?.toISOString() ?? null,
    changedBy: who(b.changedBy),
    changedAt: b.changedAt?.toISOString() ?? null,
    finishedAt: b.finishedAt?.toISOString() ?? null,
    counts: counts satisfies BatchCountsView,
    finishEstimate: b.status === "running" ? finishEstimate(counts, rowsPerMinute) : null,
    rowsPerMinute,
    may: {
      approve: b.status === "awaiting_approval" && !!approval?.ok,
      reject: b.status === "awaiting_approval" && can(viewer.role, "batch:approve"),
      pause: b.status === "running" && controls,
      resume: b.status === "paused" && controls,
      cancel: ["running", "paused", "awaiting_approval"].includes(b.status) && controls,
    },
    approvalBlocked: approval && !approval.ok ? approval.why : null,
  };
}

/** When the rows left will have gone, at the batches' share of each minute. */
function finishEstimate(c: BatchCountsView, rowsPerMinute: number): string {
  const left = c.queued + c.sending;
  return new Date(Date.now() + Math.ceil((left / Math.max(1, rowsPerMinute)) * 60_000)).toISOString();
}
