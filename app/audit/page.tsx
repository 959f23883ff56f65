import type { Metadata } from "next";
import { CursorNav } from "@/components/ui/cursor-nav";
import { TextLink } from "@/components/ui/link";
import { AuditChainCaption, type ChainCaption } from "@/components/audit/chain-caption";
import { AuditFiltersForm } from "@/components/audit/filters-form";
import { AuditRow, type AuditRowView } from "@/components/audit/audit-row";
import { FilterProblems } from "@/components/ui/filter-problems";
import { Card, PageTitle } from "@/components/ui/card";
import { chainStatus } from "@/lib/audit-log/chain-status";
import { AUDIT_FILTER_KEYS, auditFiltersToParams, paramOf, parseAuditFilters } from "@/lib/audit-log/filters";
import { AUDIT_PAGE_SIZE } from "@/lib/audit-log/queries";
import { type AuditViewRow, describeBatchGroup, listAuditView } from "@/lib/audit-log/view";
import { getBatch } from "@/lib/batches/queries";
import { AUDIT_LABELS } from "@/lib/audit/actions";
import { describeAudit } from "@/lib/audit-log/describe";
import { requirePage } from "@/lib/session/guards";
import { listMembers } from "@/lib/team/members";
import { currentBusiness } from "@/lib/business/current";
import { formatDay } from "@/lib/day";

export const metadata: Metadata = { title: "Audit log" };

type Params = Record<string, string | string[] | undefined>;
const FILTER_LABELS = { member: "Member", action: "Event", from: "From", to: "To", batch: "Bulk batch" };
const ACTIONS = Object.entries(AUDIT_LABELS).sort((a, b) => a[1].localeCompare(b[1]));

export default async function AuditPage({ searchParams }: { searchParams: Promise<Params> }) {
  const { db } = await requirePage("audit:read", "/audit");
  const params = await searchParams;
  const { filters, problems } = parseAuditFilters(params);
  const cursor = Number(paramOf(params, "before"));
  const { timeZone } = await currentBusiness();
  const [rows, members, status, batch] = await Promise.all([
    listAuditView(db, { filters, timeZone, before: Number.isSafeInteger(cursor) && cursor > 0 ? cursor : undefined }),
    listMembers(db),
    chainStatus(db),
    filters.batch ? getBatch(db, filters.batch) : null,
  ]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const query = auditFiltersToParams(filters);
  // The fields show what was typed; a day that was read is shown as the app writes days.
  const values: Record<string, string | undefined> = Object.fromEntries(AUDIT_FILTER_KEYS.map((k) => [k, paramOf(params, k)]));
  if (filters.from) values.from = formatDay(filters.from);
  if (filters.to) values.to = formatDay(filters.to);
  const signatures = {
    signedBy: status.signatures.keyId,
    chainedOnly: status.signatures.chainedOnly,
    firstSignedId: status.signatures.firstSignedId,
  };
  const chain: ChainCaption = status.ok
    ? { ok: true, checked: status.checked, head: status.head, checkedAt: status.checkedAt.toISOString(), ...signatures }
    : {
        ok: false,
        message: status.broken.message,
        verifiedUpTo: status.verifiedUpTo,
        checkedAt: status.checkedAt.toISOString(),
        ...signatures,
      };

  return (
    <>
      <PageTitle
        description={`Sign-ins, team and business changes, charges and exports, newest first; days in ${timeZone}. A bulk batch's charges are one row here; the CSV export has a line for every entry.`}
      >
        Audit log
      </PageTitle>
      <AuditChainCaption chain={chain} zone={timeZone} />
      <AuditFiltersForm
        values={values}
        problems={problems}
        active={query.size}
        members={members.map((m) => [m.id, m.name])}
        actions={ACTIONS}
        exportHref={Object.keys(problems).length ? null : `/api/audit/export?${query}`}
      />
      <FilterProblems problems={problems} labels={FILTER_LABELS} />
      {filters.batch ? (
        <p data-testid="audit-batch" className="mb-4 text-sm text-ink-muted">
          Each charge bulk batch {batch ? `“${batch.label}”` : "(no longer listed)"} created, one entry each.{" "}
          <TextLink tap href={`/batches/${filters.batch}`}>
            View batch
          </TextLink>{" "}
          ·{" "}
          <TextLink tap href={`/audit?${withBatch(query, null)}`}>
            The whole log
          </TextLink>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <Card>
          <p className="text-ink-muted">{query.size ? "No entries match these filters." : "Nothing recorded yet."}</p>
        </Card>
      ) : (
        <Card as="ol" flush className="divide-y divide-line">
          {rows.map((r) => (
            <AuditRow key={r.event.id} row={rowView(r, (id) => names.get(id), query)} batch={!!r.batch} zone={timeZone} />
          ))}
        </Card>
      )}
      {/* The log pages on its entries' ids, as GET /api/audit?before= does (a number, not lib/cursor.ts). */}
      <CursorNav
        back={paramOf(params, "before") ? `/audit?${query}` : null}
        on={
          rows.length === AUDIT_PAGE_SIZE
            ? `/audit?${new URLSearchParams({ ...Object.fromEntries(query), before: String(rows[rows.length - 1].event.id) })}`
            : null
        }
        backLabel="← Newest"
        onLabel="Older entries →"
      />
    </>
  );
}

/** The page's filters with this batch (or none). */
function withBatch(query: URLSearchParams, batchId: string | null): URLSearchParams {
  const next = new URLSearchParams(query);
  if (batchId) next.set("batch", batchId);
  else next.delete("batch");
  return next;
}

/** A row in words: an entry as describeAudit says it, or a batch's charges as one row linking to each. */
function rowView(r: AuditViewRow, memberName: (id: string) => string | undefined, query: URLSearchParams): AuditRowView {
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
