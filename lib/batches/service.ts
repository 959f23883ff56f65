// The bulk-charge use cases wired to this process's database, queue and budget, as route
// handlers and pages call them; numbers leave here masked as the member asking may see them.
import "server-only";
import { stringify } from "csv-stringify/sync";
import { inArray } from "drizzle-orm";
import { canSeeWholePhone } from "@/lib/team/phone-visibility";
import { can } from "@/lib/team/roles";
import type { Member } from "@/lib/team/types";
import { getDb, getOpenedDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import { user, type Batch } from "@/lib/db/schema";
import { neutralizeCell } from "@/lib/history/export";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { maskPhone } from "@/lib/market/phone-mask";
import { providerLabel } from "@/lib/market/networks";
import { statusLabel } from "@/lib/market/statuses";
import { minorToDecimal } from "@/lib/money";
import { batchAllowance, WINDOW_MS } from "@/lib/momo/budget";
import {
  allBatchRows,
  batchCounts,
  batchDuplicates,
  batchRowsPage,
  type BatchControl,
  controlBatch,
  createBatch,
  decideBatch,
  getBatch,
  listBatches,
  mayApprove,
  mayControl,
  type BatchRowWithCharge,
} from "./queries";
import { queueBatch } from "./queue";
import { checkBatchRow, newBatchSchema, type BatchRowInput } from "./schema";
import type { BatchCountsView, BatchDuplicateView, BatchRowView, BatchView } from "./view";

/** A refused file names at most this many cells: enough to fix from, not a 10,000-entry answer. */
const MAX_PROBLEMS_NAMED = 100;

/** POST /api/batches: every row checked again as the preview did; one bad row refuses the batch. */
export async function prepareBatch(body: unknown, maker: Member): Promise<BatchView> {
  const { label, rows } = newBatchSchema.parse(body);
  const fields: Record<string, string> = {};
  let bad = 0;
  const ready: BatchRowInput[] = [];
  for (const [i, text] of rows.entries()) {
    const checked = checkBatchRow(text);
    if (checked.ok) {
      ready.push(checked.row);
      continue;
    }
    bad++;
    for (const [column, message] of Object.entries(checked.problems)) {
      if (Object.keys(fields).length < MAX_PROBLEMS_NAMED) fields[`rows.${i}.${column}`] = message;
    }
  }
  if (bad > 0) {
    throw new AppError("invalid_rows", `${bad} ${bad === 1 ? "row needs" : "rows need"} attention; nothing was saved.`, { fields: fields });
  }
  const db = await getDb();
  return viewOf(db, await createBatch(db, label, ready, maker), maker);
}

export async function batchView(id: string, viewer: Member): Promise<BatchView | null> {
  const db = await getDb();
  const batch = await getBatch(db, id);
  return batch ? viewOf(db, batch, viewer) : null;
}

export async function batchesPage(viewer: Member, before?: { createdAt: Date; id: string }) {
  const db = await getDb();
  const page = await listBatches(db, before);
  return Promise.all(page.map((b) => viewOf(db, b, viewer)));
}

export async function batchRowsView(id: string, viewer: Member, after = 0): Promise<BatchRowView[]> {
  const db = await getDb();
  const batch = await getBatch(db, id);
  if (!batch) return [];
  return (await batchRowsPage(db, id, after)).map((r) => rowView(r, batch, viewer));
}

export async function batchDuplicatesView(id: string, viewer: Member): Promise<BatchDuplicateView[]> {
  const db = await getDb();
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

/** Approve (the rows are queued at once) or reject. */
export async function decide(id: string, member: Member, decision: { approve: boolean; acknowledgeDuplicates: boolean }) {
  const db = await getDb();
  const batch = await decideBatch(db, id, member, decision, env().DUPLICATE_WINDOW_MINUTES);
  if (batch.status === "running") await queueBatch(await getOpenedDb(), id);
  return viewOf(db, batch, member);
}

export async function control(id: string, member: Member, action: BatchControl) {
  const db = await getDb();
  const batch = await controlBatch(db, id, member, action);
  if (batch.status === "running") await queueBatch(await getOpenedDb(), id);
  return viewOf(db, batch, member);
}

/** The results file: one line per row, in file order, with its outcome and its charge. */
export async function batchResultsCsv(id: string, viewer: Member): Promise<{ name: string; body: string } | null> {
  const db = await getDb();
  const batch = await getBatch(db, id);
  if (!batch) return null;
  const records = (await allBatchRows(db, id)).map((r) => {
    const v = rowView(r, batch, viewer);
    return {
      row: v.rowNumber,
      phone: v.phoneNumber,
      amount: minorToDecimal(v.amountMinor, v.currency),
      currency: v.currency,
      network: providerLabel(v.provider),
      description: v.description,
      customer_reference: v.customerReference ?? "",
      row_state: v.state,
      status: v.charge ? statusLabel(v.charge.status) : "",
      reference: v.charge?.reference ?? "",
      charge_id: v.charge?.id ?? "",
    };
  });
  const body = stringify(records, {
    header: true,
    columns: [
      "row",
      "phone",
      "amount",
      "currency",
      "network",
      "description",
      "customer_reference",
      "row_state",
      "status",
      "reference",
      "charge_id",
    ],
    bom: true,
    record_delimiter: "\r\n",
    quoted_string: true,
    // A cell a spreadsheet would run as a formula starts with a quote instead (CSV injection).
    cast: { string: neutralizeCell },
  });
  return { name: `batch-${id.slice(0, 8)}-results.csv`, body };
}

function rowView(r: BatchRowWithCharge, batch: Batch, viewer: Member): BatchRowView {
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

async function viewOf(db: Db, b: Batch, viewer: Member): Promise<BatchView> {
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
