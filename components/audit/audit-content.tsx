// The audit log page's content (pages/audit/index.tsx serves it without the framework's runtime,
// in components/layout/staff-frame.tsx): what lib/audit-log/audit-page.ts decided, as server HTML.
// The filters are a GET form, the pager and the batch's links links.
import { CursorNav } from "@/components/ui/cursor-nav";
import { TextLink } from "@/components/ui/link";
import { AuditChainCaption } from "@/components/audit/chain-caption";
import { AuditFiltersForm } from "@/components/audit/filters-form";
import { AuditRow } from "@/components/audit/audit-row";
import { FilterProblems } from "@/components/ui/filter-problems";
import { ViewsBar } from "@/components/saved-views/views-bar";
import { Card, PageTitle } from "@/components/ui/card";
import type { AuditPageView } from "@/lib/audit-log/types";

const FILTER_LABELS = { member: "Member", action: "Event", from: "From", to: "To", batch: "Bulk batch" };

export function AuditContent({ view: v }: { view: AuditPageView }) {
  return (
    <>
      <PageTitle
        description={`Sign-ins, team and business changes, charges and exports, newest first; days in ${v.timeZone}. A bulk batch's charges are one row here; the CSV export has a line for every entry.`}
      >
        Audit log
      </PageTitle>
      <AuditChainCaption chain={v.chain} zone={v.timeZone} />
      <AuditFiltersForm {...v.form} />
      <ViewsBar bar={v.views} />
      <FilterProblems problems={v.problems} labels={FILTER_LABELS} />
      {v.batch ? (
        <p data-testid="audit-batch" className="mb-4 text-sm text-ink-muted">
          Each charge bulk batch {v.batch.label !== null ? `“${v.batch.label}”` : "(no longer listed)"} created, one entry each.{" "}
          <TextLink tap href={v.batch.href}>
            View batch
          </TextLink>{" "}
          ·{" "}
          <TextLink tap href={v.batch.wholeLog}>
            The whole log
          </TextLink>
        </p>
      ) : null}
      {v.rows.length === 0 ? (
        <Card>
          <p className="text-ink-muted">{v.filtered ? "No entries match these filters." : "Nothing recorded yet."}</p>
        </Card>
      ) : (
        <Card as="ol" flush className="divide-y divide-line">
          {v.rows.map((r) => (
            <AuditRow key={r.id} row={r.row} batch={r.batch} zone={v.timeZone} />
          ))}
        </Card>
      )}
      <CursorNav back={v.newest} on={v.older} backLabel="← Newest" onLabel="Older entries →" />
    </>
  );
}
