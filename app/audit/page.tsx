import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { AuditChainCaption, type ChainCaption } from "@/components/audit/chain-caption";
import { AuditFiltersForm } from "@/components/audit/filters-form";
import { FilterProblems } from "@/components/ui/filter-problems";
import { DateTime } from "@/components/ui/time-zone";
import { Card, PageTitle } from "@/components/ui/card";
import { EmptyValue } from "@/components/ui/empty-value";
import { chainStatus } from "@/lib/audit/chain-status";
import { AUDIT_FILTER_KEYS, auditFiltersToParams, paramOf, parseAuditFilters } from "@/lib/audit/filters";
import { AUDIT_PAGE_SIZE, listAudit } from "@/lib/audit/entries";
import { AUDIT_LABELS } from "@/lib/audit/actions";
import { describeAudit } from "@/lib/audit/describe";
import { requirePage } from "@/lib/session/guards";
import { listMembers } from "@/lib/team/members";
import { currentBusiness } from "@/lib/business/current";
import { formatDay } from "@/lib/day";

export const metadata: Metadata = { title: "Audit log" };

type Params = Record<string, string | string[] | undefined>;
const FILTER_LABELS = { member: "Member", action: "Event", from: "From", to: "To" };
const ACTIONS = Object.entries(AUDIT_LABELS).sort((a, b) => a[1].localeCompare(b[1]));

export default async function AuditPage({ searchParams }: { searchParams: Promise<Params> }) {
  const { db } = await requirePage("audit:read", "/audit");
  const params = await searchParams;
  const { filters, problems } = parseAuditFilters(params);
  const cursor = Number(paramOf(params, "before"));
  const { timeZone } = await currentBusiness();
  const [events, members, status] = await Promise.all([
    listAudit(db, { filters, timeZone, before: Number.isSafeInteger(cursor) && cursor > 0 ? cursor : undefined }),
    listMembers(db),
    chainStatus(db),
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
      <PageTitle description={`Sign-ins, team and business changes, charges and exports, newest first; days in ${timeZone}.`}>
        Audit log
      </PageTitle>
      <AuditChainCaption chain={chain} />
      <AuditFiltersForm
        values={values}
        problems={problems}
        active={query.size}
        members={members.map((m) => [m.id, m.name])}
        actions={ACTIONS}
        exportHref={Object.keys(problems).length ? null : `/api/audit/export?${query}`}
      />
      <FilterProblems problems={problems} labels={FILTER_LABELS} />
      {events.length === 0 ? (
        <Card>
          <p className="text-ink-muted">{query.size ? "No entries match these filters." : "Nothing recorded yet."}</p>
        </Card>
      ) : (
        <ol className="divide-y divide-line rounded-card border border-line bg-surface shadow-card">
          {events.map((e) => {
            const { label, details, link } = describeAudit(e, (id) => names.get(id));
            return (
              <li key={e.id} data-testid="audit-row" className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_12rem_1fr]">
                <DateTime iso={e.at.toISOString()} className="text-ink-muted" />
                <span className="font-medium">{label}</span>
                <span className="min-w-0 break-words text-ink-muted">
                  {e.actorEmail ?? <EmptyValue />}
                  {e.ip ? ` · from ${e.ip}` : ""}
                  {details.length || link ? (
                    <span className="block text-xs">
                      {details.join(" · ")}
                      {link ? (
                        <>
                          {details.length ? " · " : ""}
                          <Link href={link.href} className="font-medium text-link underline">
                            {link.label}
                          </Link>
                        </>
                      ) : null}
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <nav aria-label="Pages" className="mt-4 flex justify-between text-sm">
        {paramOf(params, "before") ? (
          <Link href={`/audit?${query}`} className="font-medium text-link underline">
            ← Newest
          </Link>
        ) : (
          <span />
        )}
        {events.length === AUDIT_PAGE_SIZE ? (
          <Link
            href={`/audit?${new URLSearchParams({ ...Object.fromEntries(query), before: String(events[events.length - 1].id) })}`}
            className="font-medium text-link underline"
          >
            Older entries →
          </Link>
        ) : null}
      </nav>
    </>
  );
}
