// The audit log page's decisions (pages/audit/index.tsx and components/audit/audit-content.tsx only
// render them): the filters as read, the chain's check, the rows in words (an entry as
// describeAudit says it, a bulk batch's charges as one row linking to each), the batch the log is
// narrowed to, the export's address while every filter is valid, and the pager's links.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { AUDIT_LABELS } from "@/lib/audit";
import { batchView } from "@/lib/batches";
import { currentBusiness } from "@/lib/business";
import type { FormOutcome } from "@/lib/layout/types";
import { type SentBack, viewsAction, viewsBar } from "@/lib/saved-views";
import { listMembers } from "@/lib/team";
import { chainStatus } from "./chain-status";
import { describeAudit } from "./describe";
import { AUDIT_FILTER_KEYS, auditFiltersToParams, paramOf, parseAuditFilters } from "./filters";
import { AUDIT_PAGE_SIZE } from "./queries";
import { type AuditViewRow, describeBatchGroup, listAuditView } from "./view";
import { auditViews } from "./views-page";

type Params = Record<string, string | string[] | undefined>;
const ACTIONS = Object.entries(AUDIT_LABELS).sort((a, b) => a[1].localeCompare(b[1]));

/** `sent`: the "Views" bar's form sent back to the page (what to fix, or why it was not done). */
export async function auditPageView(ctx: Asker, params: Params, sent?: SentBack) {
  const { db } = ctx;
  const { filters, problems } = parseAuditFilters(params);
  const cursor = Number(paramOf(params, "before"));
  const { timeZone } = await currentBusiness();
  const [rows, members, status, batch, views] = await Promise.all([
    listAuditView(db, { filters, timeZone, before: Number.isSafeInteger(cursor) && cursor > 0 ? cursor : undefined }),
    listMembers(db),
    chainStatus(db),
    filters.batch ? batchView(ctx, filters.batch) : null,
    viewsBar(ctx, auditViews, params, sent),
  ]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const query = auditFiltersToParams(filters);
  // The fields show what was typed; a day that was read is shown as the calendar's field holds it (ISO).
  const values: Record<string, string | undefined> = Object.fromEntries(AUDIT_FILTER_KEYS.map((k) => [k, paramOf(params, k)]));
  if (filters.from) values.from = filters.from;
  if (filters.to) values.to = filters.to;
  const signatures = {
    signedBy: status.signatures.keyId,
    chainedOnly: status.signatures.chainedOnly,
    firstSignedId: status.signatures.firstSignedId,
  };
  return {
    timeZone,
    chain: status.ok
      ? { ok: true as const, checked: status.checked, head: status.head, checkedAt: status.checkedAt.toISOString(), ...signatures }
      : {
          ok: false as const,
          message: status.broken.message,
          verifiedUpTo: status.verifiedUpTo,
          checkedAt: status.checkedAt.toISOString(),
          ...signatures,
        },
    form: {
      values,
      problems,
      active: query.size,
      members: members.map((m) => [m.id, m.name] as [string, string]),
      actions: ACTIONS,
      exportHref: Object.keys(problems).length ? null : `/api/audit/export?${query}`,
    },
    problems,
    views,
    filtered: query.size > 0,
    batch: filters.batch
      ? { href: `/batches/${filters.batch}`, label: batch?.label ?? null, wholeLog: `/audit?${withBatch(query, null)}` }
      : null,
    rows: rows.map((r) => ({ id: r.event.id, batch: !!r.batch, row: rowView(r, (id) => names.get(id), query) })),
    // The log pages on its entries' ids, as GET /api/audit?before= does (a number, not lib/cursor.ts).
    newest: paramOf(params, "before") ? `/audit?${query}` : null,
    older:
      rows.length === AUDIT_PAGE_SIZE
        ? `/audit?${new URLSearchParams({ ...Object.fromEntries(query), before: String(rows[rows.length - 1].event.id) })}`
        : null,
  };
}

/** The page's forms (the "Views" bar's), sent: back to the page, or the page again with what to fix. */
export async function auditPageAction(ctx: Asker, form: URLSearchParams | null, url: string): Promise<FormOutcome<AuditPageView>> {
  const done = await viewsAction(ctx, auditViews, form, url);
  if (!("status" in done)) return done;
  return { status: done.status, view: await auditPageView(ctx, Object.fromEntries(done.params), done.sent) };
}

/** What the audit log page shows. */
export type AuditPageView = Awaited<ReturnType<typeof auditPageView>>;

/** The page's filters with this batch (or none). */
function withBatch(query: URLSearchParams, batchId: string | null): URLSearchParams {
  const next = new URLSearchParams(query);
  if (batchId) next.set("batch", batchId);
  else next.delete("batch");
  return next;
}

/** A row in words: an entry as describeAudit says it, or a batch's charges as one row linking to each. */
function rowView(r: AuditViewRow, memberName: (id: string) => string | undefined, query: URLSearchParams) {
  const e = r.event;
  const shown = { at: e.at.toISOString(), actorEmail: e.actorEmail, ip: e.ip };
  if (r.batch) {
    const { label, details } = describeBatchGroup(r.batch, e.detail?.approvedBy);
    const each = r.batch.count === 1 ? "Its entry" : `Its ${r.batch.count.toLocaleString("en")} entries, one by one`;
    return {
      ...shown,
      since: r.batch.firstAt.toISOString(),
      label,
      details,
      links: [
        { href: `/batches/${r.batch.batchId}`, label: "View batch" },
        { href: `/audit?${withBatch(query, r.batch.batchId)}`, label: each },
      ],
    };
  }
  const { label, details, link } = describeAudit(e, memberName);
  return { ...shown, label, details, links: link ? [link] : [] };
}
